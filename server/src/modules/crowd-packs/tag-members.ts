import { FAN_BATCH_MAX, type FanBatchTagAnswer } from '@dc/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fanDataChanged } from '../../db/fan-data-versions.ts';
import { QueryBudget, takeTurn } from '../../db/query-budget.ts';
import { crowdPackMembers, fans } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { invalidField } from '../../http/failures.ts';
import { message } from '../../http/messages.ts';
import { addTagsWithinLimitCtes, lockDesignerTags, requireOwnTags } from '../tags/index.ts';
import { crowdPacksMessages } from './messages.ts';
import { ownPack } from './rows.ts';
import { nextPageSize } from './slice-pages.ts';

/** Members tagged by the first slice; the next are sized to take about `SLICE_TARGET_MS`. */
const FIRST_SLICE_FANS = 100;
/** A fence against a tagging that never ends; its statements are short and take turns. */
export const TAG_MEMBERS_BUDGET_MS = 5 * 60_000;

/** Where the tagging warns of a half-done run. */
export interface TaggingLog {
  warn(details: object, message: string): void;
}

/**
 * `POST /crowd-packs/:id/tag-members`: the fans batch tagging's rules (the 20-tag limit: a member
 * that would carry more than 20 tags gets none of the added ones and counts in `skippedAtLimit`)
 * on the snapshot's members (issue 16 item 4). Written in fan-id slices in fan id order, each one
 * short transaction under the designer's tag lock, in the database's turn: on PGlite, which runs
 * one statement at a time inside this process, other designers' requests go between slices.
 *
 * Adding tags is idempotent, so the slices need not be one transaction: if a slice fails (a tag
 * deleted meanwhile, the budget spent), the members before it keep their tags, the run stops
 * with the slice's error and the log says how far it got; repeating the request completes it.
 * Tag fan counts are recounts of `fan_tags`, so they stay exact whatever is done.
 */
export async function tagPackMembers(
  db: Database,
  designerId: number,
  id: number,
  addTagIds: number[],
  now: Date,
  log?: TaggingLog,
): Promise<FanBatchTagAnswer> {
  const started = performance.now();
  const budget = new QueryBudget(TAG_MEMBERS_BUDGET_MS);
  await ownPack(db, designerId, id);
  const add = [...new Set(addTagIds)];
  const members = sql`select ${crowdPackMembers.fanId} as id from ${crowdPackMembers}
    join ${fans} on ${fans.id} = ${crowdPackMembers.fanId} and ${fans.designerId} = ${designerId}
    where ${crowdPackMembers.packId} = ${id}`;
  const [size] = await takeTurn(db, budget, () =>
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${members}) m`),
  );
  const matched = size!.n;
  if (matched === 0) throw invalidField('members', crowdPacksMessages.noMembers);
  if (matched > FAN_BATCH_MAX)
    throw invalidField('members', message(crowdPacksMessages.fansAtMost, { max: FAN_BATCH_MAX }));
  await requireOwnTags(db, designerId, add, 'addTagIds');

  let added = 0;
  let skippedAtLimit = 0;
  let done = 0;
  let afterId = 0;
  let sliceFans = FIRST_SLICE_FANS;
  try {
    for (;;) {
      const limit = sliceFans;
      const { slice, tookMs } = await takeTurn(db, budget, async () => {
        const sliceStarted = performance.now();
        const tagged = await db.transaction(async (tx) => {
          await lockDesignerTags(tx, designerId);
          // A tag deleted since the request began stops the run here (40400 naming addTagIds).
          await requireOwnTags(tx, designerId, add, 'addTagIds');
          const [result] = await rowsOf<{ n: number; last: number | null; added: number; skipped: number }>(
            tx,
            sql`with sel as (
                  select m.id from (${members}) m where m.id > ${afterId} order by m.id limit ${limit}),
                ${addTagsWithinLimitCtes(add, now)}
                select (select count(*)::int from sel) as n, (select max(id) from sel) as last,
                       (select count(*)::int from ins) as added,
                       (select count(*)::int from room) - (select count(*)::int from fits) as skipped`,
          );
          // Packs reading tags (this one among them, when its rule does) turn stale.
          if (result!.added > 0) await fanDataChanged(tx, designerId, 'tags');
          return result!;
        });
        return { slice: tagged, tookMs: performance.now() - sliceStarted };
      });
      added += slice.added;
      skippedAtLimit += slice.skipped;
      done += slice.n;
      if (slice.n < limit || slice.last === null) break;
      afterId = Number(slice.last);
      sliceFans = nextPageSize(sliceFans, tookMs);
    }
  } catch (error) {
    if (done > 0) {
      log?.warn(
        {
          packId: id,
          designerId,
          addTagIds: add,
          taggedMembers: done,
          ofMembers: matched,
          throughFanId: afterId,
        },
        'tagging the pack members stopped half way: the members up to throughFanId keep their tags; repeating the request completes it',
      );
    }
    throw error;
  }
  return { matched, added, removed: 0, skippedAtLimit, elapsedMs: Math.round(performance.now() - started) };
}
