import { type PublicHostPolicy, publicHostnameFor } from '../http/public-origin.ts';

/**
 * The object store's base URL as uploaders and image redirects should see it
 * (`uploadAddress.Endpoint`, the Location of `/image-files/…`): `OSS_PUBLIC_URL` when set, else
 * the host the API request came to on the store's own port — but only a host that may appear in
 * an address we hand out (this machine, PUBLIC_URL's, PUBLIC_HOSTS); any other Host header is
 * replaced by PUBLIC_URL's host or this machine's LAN address.
 */
export function objectStorePublicUrl(
  config: { ossPublicUrl: string | undefined; ossPort: number } & PublicHostPolicy,
  request: { protocol: string; host: string },
  listeningPort = config.ossPort,
): string {
  if (config.ossPublicUrl) return config.ossPublicUrl;
  return `${request.protocol}://${publicHostnameFor(config, request.host)}:${listeningPort}`;
}
