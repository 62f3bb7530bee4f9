import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { crowdPacks } from '../../db/schema/index.ts';
import { computePack, inBackground, type PackRecord } from './compute.ts';
import { isStale, type StalenessContext } from './staleness.ts';

/**
 * Marks `pack` computing unless someone else did first: of two requests opening the same stale
 * pack at once, one computes it. The claim holds only for the computation this request read; one
 * that another request claimed and already finished (ready again, computed later or at newer fan
 * data versions: one clock reading can serve two computations) is not redone.
 */
async function claim(db: Database, pack: PackRecord): Promise<boolean> {
  const claimed = await db
    .update(crowdPacks)
    .set({ state: 'computing' })
    .where(
      and(
        eq(crowdPacks.id, pack.id),
        eq(crowdPacks.state, 'ready'),
        pack.computedAt === null ? isNull(crowdPacks.computedAt) : eq(crowdPacks.computedAt, pack.computedAt),
        sql`${crowdPacks.dataVersions} = ${JSON.stringify(pack.dataVersions)}::jsonb`,
      ),
    )
    .returning({ id: crowdPacks.id });
  return claimed.length > 0;
}

/**
 * The packs a screen opens, refreshed when stale (issue 17 item 6): the stale ones (and the stale
 * rule packs a stale combined pack reads) are claimed now and computed one after another in the
 * background, rule packs first, through the same computation as 刷新. Answers the ids found stale
 * and those being computed now, by this request or by another that claimed them first (answered
 * `computing` until their computation ends; the screen polls).
 */
export async function refreshStalePacks(
  db: Database,
  opened: readonly PackRecord[],
  sourcesOf: (pack: PackRecord) => readonly PackRecord[],
  ctx: StalenessContext,
  log?: FastifyBaseLogger,
): Promise<{ stale: Set<number>; computing: Set<number> }> {
  const stale = new Set(opened.filter((pack) => isStale(pack, sourcesOf(pack), ctx)).map((p) => p.id));
  const due = new Map<number, PackRecord>();
  for (const pack of opened) {
    if (!stale.has(pack.id)) continue;
    for (const source of sourcesOf(pack)) if (isStale(source, [], ctx)) due.set(source.id, source);
    due.set(pack.id, pack);
  }
  const ordered = [...due.values()].sort((a, b) =>
    a.kind === b.kind ? a.id - b.id : a.kind === 'rule' ? -1 : 1,
  );
  const claimed = new Set<number>();
  for (const pack of ordered) if (await claim(db, pack)) claimed.add(pack.id);
  if (claimed.size > 0) {
    void inBackground(
      db,
      async () => {
        for (const pack of ordered) if (claimed.has(pack.id)) await computePack(db, pack.id, ctx.now, log);
      },
      log,
    );
  }
  return { stale, computing: new Set(due.keys()) };
}
