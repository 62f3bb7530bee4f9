import { defineMessages } from '../../http/messages.ts';

/** What the crowd packs area says to a person, in every language of the console. */
export const crowdPacksMessages = defineMessages({
  packMissing: { 'zh-CN': '人群包 {id} 不存在', 'en-US': 'pack {id} does not exist' },
  fanMissing: { 'zh-CN': '粉丝 {id} 不存在', 'en-US': 'fan {id} does not exist' },
  onlyRulePacksCombine: { 'zh-CN': '只有规则人群包可以组合', 'en-US': 'only rule packs can be combined' },
  nameTaken: { 'zh-CN': '已有同名人群包', 'en-US': 'a pack with this name exists' },
  keepsItsKind: { 'zh-CN': '人群包的类型不能更改', 'en-US': 'a pack keeps its kind' },
  noMembers: { 'zh-CN': '人群包没有成员', 'en-US': 'the pack has no members' },
  fansAtMost: { 'zh-CN': '一次最多操作 {max} 位粉丝', 'en-US': 'at most {max} fans in one operation' },
  tooHeavyToCountLive: {
    'zh-CN': '条件过于繁重，无法实时计数；保存人群包后将在后台计算',
    'en-US': 'too heavy to count live; save the pack to count it in the background',
  },
  theRuleTookTooLong: {
    'zh-CN': '计算超时：规则过于繁重，请简化后重试',
    'en-US': 'The rule took too long to compute; simplify it and try again',
  },
  thePackCouldNotBe: {
    'zh-CN': '计算失败，请稍后重试',
    'en-US': 'The pack could not be computed; try again later',
  },
  crowdPackCreated: { 'zh-CN': '人群包已创建', 'en-US': 'Crowd pack created' },
  crowdPackSaved: { 'zh-CN': '人群包已保存', 'en-US': 'Crowd pack saved' },
  crowdPackDeleted: { 'zh-CN': '人群包已删除', 'en-US': 'Crowd pack deleted' },
  copied: { 'zh-CN': '已复制', 'en-US': 'Copied' },
  refreshed: { 'zh-CN': '已刷新', 'en-US': 'Refreshed' },
  membersTagged: { 'zh-CN': '已为成员添加标签', 'en-US': 'Members tagged' },
  listSeparator: { 'zh-CN': '、', 'en-US': ', ' },
  copy: { 'zh-CN': ' 副本', 'en-US': ' copy' },
  liveCountTooSlow: {
    'zh-CN': '实时计数超过 {seconds} 秒仍未完成；保存人群包后将在后台计算',
    'en-US': 'could not count live within {seconds} s; save the pack to count it in the background',
  },
  usedByCombinedPacks: {
    'zh-CN': '组合人群包正在使用它：{names}',
    'en-US': 'Used by combined packs: {names}',
  },
  tagMissing: { 'zh-CN': '标签 {id} 不存在', 'en-US': 'tag {id} does not exist' },
  productMissing: { 'zh-CN': '商品 {id} 不存在', 'en-US': 'product {id} does not exist' },
  courseMissing: { 'zh-CN': '课程 {id} 不存在', 'en-US': 'course {id} does not exist' },
  impressionMissing: { 'zh-CN': '印象 {id} 不存在', 'en-US': 'impression {id} does not exist' },
});
