import type { Language, LedgerKind, LedgerState, WithdrawalState } from '@dc/contract';

type Labels<K extends string> = Record<K, Record<Language, string>>;

const KIND_LABELS: Labels<LedgerKind> = {
  course_sale: { 'zh-CN': '课程销售', 'en-US': 'Course sale' },
  boutique_sale: { 'zh-CN': '精品销售', 'en-US': 'Boutique sale' },
  video_reward: { 'zh-CN': '视频打赏', 'en-US': 'Video reward' },
  partner_dividend: { 'zh-CN': '合伙人分红', 'en-US': 'Partner dividend' },
  refund: { 'zh-CN': '退款', 'en-US': 'Refund' },
  withdrawal: { 'zh-CN': '提现', 'en-US': 'Withdrawal' },
  platform_fee: { 'zh-CN': '平台服务费', 'en-US': 'Platform fee' },
};

const STATE_LABELS: Labels<LedgerState> = {
  pending: { 'zh-CN': '待结算', 'en-US': 'Pending settlement' },
  available: { 'zh-CN': '可提现', 'en-US': 'Available' },
  withdrawn: { 'zh-CN': '已提现', 'en-US': 'Withdrawn' },
  refunded: { 'zh-CN': '已退款', 'en-US': 'Refunded' },
};

const WITHDRAWAL_STATE_LABELS: Labels<WithdrawalState> = {
  submitted: { 'zh-CN': '已提交', 'en-US': 'Submitted' },
  processing: { 'zh-CN': '处理中', 'en-US': 'Processing' },
  paid: { 'zh-CN': '已到账', 'en-US': 'Paid' },
  failed: { 'zh-CN': '失败', 'en-US': 'Failed' },
};

/** Every kind's and state's label in `language`, for the CSV export's SQL (issue 21 item 4). */
export const kindLabels = (language: Language): [LedgerKind, string][] =>
  Object.entries(KIND_LABELS).map(([kind, labels]) => [kind as LedgerKind, labels[language]]);
export const stateLabels = (language: Language): [LedgerState, string][] =>
  Object.entries(STATE_LABELS).map(([state, labels]) => [state as LedgerState, labels[language]]);

/** Labels for the CSV export and the operator CLI (the web has its own in its locales). */
export const kindLabel = (kind: LedgerKind, language: Language) => KIND_LABELS[kind][language];
export const stateLabel = (state: LedgerState, language: Language) => STATE_LABELS[state][language];
export const withdrawalStateLabel = (state: WithdrawalState, language: Language) =>
  WITHDRAWAL_STATE_LABELS[state][language];
