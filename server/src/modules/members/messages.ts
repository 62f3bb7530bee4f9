import { defineMessages } from '../../http/messages.ts';

/** What the members area says to a person, in every language of the console. */
export const membersMessages = defineMessages({
  memberUnbound: { 'zh-CN': '解绑成功', 'en-US': 'Member unbound' },
});
