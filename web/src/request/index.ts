/**
 * The request layer: one axios instance implementing spec section 7 (request rules) and
 * section 8 (error catalogue). App code calls `request.get/post/…`; the React app installs its
 * toast, router and translations once with `configureRequest`.
 */
import { createHttp } from './http.ts';

export { configureRequest, type RequestDeps, resetRequestConfig } from './deps.ts';
export {
  ApiRequestError,
  type FormFieldError,
  fieldErrorsOf,
  isApiRequestError,
  isRequestCancelled,
  RequestCancelledError,
  RequestError,
  type RequestErrorKind,
} from './errors.ts';
export { type FailedRequest, isNoAnswerFailure } from './failed-request.ts';
export { LOGIN_PATH, loginRedirectPath, SESSION_FAILURE_QUIET_MS, STATUS_INFO_PATH } from './failures.ts';
export {
  type CallOptions,
  type CreateHttpOptions,
  createHttp,
  type HttpClient,
  type HttpMethod,
  preloadTransport,
  type RawResponse,
  type RequestConfig,
} from './http.ts';
export { type RequestMessageKey, requestMessageKeys, requestMessages } from './messages.ts';

/** The app's client. */
export const request = createHttp();
