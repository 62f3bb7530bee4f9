import { defineMessages } from '../../http/messages.ts';

/** What the analytics area says to a person, in every language of the console. */
export const analyticsMessages = defineMessages({
  figuresTooSlow: {
    'zh-CN': '统计超过 {seconds} 秒仍未完成，请缩短时间范围后重试',
    'en-US': 'the figures could not be computed within {seconds} s; choose a shorter period and try again',
  },
});
