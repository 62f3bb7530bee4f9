import type { LedgerKind, LedgerSourceType, LedgerState, WithdrawalState } from '@dc/contract';
import type { MessageKey } from '../../locales/index.ts';

export const kindLabel = (kind: LedgerKind): MessageKey => `vault.kind.${kind}`;
export const stateLabel = (state: LedgerState): MessageKey => `vault.state.${state}`;
export const sourceLabel = (source: LedgerSourceType): MessageKey => `vault.source.${source}`;
export const withdrawalStateLabel = (state: WithdrawalState): MessageKey => `vault.withdrawal.${state}`;

export const STATE_COLORS: Record<LedgerState, string> = {
  pending: 'gold',
  available: 'green',
  withdrawn: 'blue',
  refunded: 'red',
};

export const WITHDRAWAL_COLORS: Record<WithdrawalState, string> = {
  submitted: 'default',
  processing: 'processing',
  paid: 'success',
  failed: 'error',
};
