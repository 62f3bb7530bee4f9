import type { AccountStatusValue } from '@dc/contract';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { designers } from '../../db/schema/index.ts';
import { endSessions } from './sessions.ts';

export interface AccountRow {
  id: number;
  account: string;
  phone: string | null;
  nickname: string;
  status: AccountStatusValue;
  newlyRegister: boolean;
  createdAt: Date;
}

const accountColumns = {
  id: designers.id,
  account: designers.account,
  phone: designers.phone,
  nickname: designers.nickname,
  status: designers.status,
  newlyRegister: designers.newlyRegister,
  createdAt: designers.createdAt,
};

/** An account by its name (any case), its phone or `#id`; deleted accounts are not found. */
export async function findAccount(db: Database, key: string): Promise<AccountRow | undefined> {
  const id = /^#\d+$/.test(key) ? Number(key.slice(1)) : undefined;
  const [row] = await db
    .select(accountColumns)
    .from(designers)
    .where(
      and(
        isNull(designers.deletedAt),
        id !== undefined
          ? eq(designers.id, id)
          : or(sql`lower(${designers.account}) = lower(${key})`, eq(designers.phone, key)),
      ),
    );
  return row;
}

export async function listAccounts(db: Database, status?: AccountStatusValue): Promise<AccountRow[]> {
  return db
    .select(accountColumns)
    .from(designers)
    .where(and(isNull(designers.deletedAt), status ? eq(designers.status, status) : undefined))
    .orderBy(designers.id);
}

/**
 * Moves an account to `status`. Leaving `active` ends every open session of the account (its
 * tokens answer 20003; logging in again answers 20012 until it is active again).
 * Answers how many sessions ended.
 */
export async function setAccountStatus(
  db: Database,
  designerId: number,
  status: AccountStatusValue,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.update(designers).set({ status, updatedAt: now }).where(eq(designers.id, designerId));
    return status === 'active'
      ? 0
      : endSessions(tx, designerId, status === 'frozen' ? 'frozen' : 'review', now);
  });
}
