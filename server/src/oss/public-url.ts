/**
 * The object store's base URL as uploaders should see it (`uploadAddress.Endpoint`):
 * `OSS_PUBLIC_URL` when set, else the host the API request came to, on the store's own port.
 */
export function objectStorePublicUrl(
  config: { ossPublicUrl: string | undefined; ossPort: number },
  request: { protocol: string; host: string },
  listeningPort = config.ossPort,
): string {
  if (config.ossPublicUrl) return config.ossPublicUrl;
  const { hostname } = new URL(`${request.protocol}://${request.host}`);
  return `${request.protocol}://${hostname}:${listeningPort}`;
}
