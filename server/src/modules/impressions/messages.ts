import { defineMessages } from '../../http/messages.ts';

/** What the impressions area says to a person, in every language of the console. */
export const impressionsMessages = defineMessages({
  impressionExists: { 'zh-CN': '该印象已存在', 'en-US': 'this impression already exists' },
  impressionsAtMost: {
    'zh-CN': '最多 {max} 个印象，请先删除一个',
    'en-US': 'at most {max} impressions; delete one first',
  },
  fanImpressionsAtMost: {
    'zh-CN': '每位粉丝最多 {max} 个印象',
    'en-US': 'a fan carries at most {max} impressions',
  },
  impressionAdded: { 'zh-CN': '印象已添加', 'en-US': 'Impression added' },
  impressionRenamed: { 'zh-CN': '印象已重命名', 'en-US': 'Impression renamed' },
  impressionDeleted: { 'zh-CN': '印象已删除', 'en-US': 'Impression deleted' },
  impressionRemoved: { 'zh-CN': '印象已移除', 'en-US': 'Impression removed' },
});
