import type { Language } from '@dc/contract';
import { ErrorCode } from '@dc/contract';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { fieldFailure } from '../../http/failures.ts';
import { say } from '../../http/messages.ts';
import { storageQuotaMessages } from './messages.ts';
import { storedBytesOf } from './usage.ts';

/** Namespace of the designer's storage lock (the first key of the two-key advisory lock). */
const STORAGE_LOCK_NAMESPACE = 7_016;

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;
/** 1.5 GB, 300 MB, 12 KB, 600 B: sizes as a person reads them (binary units, as the upload limits are). */
export function sizeText(bytes: number): string {
  if (bytes >= GIB) return `${+(bytes / GIB).toFixed(2)} GB`;
  if (bytes >= MIB) return `${+(bytes / MIB).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}

/** 40000 on `path` (the declared size): the upload would take the designer past the quota. */
export function quotaExceeded(
  lang: Language,
  used: number,
  quota: number,
  wanted: number,
  path = 'fileSize',
) {
  const message = say(lang, storageQuotaMessages.quotaExceeded, {
    used: sizeText(used),
    quota: sizeText(quota),
    wanted: sizeText(wanted),
  });
  return fieldFailure(ErrorCode.validation, path, message, message);
}

export interface QuotaCtx {
  db: Database;
  config: Pick<Config, 'designerQuotaBytes'>;
  designerId: number;
}

/**
 * Registers an upload of `bytes` within the designer's quota (`DESIGNER_QUOTA_BYTES`): in one
 * transaction, the designer's storage lock is taken, the registered bytes are counted, and
 * `register` writes the row only when they stay within the quota. Concurrent create-uploads of
 * one designer take turns on the lock, each counting the rows the previous ones committed, so no
 * race lets the total pass the quota. Over it: 40000 on `path`, in the request's language.
 */
export async function withinStorageQuota<T>(
  ctx: QuotaCtx,
  bytes: number,
  lang: Language,
  register: (tx: Database) => Promise<T>,
  path = 'fileSize',
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STORAGE_LOCK_NAMESPACE}, ${ctx.designerId})`);
    const used = await storedBytesOf(tx, ctx.designerId);
    const quota = ctx.config.designerQuotaBytes;
    if (used + bytes > quota) throw quotaExceeded(lang, used, quota, bytes, path);
    return register(tx);
  });
}
