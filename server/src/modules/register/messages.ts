import { defineMessages } from '../../http/messages.ts';

/** What the register area says to a person, in every language of the console. */
export const registerMessages = defineMessages({
  phoneRegistered: { 'zh-CN': '此手机号已注册', 'en-US': 'this phone is already registered' },
  accountTaken: { 'zh-CN': '此账号名已被使用', 'en-US': 'this account name is taken' },
  registered: { 'zh-CN': '注册成功', 'en-US': 'Registered' },
});
