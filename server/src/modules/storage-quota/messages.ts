import { defineMessages } from '../../http/messages.ts';

/** What the storage quota says to a person, in every language of the console. */
export const storageQuotaMessages = defineMessages({
  quotaExceeded: {
    'zh-CN': '存储空间不足：已用 {used}，共 {quota}，此文件需要 {wanted}',
    'en-US': 'storage quota exceeded: {used} of {quota} used; this file needs {wanted}',
  },
});
