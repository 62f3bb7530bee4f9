import { defineMessages } from '../../http/messages.ts';

/** What the designer area says to a person, in every language of the console. */
export const designerMessages = defineMessages({
  alreadyYourPhone: { 'zh-CN': '这已是你的手机号', 'en-US': 'this is already your phone' },
  oldCodeRequired: {
    'zh-CN': '需要填写发送到当前手机的验证码',
    'en-US': 'the code sent to the current phone is required',
  },
  saved: { 'zh-CN': '修改成功', 'en-US': 'Saved' },
  phoneChanged: { 'zh-CN': '手机号已修改', 'en-US': 'Phone changed' },
  passwordChanged: { 'zh-CN': '密码已修改', 'en-US': 'Password changed' },
});
