import { APP_TYPE_HEADER, AUTH_TOKEN_HEADER } from '@dc/contract';
import type { InternalAxiosRequestConfig } from 'axios';
import { readStoredToken } from '../stores/session.ts';
import { needsAppTypeHeader, normaliseUrl } from './url.ts';

/**
 * The per-send rules of spec section 7, run as the instance's request interceptor (so every
 * attempt of a retried call reads the token afresh and gets a fresh `_t`):
 * - the URL gets the base prefix;
 * - `authToken` when a token exists, session storage before local storage;
 * - `app-type: designer` on paths containing `v1/designer`;
 * - `_t` timestamp on GET;
 * - FormData goes as multipart (the browser adds the boundary), everything else as JSON.
 */
export function applyRequestRules(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const url = normaliseUrl(config.url ?? '');
  config.url = url;

  const token = readStoredToken();
  if (token) config.headers.set(AUTH_TOKEN_HEADER, token);
  if (needsAppTypeHeader(url)) config.headers.set(APP_TYPE_HEADER, 'designer');

  if ((config.method ?? 'get').toLowerCase() === 'get') config.params = withTimestamp(config.params);

  if (config.data instanceof FormData) config.headers.setContentType('multipart/form-data');
  return config;
}

function withTimestamp(params: unknown): unknown {
  const _t = Date.now();
  if (params instanceof URLSearchParams) {
    const copy = new URLSearchParams(params);
    copy.set('_t', String(_t));
    return copy;
  }
  return { ...(typeof params === 'object' && params !== null ? params : {}), _t };
}
