import { API_PREFIX } from '@dc/contract';

const ABSOLUTE_URL = /^([a-z][a-z\d+.-]*:)?\/\//i;
const PREFIX_PATH = API_PREFIX.slice(1); // 'designerapi/v1'

/**
 * The base prefix is added automatically (spec section 7):
 * - `/designerapi/v1/fans` stays as it is;
 * - `designerapi/v1/login` (the spec's own spelling) becomes `/designerapi/v1/login`;
 * - any other path, `fans` or `/fans`, becomes `/designerapi/v1/fans`;
 * - absolute URLs (`https://…`, `//…`) are left alone.
 */
export function normaliseUrl(url: string): string {
  if (ABSOLUTE_URL.test(url)) return url;
  const path = url.replace(/^\/+/, '');
  if (path === PREFIX_PATH || path.startsWith(`${PREFIX_PATH}/`) || path.startsWith(`${PREFIX_PATH}?`)) {
    return `/${path}`;
  }
  return `${API_PREFIX}/${path}`;
}

const APP_TYPE_PATH = /v1\/designer/i;

/**
 * Spec section 7: "Requests to paths containing v1/designer carry an app-type header with value
 * designer". The rule is applied literally: the substring `v1/designer` (any case) in the URL.
 * Our prefix is `/designerapi/v1/…`, so `/designerapi/v1/designer-info` matches while
 * `/designerapi/v1/yiDesigner/…` does not.
 */
export function needsAppTypeHeader(url: string): boolean {
  return APP_TYPE_PATH.test(url);
}

/**
 * The identity of a request for duplicate cancellation (spec section 7, "same method and URL"):
 * the method and the full URL, query included, without the `_t` cache-buster.
 */
export function requestKey(method: string, url: string, params: unknown): string {
  const query = queryString(params);
  return `${method.toUpperCase()} ${normaliseUrl(url)}${query ? `?${query}` : ''}`;
}

function queryString(params: unknown): string {
  if (params instanceof URLSearchParams) {
    const copy = new URLSearchParams(params);
    copy.delete('_t');
    return copy.toString();
  }
  if (typeof params !== 'object' || params === null) return '';
  const entries = Object.entries(params).filter(([key, value]) => key !== '_t' && value !== undefined);
  return entries.length ? JSON.stringify(Object.fromEntries(entries)) : '';
}
