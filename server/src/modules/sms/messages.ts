import { defineMessages } from '../../http/messages.ts';

/** What the sms area says to a person, in every language of the console. */
export const smsMessages = defineMessages({
  alreadyYourPhone: { 'zh-CN': '这已是你的手机号', 'en-US': 'this is already your phone' },
  notThisAccountsPhone: { 'zh-CN': '不是此账号的手机号', 'en-US': 'not the phone of this account' },
  verificationCodeSent: { 'zh-CN': '验证码已发送', 'en-US': 'Verification code sent' },
  theTextMessageCouldNot: {
    'zh-CN': '短信发送失败，请稍后再试',
    'en-US': 'The text message could not be sent; try again later',
  },
  tooManyWrongTriesAsk: {
    'zh-CN': '验证码错误次数过多，请重新获取',
    'en-US': 'Too many wrong tries: ask for a new code',
  },
  outboxLoopbackOnly: {
    'zh-CN': '短信发件箱只接受本机的请求（http://127.0.0.1）',
    'en-US': 'The SMS outbox answers requests from this machine only (http://127.0.0.1)',
  },
});
