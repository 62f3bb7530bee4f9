/**
 * The error catalogue (DESIGN.md "Wire conventions"). The server answers these codes in the
 * envelope with a true HTTP status; the web maps each to the behaviour of spec section 8.
 */
export const ErrorCode = {
  ok: 200,
  wrongCredentials: 20001,
  codeInvalid: 20002,
  sessionEnded: 20003,
  alreadyBound: 20004,
  accountMissing: 20005,
  tokenInvalid: 20006,
  notLoggedIn: 20007,
  accountInactive: 20012,
  validation: 40000,
  forbidden: 40300,
  notFound: 40400,
  conflict: 40900,
  /** A live count or report too heavy to answer within the query budget (`data.errors`, `data.reason`). */
  tooHeavy: 42200,
  rateLimited: 42900,
  internal: 50000,
  unavailable: 50300,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

export type Language = 'zh-CN' | 'en-US';

interface CatalogueEntry {
  httpStatus: number;
  message: Record<Language, string>;
}

/** HTTP status and default message of every non-success code. */
export const errorCatalogue: Record<Exclude<ErrorCodeValue, 200>, CatalogueEntry> = {
  20001: { httpStatus: 401, message: { 'zh-CN': '账号或密码错误', 'en-US': 'Wrong account or password' } },
  20002: {
    httpStatus: 422,
    message: { 'zh-CN': '验证码错误或已过期', 'en-US': 'Verification code wrong or expired' },
  },
  20003: { httpStatus: 401, message: { 'zh-CN': '登录已在别处结束', 'en-US': 'The session has ended' } },
  20004: {
    httpStatus: 409,
    message: { 'zh-CN': '已被绑定或占用', 'en-US': 'Already bound or taken' },
  },
  20005: {
    httpStatus: 401,
    message: {
      'zh-CN': '设计师账号不存在，请重新登录',
      'en-US': 'Designer account does not exist, please log in again',
    },
  },
  20006: {
    httpStatus: 401,
    message: { 'zh-CN': '登录失效，请重新登录', 'en-US': 'Login failed, please log in again' },
  },
  20007: {
    httpStatus: 401,
    message: { 'zh-CN': '您还未登录，请先登录', 'en-US': 'You are not logged in, please log in first' },
  },
  20012: {
    httpStatus: 403,
    message: {
      'zh-CN': '账号未激活（审核中或已冻结）',
      'en-US': 'Account not active (pending review or frozen)',
    },
  },
  40000: { httpStatus: 400, message: { 'zh-CN': '参数校验失败', 'en-US': 'Validation failed' } },
  40300: { httpStatus: 403, message: { 'zh-CN': '无权访问', 'en-US': 'Not yours' } },
  40400: { httpStatus: 404, message: { 'zh-CN': '资源不存在', 'en-US': 'Not found' } },
  40900: { httpStatus: 409, message: { 'zh-CN': '操作冲突', 'en-US': 'Conflict' } },
  42200: {
    httpStatus: 422,
    message: { 'zh-CN': '查询过于繁重，无法即时计算', 'en-US': 'Too heavy to answer live' },
  },
  42900: { httpStatus: 429, message: { 'zh-CN': '请求过于频繁', 'en-US': 'Too many requests' } },
  50000: { httpStatus: 500, message: { 'zh-CN': '服务器内部错误', 'en-US': 'Internal error' } },
  50300: {
    httpStatus: 503,
    message: { 'zh-CN': '服务暂不可用，请稍后再试', 'en-US': 'Service unavailable, please try again later' },
  },
};

export function isSuccessCode(code: number | undefined, status: number | undefined): boolean {
  return code === ErrorCode.ok || status === 0;
}
