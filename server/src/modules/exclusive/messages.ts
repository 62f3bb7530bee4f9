import { defineMessages } from '../../http/messages.ts';

/** What the exclusive area says to a person, in every language of the console. */
export const exclusiveMessages = defineMessages({
  applicationPending: {
    'zh-CN': '向该服务商的申请正在审核中',
    'en-US': 'an application to this provider is pending review',
  },
  alreadyExclusive: {
    'zh-CN': '你已是该服务商的独家设计师',
    'en-US': "you are already this provider's exclusive designer",
  },
  unknownBank: { 'zh-CN': '未知的银行', 'en-US': 'unknown bank' },
  noSuchProvider: { 'zh-CN': '服务商不存在', 'en-US': 'no such provider' },
  reasonLength: { 'zh-CN': '须为 1-{max} 个字符', 'en-US': '1-{max} characters' },
  noSuchApplication: { 'zh-CN': '申请 #{id} 不存在', 'en-US': 'no application #{id}' },
  applicationSubmittedForReview: {
    'zh-CN': '申请已提交，请等待审核',
    'en-US': 'Application submitted for review',
  },
  collected: { 'zh-CN': '已收藏', 'en-US': 'Collected' },
  removedFromCollection: { 'zh-CN': '已取消收藏', 'en-US': 'Removed from collection' },
  onlyPendingReviewed: {
    'zh-CN': '申请 #{id} 的状态为 {status}；只能审核待审核的申请',
    'en-US': 'application #{id} is {status}; only a pending application can be reviewed',
  },
});
