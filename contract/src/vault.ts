import { z } from 'zod';
import { fen, wireDateTime } from './fields.ts';

/** Balance cards of 金库统计 (vault statistics), in fen. */
export const vaultBalanceSchema = z.object({
  available: fen,
  pending: fen,
  withdrawn: fen,
  totalEarned: fen,
  /** When the figures were computed (wire date-time). */
  computedAt: wireDateTime,
});
export type VaultBalance = z.infer<typeof vaultBalanceSchema>;
