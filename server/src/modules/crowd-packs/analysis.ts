import {
  type Combination,
  ErrorCode,
  FAN_BATCH_MAX,
  type FanBatchTagAnswer,
  type FanRow,
  type ListPage,
  type PackCount,
  type PackOverlap,
  type PackTrace,
  type packCountBodySchema,
  type RuleGroup,
} from '@dc/contract';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { crowdPackMembers, crowdPacks, fans } from '../../db/schema/index.ts';
import { totalPagesOf } from '../../http/list-page.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { fieldFailure, invalidField } from '../auth/failures.ts';
import { planOf } from '../fans/count.ts';
import { businessYear } from '../fans/filter.ts';
import { findFan, tagsOfFans, toFanRow } from '../fans/rows.ts';
import { batchTag } from '../fans/service.ts';
import { intArray, rowsOf } from '../tags/lock.ts';
import {
  combinationCountsSql,
  combinationNodes,
  combinationTotalSql,
  combinationTraceSql,
} from './combine.ts';
import { nodesOf, ruleCountsSql, ruleTotalSql, ruleTraceSql } from './compile.ts';
import { LIVE_COUNT_TIMEOUT_MS, limitStatements, membersSqlOf } from './compute.ts';
import { checkCombinationSources, checkRuleReferences } from './references.ts';
import { ownPack, toPackRef } from './rows.ts';

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

/** A statement stopped by statement_timeout (57014) is the rule's fault: 40000, not a 500. */
async function withinTimeout<T>(path: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
      if ((e as { code?: unknown }).code === '57014') {
        throw invalidField(path, 'too heavy to count in time; simplify the rule');
      }
      e = (e as { cause?: unknown }).cause;
    }
    throw error;
  }
}

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
 * A live count: the whole definition's matches (`whole`), each node's own (`n0`, `n1`, …, what
 * the editor shows beside it) and all fans. Up to `aboveFans` one exact pass over the designer's
 * fans. Above, a first read of a quarter of the sample answers everything; when its matches are
 * too few for ±10 %, the whole sample is read again for the total alone (the node counts stay
 * those of the first read). Sampled counts are the shares of the fans read times the planner's
 * estimate of all the designer's fans (a ratio estimate: the number of fans a page sample reads
 * varies more than the shares do), flagged `estimated`, and the total carries its margin —
 * unless even the whole sample found too few matches, when the total is counted exactly by
 * `exactTotalSql` (one index-friendly count).
 */
async function liveCount(
  tx: Database,
  designerId: number,
  nodes: Array<{ path: string }>,
  countsSql: (samplePercent: number | null, withNodes: boolean) => SQL,
  exactTotalSql: SQL,
  wholePath: 'rule' | 'combination',
  sampling: LiveCountSampling,
) {
  const sample = await sampleOf(tx, designerId, sampling);
  const countsOf = async (percent: number | null, withNodes: boolean) =>
    (await rowsOf<Record<string, number>>(tx, countsSql(percent, withNodes)))[0]!;
  const nodeRow = await countsOf(
    sample === null ? null : Number((sample.percent / FIRST_READ_SHARE).toFixed(4)),
    true,
  );
  const row =
    sample === null || (nodeRow.whole ?? 0) >= sampling.preciseHits
      ? nodeRow
      : await countsOf(sample.percent, false);
  const read = row.all_fans ?? 0;
  const allFans = sample === null ? read : sample.designerFans;
  const scaleFrom = (of: number) => (n: number | undefined) =>
    of === 0 ? 0 : Math.round(((n ?? 0) * allFans) / of);
  const hits = row.whole ?? 0;
  let total = scaleFrom(read)(hits);
  let totalMargin: number | null = null;
  if (sample !== null) {
    if (hits < sampling.minHits) {
      const [exact] = await rowsOf<{ n: number }>(tx, exactTotalSql);
      total = exact!.n;
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

/**
 * `POST /crowd-packs/count` (issue 8 item 3): the whole definition's count and each node's own
 * count, both asked of the designer's fans: a rule by its compiled conditions, a combination by
 * its source packs' snapshots. Under a statement timeout.
 */
export async function countDefinition(
  db: Database,
  designerId: number,
  body: CountBody,
  now: Date,
  sampling: LiveCountSampling = LIVE_COUNT_SAMPLING,
): Promise<PackCount> {
  const started = performance.now();
  const result = await db.transaction(async (tx) => {
    if (body.kind === 'rule') {
      await checkRuleReferences(tx, designerId, body.rule);
      await limitStatements(tx, LIVE_COUNT_TIMEOUT_MS);
      const ctx = { designerId, now };
      const ruleNodes = nodesOf(body.rule);
      return withinTimeout('rule', () =>
        liveCount(
          tx,
          designerId,
          ruleNodes,
          (percent, withNodes) => ruleCountsSql(ruleNodes, ctx, percent, withNodes),
          ruleTotalSql(body.rule, ctx),
          'rule',
          sampling,
        ),
      );
    }
    await checkCombinationSources(tx, designerId, body.combination);
    await limitStatements(tx, LIVE_COUNT_TIMEOUT_MS);
    const nodes = combinationNodes(body.combination);
    return withinTimeout('combination', () =>
      liveCount(
        tx,
        designerId,
        nodes,
        (percent, withNodes) => combinationCountsSql(body.combination, nodes, designerId, percent, withNodes),
        combinationTotalSql(body.combination, designerId),
        'combination',
        sampling,
      ),
    );
  });
  return {
    ...result,
    share: result.allFans === 0 ? 0 : result.total / result.allFans,
    elapsedMs: Math.round(performance.now() - started),
  };
}

/** `POST /crowd-packs/overlap`: sizes of the chosen packs and of each pair's intersection. */
export async function packOverlap(db: Database, designerId: number, packIds: number[]): Promise<PackOverlap> {
  const ids = [...new Set(packIds)];
  const records = await db
    .select()
    .from(crowdPacks)
    .where(and(eq(crowdPacks.designerId, designerId), inArray(crowdPacks.id, ids)));
  const byId = new Map(records.map((r) => [r.id, r]));
  ids.forEach((id, index) => {
    if (!byId.has(id)) throw invalidField(`packIds.${index}`, `pack ${id} does not exist`);
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

/** `GET /crowd-packs/:id/members`: the snapshot's fans, latest followers first, as the fan list shows them. */
export async function packMembers(
  db: Database,
  designerId: number,
  id: number,
  page: { page: number; pageSize: number },
  now: Date,
): Promise<ListPage<FanRow>> {
  await ownPack(db, designerId, id);
  const where = and(eq(crowdPackMembers.packId, id), eq(fans.designerId, designerId));
  const [rows, total] = await Promise.all([
    db
      .select({ fan: fans })
      .from(crowdPackMembers)
      .innerJoin(fans, eq(fans.id, crowdPackMembers.fanId))
      .where(where)
      .orderBy(desc(fans.followedAt), desc(fans.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.$count(crowdPackMembers, eq(crowdPackMembers.packId, id)),
  ]);
  const chips = await tagsOfFans(
    db,
    rows.map((r) => r.fan.id),
  );
  const year = businessYear(now);
  return {
    dataList: rows.map(({ fan }) => toFanRow(fan, chips.get(fan.id) ?? [], year)),
    totalNumber: total,
    totalPages: totalPagesOf(total, page.pageSize),
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
  if (!fan) throw fieldFailure(ErrorCode.notFound, 'fanId', `fan ${fanId} does not exist`);
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

/**
 * `POST /crowd-packs/:id/tag-members`: the fans batch tagging (one transaction, the 20-tag limit)
 * on the snapshot's members, so the tagged set is exactly the set the detail shows.
 */
export async function tagPackMembers(
  db: Database,
  designerId: number,
  id: number,
  addTagIds: number[],
  now: Date,
): Promise<FanBatchTagAnswer> {
  await ownPack(db, designerId, id);
  const members = await db
    .select({ id: crowdPackMembers.fanId })
    .from(crowdPackMembers)
    .where(eq(crowdPackMembers.packId, id))
    .limit(FAN_BATCH_MAX + 1);
  if (members.length === 0) throw invalidField('members', 'the pack has no members');
  if (members.length > FAN_BATCH_MAX) {
    throw invalidField('members', `at most ${FAN_BATCH_MAX} fans in one operation`);
  }
  return batchTag(
    db,
    designerId,
    { selection: { kind: 'ids', fanIds: members.map((m) => m.id) }, addTagIds, removeTagIds: [] },
    now,
  );
}
