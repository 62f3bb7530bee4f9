import { type Envelope, emptyListPage, isSuccessCode, type ListPage } from '@dc/contract';
import type { AxiosResponse } from 'axios';
import { ApiRequestError, isRequestCancelled, RequestCancelledError, RequestError } from './errors.ts';
import { type RequestMessageKey, requestMessageKeys } from './messages.ts';
import { isAxiosError, isNetworkError, isTimeoutError } from './transport-errors.ts';

type Translate = (key: RequestMessageKey) => string;

/** What a call resolves with: the raw axios response, or the envelope's `data`. */
export type Outcome = { kind: 'raw'; response: AxiosResponse } | { kind: 'data'; data: unknown };

export function isEnvelope(body: unknown): body is Envelope<unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { code, status } = body as Record<string, unknown>;
  return typeof code === 'number' || typeof status === 'number';
}

function isEmptyBody(body: unknown): boolean {
  return body === undefined || body === null || (typeof body === 'string' && body.trim() === '');
}

/**
 * A list page where one is expected: `data: []` (or null) becomes the empty page, a bare array
 * becomes a one-page list, a page is kept.
 */
export function normaliseListPage(data: unknown): ListPage<unknown> {
  if (data === null || data === undefined || (Array.isArray(data) && data.length === 0))
    return emptyListPage();
  if (Array.isArray(data)) return { dataList: data, totalNumber: data.length, totalPages: 1 };
  return data as ListPage<unknown>;
}

/** The envelope of a failed answer as an error: empty → 'request interface error', unreadable → 'request error!'. */
function failureOfBody(body: unknown, httpStatus: number, t: Translate): ApiRequestError | RequestError {
  if (isEmptyBody(body))
    return new RequestError('empty-response', t(requestMessageKeys.interfaceError), httpStatus);
  if (!isEnvelope(body))
    return new RequestError('transform', t(requestMessageKeys.transformError), httpStatus);
  return new ApiRequestError(body, httpStatus);
}

/**
 * Spec section 7 "Responses": HTTP 204, PUT and PATCH resolve with the raw response; otherwise
 * the envelope is read and success (code 200 or status 0) resolves with `data`. Throws the
 * failure otherwise.
 */
export function readAnswer(response: AxiosResponse, method: string, list: boolean, t: Translate): Outcome {
  const verb = method.toLowerCase();
  if (response.status === 204 || verb === 'put' || verb === 'patch') return { kind: 'raw', response };
  const body: unknown = response.data;
  if (isEnvelope(body) && isSuccessCode(body.code, body.status)) {
    return { kind: 'data', data: list ? normaliseListPage(body.data) : body.data };
  }
  throw failureOfBody(body, response.status, t);
}

/**
 * Any rejection of a send as one of our errors. The server always puts the envelope in the body,
 * so an HTTP error answer is read for its `code` like a success answer.
 */
export function toRequestFailure(
  error: unknown,
  t: Translate,
): ApiRequestError | RequestError | RequestCancelledError {
  if (error instanceof ApiRequestError || error instanceof RequestError) return error;
  if (error instanceof RequestCancelledError || isRequestCancelled(error)) return new RequestCancelledError();
  if (isAxiosError(error)) {
    if (error.response) return failureOfBody(error.response.data, error.response.status, t);
  }
  if (isTimeoutError(error)) {
    return new RequestError('timeout', t(requestMessageKeys.timeout), undefined, { cause: error });
  }
  if (isNetworkError(error)) {
    return new RequestError('network', t(requestMessageKeys.networkError), undefined, { cause: error });
  }
  return new RequestError('transform', t(requestMessageKeys.transformError), undefined, { cause: error });
}
