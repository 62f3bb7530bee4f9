import {
  type Combination,
  type CursorListPage,
  ErrorCode,
  type FanRow,
  type Language,
  type PackCount,
  type PackOverlap,
  type PackTrace,
  type packCountBodySchema,
  type RuleGroup,
} from '@dc/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { type KeysetSort, keysetKeyText, keysetOrder, keysetSeek } from '../../db/keyset.ts';
import { BudgetExceeded, isPglite, QueryBudget } from '../../db/query-budget.ts';
import { crowdPackMembers, crowdPacks, fans } from '../../db/schema/index.ts';
import { intArray, rowsOf } from '../../db/sql-helpers.ts';
import { ApiError } from '../../http/api-error.ts';
import { fieldFailure, invalidField } from '../../http/failures.ts';
import { totalPagesOf } from '../../http/list-page.ts';
import { message, say } from '../../http/messages.ts';
import {
  cursorScope,
  cursorsOf,
  decodeCursor,
  planPageRead,
  readKeysetPage,
} from '../../http/page-cursor.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { businessYear } from '../../time/business-day.ts';
import { findFan, planOf, tagsOfFans, toFanRow } from '../fans/index.ts';
import {
  combinationCountsSql,
  combinationNodes,
  combinationSliceTotalSql,
  combinationTraceSql,
} from './combine.ts';
import { nodesOf, ruleCountsSql, ruleSliceTotalSql, ruleTraceSql } from './compile.ts';
import { membersSqlOf } from './compute.ts';
import { type Engine, firstSliceFans, tooHeavyToCountLive } from './cost.ts';
import { crowdPacksMessages } from './messages.ts';
import { checkCombinationSources, checkRuleReferences } from './references.ts';
import { ownPack, toPackRef } from './rows.ts';
import { countInSlices, SLICE_TARGET_MS } from './sliced-count.ts';

type CountBody = z.output<typeof packCountBodySchema>;

/**
 * When a live count reads a sample instead of every fan (issue 8 item 3, issue 10 item 3): above
 * `aboveFans` (planner estimate) it reads about `sampleFans` of them and scales, so a count costs
 * the same at a million fans as at twenty thousand. It first reads a quarter of that sample,
 * which is enough when it holds `preciseHits` matches (a margin of about ±10 %: most audiences
 * are not rare). The total is still counted exactly when the whole sample holds fewer than
 * `minHits` matches: a rare audience would be a guess (±20 % and worse), and the exact count of
 * a selective rule is the one worth waiting for.
 */
export interface LiveCountSampling {
  aboveFans: number;
  sampleFans: number;
  preciseHits: number;
  minHits: number;
}
export const LIVE_COUNT_SAMPLING: LiveCountSampling = {
  aboveFans: 200_000,
  sampleFans: 20_000,
  preciseHits: 400,
  minHits: 100,
};
/** The first read is this share of the sample. */
const FIRST_READ_SHARE = 4;

/** The share of the table's pages (percent) that holds about `sampling.sampleFans` of `designerFans`. */
export const samplePercentFor = (designerFans: number, sampling: LiveCountSampling = LIVE_COUNT_SAMPLING) =>
  Number(((100 * sampling.sampleFans) / designerFans).toFixed(4));

/**
 * How a live count reads the designer's fans: all of them (null) up to `sampling.aboveFans`
 * (planner estimate), else a `percent` of the table's pages holding about `sampling.sampleFans`
 * of them, and the planner's estimate of all of them (`designerFans`) to scale the sample to.
 * The sample reads that share of the whole table, other designers' fans included: when the
 * designer's fans are a small part of a large table it would read more rows than counting
 * theirs does, and they are counted (null).
 */
async function sampleOf(
  tx: Database,
  designerId: number,
  sampling: LiveCountSampling,
): Promise<{ percent: number; designerFans: number } | null> {
  const designerFans = (await planOf(tx, eq(fans.designerId, designerId)))['Plan Rows'];
  if (designerFans <= sampling.aboveFans) return null;
  const percent = samplePercentFor(designerFans, sampling);
  const tableFans = (await planOf(tx, sql`true`))['Plan Rows'];
  if (percent >= 100 || (percent / 100) * tableFans > designerFans / 2) return null;
  return { percent, designerFans };
}

/**
 * The 95 % margin of a total estimated from `hits` matches among `sampled` fans, scaled to
 * `population` fans (binomial; the page sample clusters rows, so it is a floor, labelled "about").
 */
export function sampleMargin(hits: number, sampled: number, population: number): number {
  if (sampled === 0) return 0;
  const p = hits / sampled;
  return Math.round(1.96 * Math.sqrt((p * (1 - p)) / sampled) * population);
}

/**
 * How one live count reads: `countsOf` answers every node's count (`all_fans`, `whole`, `n1`…)
 * over a sample or all fans, `exactTotal` the whole definition's exact matches; both in slices.
 */
interface LiveCountReads {
  countsOf(percent: number | null, withNodes: boolean): Promise<Record<string, number>>;
  exactTotal(): Promise<number>;
}

/**
 * A live count: the whole definition's matches (`whole`), each node's own (`n0`, `n1`, …, what
 * the editor shows beside it) and all fans. Up to `aboveFans` one exact pass over the designer's
 * fans. Above, a first read of a quarter of the sample answers everything; when its matches are
 * too few for ±10 %, the whole sample is read again for the total alone (the node counts stay
 * those of the first read). Sampled counts are the shares of the fans read times the planner's
 * estimate of all the designer's fans (a ratio estimate: the number of fans a page sample reads
 * varies more than the shares do), flagged `estimated`, and the total carries its margin —
 * unless even the whole sample found too few matches, when the total is counted exactly.
 */
async function liveCount(
  sample: { percent: number; designerFans: number } | null,
  nodes: Array<{ path: string }>,
  reads: LiveCountReads,
  wholePath: 'rule' | 'combination',
  sampling: LiveCountSampling,
) {
  const nodeRow = await reads.countsOf(
    sample === null ? null : Number((sample.percent / FIRST_READ_SHARE).toFixed(4)),
    true,
  );
  const row =
    sample === null || (nodeRow.whole ?? 0) >= sampling.preciseHits
      ? nodeRow
      : await reads.countsOf(sample.percent, false);
  const read = row.all_fans ?? 0;
  const allFans = sample === null ? read : sample.designerFans;
  const scaleFrom = (of: number) => (n: number | undefined) =>
    of === 0 ? 0 : Math.round(((n ?? 0) * allFans) / of);
  const hits = row.whole ?? 0;
  let total = scaleFrom(read)(hits);
  let totalMargin: number | null = null;
  if (sample !== null) {
    if (hits < sampling.minHits) {
      total = await reads.exactTotal();
    } else {
      totalMargin = sampleMargin(hits, read, allFans);
    }
  }
  const scaleNode = scaleFrom(nodeRow.all_fans ?? 0);
  const counts = Object.fromEntries(nodes.map(({ path }, index) => [path, scaleNode(nodeRow[`n${index}`])]));
  return {
    total,
    totalMargin,
    allFans: Math.max(allFans, total),
    nodes: { ...counts, [wholePath]: total },
    estimated: sample !== null,
  };
}

/** The designer's fans, counted up to `cap` (an index range; the cost estimate needs no more). */
async function fansUpTo(db: Database, designerId: number, cap: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${fans} where ${fans.designerId} = ${designerId} limit ${cap}) f`,
  );
  return row?.n ?? 0;
}

/** What a live count needs besides the definition: its time budget and the request's language. */
export interface LiveCountOptions {
  budgetMs?: number;
  lang?: Language;
}

/** A live count's default budget when the caller gives none (the config's default). */
export const DEFAULT_LIVE_COUNT_BUDGET_MS = 5_000;

/** 42200 on the definition: refused by its estimate (`cost`) or stopped at the budget (`time`). */
function tooHeavy(path: 'rule' | 'combination', reason: 'cost' | 'time', budgetMs: number, lang: Language) {
  const seconds = Number((budgetMs / 1000).toFixed(3));
  const message =
    reason === 'cost'
      ? say(lang, crowdPacksMessages.tooHeavyToCountLive)
      : say(lang, crowdPacksMessages.liveCountTooSlow, { seconds });
  return new ApiError(ErrorCode.tooHeavy, message, { errors: [{ path, message }], reason, budgetMs });
}

/**
 * `POST /crowd-packs/count` (issue 8 item 3): the whole definition's count and each node's own
 * count, both asked of the designer's fans: a rule by its compiled conditions, a combination by
 * its source packs' snapshots. Bounded (issue 16 item 4): a rule whose estimated cost is over
 * the limit is refused before it runs, and every count reads the fans in short slices under the
 * time budget, on PGlite as on PostgreSQL, so other requests keep their turn.
 */
export async function countDefinition(
  db: Database,
  designerId: number,
  body: CountBody,
  now: Date,
  sampling: LiveCountSampling = LIVE_COUNT_SAMPLING,
  options: LiveCountOptions = {},
): Promise<PackCount> {
  const budget = new QueryBudget(options.budgetMs ?? DEFAULT_LIVE_COUNT_BUDGET_MS);
  const lang = options.lang ?? 'en-US';
  const engine: Engine = isPglite(db) ? 'pglite' : 'postgres';
  const wholePath = body.kind === 'rule' ? 'rule' : 'combination';
  const started = performance.now();
  try {
    let result: Awaited<ReturnType<typeof liveCount>>;
    if (body.kind === 'rule') {
      await checkRuleReferences(db, designerId, body.rule);
      const sample = await sampleOf(db, designerId, sampling);
      const fansRead =
        sample === null
          ? await fansUpTo(db, designerId, FANS_COUNTED_FOR_COST_MAX)
          : Math.round(sampling.sampleFans * (1 + 1 / FIRST_READ_SHARE));
      if (tooHeavyToCountLive(body.rule, fansRead, engine, budget.ms)) {
        throw tooHeavy('rule', 'cost', budget.ms, lang);
      }
      const ctx = { designerId, now };
      const ruleNodes = nodesOf(body.rule);
      const first = firstSliceFans(body.rule, engine, SLICE_TARGET_MS);
      result = await liveCount(
        sample,
        ruleNodes,
        {
          countsOf: (percent, withNodes) =>
            countInSlices(db, designerId, budget, first, (slice) =>
              ruleCountsSql(ruleNodes, ctx, percent, withNodes, slice),
            ),
          exactTotal: async () =>
            (
              await countInSlices(db, designerId, budget, first, (slice) =>
                ruleSliceTotalSql(body.rule, ctx, slice),
              )
            ).whole ?? 0,
        },
        'rule',
        sampling,
      );
    } else {
      await checkCombinationSources(db, designerId, body.combination);
      const sample = await sampleOf(db, designerId, sampling);
      const nodes = combinationNodes(body.combination);
      const first = firstSliceFans(null, engine, SLICE_TARGET_MS);
      result = await liveCount(
        sample,
        nodes,
        {
          countsOf: (percent, withNodes) =>
            countInSlices(db, designerId, budget, first, (slice) =>
              combinationCountsSql(body.combination, nodes, designerId, percent, withNodes, slice),
            ),
          exactTotal: async () =>
            (
              await countInSlices(db, designerId, budget, first, (slice) =>
                combinationSliceTotalSql(body.combination, designerId, slice),
              )
            ).whole ?? 0,
        },
        'combination',
        sampling,
      );
    }
    return {
      ...result,
      share: result.allFans === 0 ? 0 : result.total / result.allFans,
      elapsedMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    if (error instanceof BudgetExceeded) throw tooHeavy(wholePath, 'time', budget.ms, lang);
    throw error;
  }
}

/** Fans counted for a count's cost estimate at most (an unsampled designer in a large table). */
const FANS_COUNTED_FOR_COST_MAX = 200_000;

/** `POST /crowd-packs/overlap`: sizes of the chosen packs and of each pair's intersection. */
export async function packOverlap(db: Database, designerId: number, packIds: number[]): Promise<PackOverlap> {
  const ids = [...new Set(packIds)];
  const records = await db
    .select()
    .from(crowdPacks)
    .where(and(eq(crowdPacks.designerId, designerId), inArray(crowdPacks.id, ids)));
  const byId = new Map(records.map((r) => [r.id, r]));
  ids.forEach((id, index) => {
    if (!byId.has(id))
      throw invalidField(`packIds.${index}`, message(crowdPacksMessages.packMissing, { id }));
  });
  const pairs = await rowsOf<{ a: number; b: number; both: number }>(
    db,
    sql`select x.pack_id as a, y.pack_id as b, count(*)::int as both
        from ${crowdPackMembers} x join ${crowdPackMembers} y on y.fan_id = x.fan_id and x.pack_id < y.pack_id
        where x.pack_id = any(${intArray(ids)}) and y.pack_id = any(${intArray(ids)})
        group by x.pack_id, y.pack_id`,
  );
  const found = new Map(pairs.map((p) => [`${p.a}:${p.b}`, p.both]));
  const answer: PackOverlap['pairs'] = [];
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) {
      const [a, b] = [ids[i]!, ids[j]!];
      answer.push({ a, b, both: found.get(`${Math.min(a, b)}:${Math.max(a, b)}`) ?? 0 });
    }
  }
  return { packs: ids.map((id) => toPackRef(byId.get(id)!)), pairs: answer };
}

/** Members are listed newest followers first: keyset on (followed time, fan id) (issue 21 item 3). */
const membersSort: KeysetSort = { key: fans.followedAt, type: 'timestamptz', id: fans.id, direction: 'desc' };

/**
 * `GET /crowd-packs/:id/members`: the snapshot's fans, latest followers first, as the fan list
 * shows them. A cursor seeks in `fans_designer_followed_idx` and probes each fan's membership
 * (the primary key (pack_id, fan_id)), so a next or previous page costs the same at any depth.
 */
export async function packMembers(
  db: Database,
  designerId: number,
  id: number,
  query: { page?: number; pageSize: number; cursor?: string },
  now: Date,
): Promise<CursorListPage<FanRow>> {
  const pack = await ownPack(db, designerId, id);
  const where = and(eq(crowdPackMembers.packId, id), eq(fans.designerId, designerId));
  const scope = cursorScope('pack-members', designerId, { packId: id });
  const plan = planPageRead(
    query.page,
    query.pageSize,
    query.cursor ? decodeCursor(query.cursor, scope, membersSort.type) : undefined,
  );
  // The total is the size stored with the membership, in the same transaction that wrote it
  // (compute.ts `storeComputed`; fans are never deleted but with their designer): counting half a
  // million members took 200 ms of a page whose rows take under a millisecond by cursor.
  const total = pack.size;
  const read = await readKeysetPage(plan, query.pageSize, async ({ seek, reversed, limit, skip }) =>
    db
      .select({ fan: fans, id: fans.id, cursorKey: keysetKeyText(membersSort).mapWith(String) })
      .from(crowdPackMembers)
      .innerJoin(fans, eq(fans.id, crowdPackMembers.fanId))
      .where(and(where, seek ? keysetSeek(membersSort, seek.boundary, seek.side) : undefined))
      .orderBy(...keysetOrder(membersSort, reversed))
      .limit(limit)
      .offset(skip),
  );
  const chips = await tagsOfFans(
    db,
    read.rows.map((r) => r.fan.id),
  );
  const year = businessYear(now);
  return {
    dataList: read.rows.map(({ fan }) => toFanRow(fan, chips.get(fan.id) ?? [], year)),
    totalNumber: total,
    totalPages: totalPagesOf(total, query.pageSize),
    ...cursorsOf(scope, read),
  };
}

/** `GET /crowd-packs/:id/trace?fanId=`: each node's result for one fan, now. */
export async function packTrace(
  db: Database,
  designerId: number,
  id: number,
  fanId: number,
  now: Date,
): Promise<PackTrace> {
  const pack = await ownPack(db, designerId, id);
  const fan = await findFan(db, designerId, fanId);
  if (!fan)
    throw fieldFailure(ErrorCode.notFound, 'fanId', message(crowdPacksMessages.fanMissing, { id: fanId }));
  const [member] = await db
    .select({ fanId: crowdPackMembers.fanId })
    .from(crowdPackMembers)
    .where(and(eq(crowdPackMembers.packId, id), eq(crowdPackMembers.fanId, fanId)));
  let nodes: Record<string, boolean>;
  if (pack.kind === 'rule') {
    const list = nodesOf(pack.definition as RuleGroup);
    const [row] = await rowsOf<Record<string, boolean>>(db, ruleTraceSql(list, fanId, { designerId, now }));
    nodes = Object.fromEntries(list.map(({ path }, index) => [path, row?.[`n${index}`] === true]));
  } else {
    const combination = pack.definition as Combination;
    const list = combinationNodes(combination);
    const [row] = await rowsOf<Record<string, boolean>>(db, combinationTraceSql(list, fanId));
    nodes = Object.fromEntries(list.map(({ path }, index) => [path, row?.[`n${index}`] === true]));
    const [matches] = await rowsOf<{ yes: boolean }>(
      db,
      sql`select exists (select 1 from (${membersSqlOf(pack, now)}) s where s.fan_id = ${fanId}) as yes`,
    );
    nodes.combination = matches?.yes === true;
  }
  const chips = await tagsOfFans(db, [fanId]);
  return {
    fan: toFanRow(fan, chips.get(fanId) ?? [], businessYear(now)),
    member: member !== undefined,
    matchesNow: pack.kind === 'rule' ? nodes.rule === true : nodes.combination === true,
    computedAt: pack.computedAt ? toWireDateTime(pack.computedAt) : null,
    nodes,
  };
}
