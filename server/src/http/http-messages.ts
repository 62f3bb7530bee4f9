import { defineMessages, type Message, message } from './messages.ts';

/** Messages of the HTTP layer: bodies it cannot read and requests it refuses before any route. */
export const httpMessages = defineMessages({
  bodyTooLarge: { 'zh-CN': '请求内容过大', 'en-US': 'The request body is too large' },
  tooLarge: { 'zh-CN': '内容过大', 'en-US': 'too large' },
  unsupportedContentType: { 'zh-CN': '不支持的内容类型', 'en-US': 'unsupported content type' },
  malformedBody: { 'zh-CN': '请求内容无法解析', 'en-US': 'malformed body' },
  crossSiteRefused: {
    'zh-CN': '请求被拒绝：此操作只能在本站的页面上进行',
    'en-US': 'Refused: this request did not come from a page of this console',
  },
  crossSiteHeader: { 'zh-CN': '跨站请求（{value}）', 'en-US': 'cross-site ({value})' },
  fieldMessage: { 'zh-CN': '{field}：{message}', 'en-US': '{field}: {message}' },
  codeWrongOrExpired: { 'zh-CN': '验证码错误或已过期', 'en-US': 'wrong or expired code' },
  boundToAnotherAccount: { 'zh-CN': '已绑定其他账号', 'en-US': 'already bound to another account' },
  figuresTooSlow: {
    'zh-CN': '统计超过 {seconds} 秒仍未完成，请缩短时间范围后重试',
    'en-US': 'the figures could not be computed within {seconds} s; choose a shorter period and try again',
  },
});

/** `field: message` in every language, as the envelope's message of a failure on one field. */
export const fieldMessage = (field: string, said: Message): Message =>
  typeof said === 'string'
    ? `${field}: ${said}`
    : {
        'zh-CN': message(httpMessages.fieldMessage, { field, message: said['zh-CN'] })['zh-CN'],
        'en-US': message(httpMessages.fieldMessage, { field, message: said['en-US'] })['en-US'],
      };
