/**
 * Whether a request was sent by a page of the console's own origin, from its headers alone.
 *
 * A cookie goes along with every request its site makes, and "site" is coarse: the object store
 * on :3001 and the console on :3000 of one host are the same site, so `SameSite=Strict` lets a
 * page served by the store post to the console with the console's cookies. Only the origin
 * (scheme, host and port) tells them apart, and browsers say it in two headers:
 *
 * - `Sec-Fetch-Site` (every current browser): only `same-origin` (a page of the console) and
 *   `none` (the person typed or scanned the address) pass; `same-site` — the store's pages —
 *   and `cross-site` are refused.
 * - Without it (browsers before 2020–2023), `Origin`, which browsers send on every POST: it must
 *   name the host the request came to (or PUBLIC_URL's). `Origin: null` (a sandboxed page, a
 *   redirect chain through another site) is refused.
 * - Without either: allowed. A browser that could be driven to send a cookie-carrying POST from
 *   another page sends at least `Origin`, so a request with neither comes from a program (curl,
 *   a test), which holds no one else's cookie. The forms' per-page token still applies to it.
 */
export type CrossSiteRefusal = { header: 'sec-fetch-site' | 'origin'; value: string };

export interface RequestOriginFacts {
  /** The host the request came to (Host, or X-Forwarded-Host behind TRUST_PROXY). */
  host: string;
  headers: Record<string, string | string[] | undefined>;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Why the request is refused as cross-origin, or undefined when it may proceed. */
export function crossSiteRefusal(
  request: RequestOriginFacts,
  publicUrl: string | undefined,
): CrossSiteRefusal | undefined {
  const fetchSite = first(request.headers['sec-fetch-site'])?.trim().toLowerCase();
  if (fetchSite !== undefined) {
    return fetchSite === 'same-origin' || fetchSite === 'none'
      ? undefined
      : { header: 'sec-fetch-site', value: fetchSite };
  }
  const origin = first(request.headers.origin)?.trim();
  if (origin === undefined) return undefined;
  return isOwnOrigin(origin, request.host, publicUrl) ? undefined : { header: 'origin', value: origin };
}

/**
 * `Origin` names the host (and port) the request came to, or PUBLIC_URL's origin. The scheme is
 * not compared with the request's: behind a TLS proxy without TRUST_PROXY the server sees http
 * while the browser says https; the host and port are what separate the store from the console.
 */
function isOwnOrigin(origin: string, host: string, publicUrl: string | undefined): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false; // `null` and anything else that is no origin
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (publicUrl && parsed.origin === new URL(publicUrl).origin) return true;
  const defaultPort = parsed.protocol === 'https:' ? '443' : '80';
  const requestHost = host.trim().toLowerCase();
  const originHost = parsed.host.toLowerCase();
  return originHost === requestHost || `${originHost}:${defaultPort}` === requestHost;
}
