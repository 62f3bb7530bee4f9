import { defineMessages } from '../../http/messages.ts';

/** What the contracts area says to a person, in every language of the console. */
export const contractsMessages = defineMessages({
  fileAttachedTwice: { 'zh-CN': '同一个文件附加了两次', 'en-US': 'the same file is attached twice' },
  noSuchProvider: { 'zh-CN': '服务商不存在', 'en-US': 'no such provider' },
  noSuchContract: { 'zh-CN': '合同不存在', 'en-US': 'no such contract' },
  mustBeMainContract: { 'zh-CN': '须为主合同', 'en-US': 'must be a main contract' },
  mustBeMainProvider: { 'zh-CN': '须为主合同的服务商', 'en-US': 'must be the provider of the main contract' },
  mainContractFailed: { 'zh-CN': '主合同未通过审核', 'en-US': 'the main contract failed audit' },
  noteAtMost: { 'zh-CN': '最多 {max} 个字符', 'en-US': 'at most {max} characters' },
  contractSubmittedForAudit: { 'zh-CN': '合同已提交审核', 'en-US': 'Contract submitted for audit' },
  noContractKey: { 'zh-CN': '合同 {key} 不存在（编号或合同号）', 'en-US': 'no contract {key} (id or code)' },
  contractStateRefuses: {
    'zh-CN': '合同 {code} 的状态为 {status}；此操作只适用于 {from}',
    'en-US': 'contract {code} is {status}; this applies to {from} only',
  },
  contractGone: {
    'zh-CN': '合同 {code} 已不存在；此操作只适用于 {from}',
    'en-US': 'contract {code} is gone; this applies to {from} only',
  },
});
