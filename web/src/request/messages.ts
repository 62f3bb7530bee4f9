import { errorCatalogue, type Language } from '@dc/contract';

/** Translation keys of the messages the request layer shows itself (spec sections 7 and 8). */
export const requestMessageKeys = {
  /** 20005 */
  accountMissing: 'request.accountMissing',
  /** 20006 */
  loginFailed: 'request.loginFailed',
  /** 20007 */
  notLoggedIn: 'request.notLoggedIn',
  /** Empty response body. */
  interfaceError: 'request.interfaceError',
  /** The answer could not be read as the envelope, or preparing the request failed. */
  transformError: 'request.transformError',
  /** No answer at all (offline, connection refused, CORS). */
  networkError: 'request.networkError',
  /** No answer within the request timeout. */
  timeout: 'request.timeout',
} as const;

export type RequestMessageKey = (typeof requestMessageKeys)[keyof typeof requestMessageKeys];

/** Default texts of `requestMessageKeys`, flat, for the locale dictionaries to include. */
export const requestMessages: Record<Language, Record<RequestMessageKey, string>> = {
  'zh-CN': {
    [requestMessageKeys.accountMissing]: errorCatalogue[20005].message['zh-CN'],
    [requestMessageKeys.loginFailed]: errorCatalogue[20006].message['zh-CN'],
    [requestMessageKeys.notLoggedIn]: errorCatalogue[20007].message['zh-CN'],
    [requestMessageKeys.interfaceError]: '请求接口错误',
    [requestMessageKeys.transformError]: '请求错误！',
    [requestMessageKeys.networkError]: '网络异常，请检查网络连接',
    [requestMessageKeys.timeout]: '请求超时，请稍后重试',
  },
  'en-US': {
    [requestMessageKeys.accountMissing]: errorCatalogue[20005].message['en-US'],
    [requestMessageKeys.loginFailed]: errorCatalogue[20006].message['en-US'],
    [requestMessageKeys.notLoggedIn]: errorCatalogue[20007].message['en-US'],
    [requestMessageKeys.interfaceError]: 'Request interface error',
    [requestMessageKeys.transformError]: 'Request error!',
    [requestMessageKeys.networkError]: 'Network error, please check your connection',
    [requestMessageKeys.timeout]: 'The request timed out, please try again later',
  },
};
