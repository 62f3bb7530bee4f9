import { defineMessages } from '../../http/messages.ts';

/** What the tags area says to a person, in every language of the console. */
export const tagsMessages = defineMessages({
  tagNameTaken: {
    'zh-CN': '该分类中已有同名标签',
    'en-US': 'a tag of this name already exists in the classification',
  },
  classificationNameTaken: {
    'zh-CN': '已有同名分类',
    'en-US': 'a classification of this name already exists',
  },
  noSuchTag: { 'zh-CN': '标签不存在', 'en-US': 'no such tag' },
  noSuchClassification: { 'zh-CN': '分类不存在', 'en-US': 'no such classification' },
  mergeIntoAnother: { 'zh-CN': '请选择另一个标签作为合并目标', 'en-US': 'choose another tag to merge into' },
  tagMissing: { 'zh-CN': '标签 {id} 不存在', 'en-US': 'tag {id} does not exist' },
  tagsAtMost: {
    'zh-CN': '最多 {max} 个标签，请先删除或合并一个',
    'en-US': 'at most {max} tags; delete or merge one first',
  },
  classificationsAtMost: { 'zh-CN': '最多 {max} 个分类', 'en-US': 'at most {max} classifications' },
  classificationHoldsTags: {
    'zh-CN': '该分类下有 {count} 个标签：请先移走或删除它们',
    'en-US': 'the classification holds {count} tags: move or delete them first',
  },
  tagCreated: { 'zh-CN': '标签已创建', 'en-US': 'Tag created' },
  tagSaved: { 'zh-CN': '标签已保存', 'en-US': 'Tag saved' },
  tagsMerged: { 'zh-CN': '标签已合并', 'en-US': 'Tags merged' },
  tagDeleted: { 'zh-CN': '标签已删除', 'en-US': 'Tag deleted' },
  classificationCreated: { 'zh-CN': '分类已创建', 'en-US': 'Classification created' },
  classificationSaved: { 'zh-CN': '分类已保存', 'en-US': 'Classification saved' },
  classificationDeleted: { 'zh-CN': '分类已删除', 'en-US': 'Classification deleted' },
});
