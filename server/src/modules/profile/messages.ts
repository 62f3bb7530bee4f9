import { defineMessages } from '../../http/messages.ts';

/** What the profile area says to a person, in every language of the console. */
export const profileMessages = defineMessages({
  saved: { 'zh-CN': '保存成功', 'en-US': 'Saved' },
});
