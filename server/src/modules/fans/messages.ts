import { defineMessages } from '../../http/messages.ts';

/** What the fans area says to a person, in every language of the console. */
export const fansMessages = defineMessages({
  noFansSelected: { 'zh-CN': '未选择粉丝', 'en-US': 'no fans selected' },
  noFansMatch: { 'zh-CN': '没有符合所选条件的粉丝', 'en-US': 'no fans match the selection' },
  tooManySelected: {
    'zh-CN': '已选择 {matched} 位粉丝；一次最多 {max} 位',
    'en-US': '{matched} fans selected; at most {max} in one operation',
  },
  fanTagsAtMost: { 'zh-CN': '每位粉丝最多 {max} 个标签', 'en-US': 'a fan carries at most {max} tags' },
  wardrobeAtMost: { 'zh-CN': '衣橱最多 {max} 件衣物', 'en-US': 'at most {max} garments in a wardrobe' },
  fanImagesAtMost: { 'zh-CN': '每位粉丝最多 {max} 张图片', 'en-US': 'at most {max} images of a fan' },
  batchTaggingDone: { 'zh-CN': '批量标签已完成', 'en-US': 'Batch tagging done' },
  measurementsSaved: { 'zh-CN': '尺寸已保存', 'en-US': 'Measurements saved' },
  tagsSaved: { 'zh-CN': '标签已保存', 'en-US': 'Tags saved' },
  garmentAdded: { 'zh-CN': '衣橱已添加', 'en-US': 'Garment added' },
  removed: { 'zh-CN': '已移除', 'en-US': 'Removed' },
  imageAdded: { 'zh-CN': '图片已添加', 'en-US': 'Image added' },
});
