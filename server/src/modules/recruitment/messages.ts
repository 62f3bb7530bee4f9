import { defineMessages } from '../../http/messages.ts';

/** What the recruitment area says to a person, in every language of the console. */
export const recruitmentMessages = defineMessages({
  recruitmentSettingsSaved: { 'zh-CN': '招募设置已保存', 'en-US': 'Recruitment settings saved' },
  youAreFollowingNow: { 'zh-CN': '关注成功', 'en-US': 'You are following now' },
});
