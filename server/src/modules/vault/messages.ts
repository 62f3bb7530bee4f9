import { defineMessages } from '../../http/messages.ts';

/** What the vault area says to a person, in every language of the console. */
export const vaultMessages = defineMessages({
  amountAvailable: { 'zh-CN': '最多可提现 {yuan} 元', 'en-US': 'at most {yuan} yuan is available' },
  noBankAccount: { 'zh-CN': '尚无银行账户，请填写', 'en-US': 'no bank account on file: enter one' },
  noSuchWithdrawal: { 'zh-CN': '提现 #{id} 不存在', 'en-US': 'no withdrawal #{id}' },
  withdrawalRequested: { 'zh-CN': '提现申请已提交', 'en-US': 'Withdrawal requested' },
  withdrawalStateRefuses: {
    'zh-CN': '提现 #{id} 的状态为 {state}，不能执行 {action}',
    'en-US': 'withdrawal #{id} is {state}; cannot {action} it',
  },
});
