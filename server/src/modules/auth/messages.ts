import { defineMessages } from '../../http/messages.ts';

/** What the auth area says to a person, in every language of the console. */
export const authMessages = defineMessages({
  passwordTooShort: { 'zh-CN': '至少 {min} 个字符', 'en-US': 'at least {min} characters' },
  passwordIsAccount: { 'zh-CN': '不能与账号名相同', 'en-US': 'must not be the account name' },
  passwordTooCommon: {
    'zh-CN': '过于常见，请换一个不易被猜到的密码',
    'en-US': 'too common; choose a less guessable password',
  },
  wrongPassword: { 'zh-CN': '密码错误', 'en-US': 'wrong password' },
  loggedIn: { 'zh-CN': '登录成功', 'en-US': 'Logged in' },
  passwordResetLogInAgain: { 'zh-CN': '密码已重置，请重新登录', 'en-US': 'Password reset: log in again' },
});
