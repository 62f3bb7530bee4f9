import type {
  Combination,
  Language,
  PackKind,
  PackRef,
  PackRefreshMode,
  PackRow,
  PackState,
  RuleGroup,
} from '@dc/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { crowdPackSources, crowdPacks } from '../../db/schema/index.ts';
import { notFound } from '../../http/api-error.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { type PackRecord, shownFailure } from './compute.ts';
import { refreshStalePacks } from './stale-refresh.ts';
import { isStale, stalenessContextOf } from './staleness.ts';

export const toPackRef = (row: PackRecord): PackRef => ({
  id: row.id,
  name: row.name,
  kind: row.kind as PackKind,
  size: row.size,
  state: row.state as PackState,
});

/** A pack as answered; its failure in `lang`, the request's language. */
export function toPackRow(
  row: PackRecord,
  usedBy: PackRef[],
  sources: PackRef[],
  lang: Language = 'zh-CN',
  stale = false,
): PackRow {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as PackKind,
    rule: row.kind === 'rule' ? (row.definition as RuleGroup) : null,
    combination: row.kind === 'combined' ? (row.definition as Combination) : null,
    size: row.size,
    allFans: row.allFans,
    computedAt: row.computedAt ? toWireDateTime(row.computedAt) : null,
    stale,
    refreshMode: row.refreshMode as PackRefreshMode,
    state: row.state as PackState,
    failure: shownFailure(row.failure, lang),
    usedBy,
    sources,
    createdAt: toWireDateTime(row.createdAt),
    updatedAt: toWireDateTime(row.updatedAt),
  };
}

const other = alias(crowdPacks, 'other');

/**
 * The packs using each of `ids` (dependents) and the packs each uses (dependencies, also as
 * records: a combined pack's staleness reads them).
 */
export async function relationsOf(db: Database, ids: number[]) {
  const usedBy = new Map<number, PackRef[]>();
  const sources = new Map<number, PackRef[]>();
  const sourceRecords = new Map<number, PackRecord[]>();
  if (ids.length === 0) return { usedBy, sources, sourceRecords };
  const [users, used] = await Promise.all([
    db
      .select({ key: crowdPackSources.sourcePackId, pack: other })
      .from(crowdPackSources)
      .innerJoin(other, eq(other.id, crowdPackSources.packId))
      .where(inArray(crowdPackSources.sourcePackId, ids))
      .orderBy(other.name),
    db
      .select({ key: crowdPackSources.packId, pack: other })
      .from(crowdPackSources)
      .innerJoin(other, eq(other.id, crowdPackSources.sourcePackId))
      .where(inArray(crowdPackSources.packId, ids))
      .orderBy(other.name),
  ]);
  for (const { key, pack } of users) usedBy.set(key, [...(usedBy.get(key) ?? []), toPackRef(pack)]);
  for (const { key, pack } of used) {
    sources.set(key, [...(sources.get(key) ?? []), toPackRef(pack)]);
    sourceRecords.set(key, [...(sourceRecords.get(key) ?? []), pack]);
  }
  return { usedBy, sources, sourceRecords };
}

/**
 * How rows are answered: staleness judged at `now`; with `refresh` (a screen opens them) the
 * stale ones start refreshing and are answered computing.
 */
export interface PackView {
  now: Date;
  refresh?: boolean;
  log?: FastifyBaseLogger;
}

/** Rows with their relations and staleness, failures in `lang`. */
export async function packRowsOf(
  db: Database,
  records: PackRecord[],
  lang: Language,
  view: PackView,
): Promise<PackRow[]> {
  if (records.length === 0) return [];
  const { usedBy, sources, sourceRecords } = await relationsOf(
    db,
    records.map((r) => r.id),
  );
  const ctx = await stalenessContextOf(db, records[0]!.designerId, view.now);
  const sourcesOf = (pack: PackRecord) => sourceRecords.get(pack.id) ?? [];
  const { stale, computing } = view.refresh
    ? await refreshStalePacks(db, records, sourcesOf, ctx, view.log)
    : {
        stale: new Set(records.filter((r) => isStale(r, sourcesOf(r), ctx)).map((r) => r.id)),
        computing: new Set<number>(),
      };
  return records.map((r) =>
    toPackRow(
      computing.has(r.id) ? { ...r, state: 'computing' } : r,
      usedBy.get(r.id) ?? [],
      sources.get(r.id) ?? [],
      lang,
      stale.has(r.id),
    ),
  );
}

/** The designer's pack, or 40400 (another designer's id included). */
export async function ownPack(
  db: Database,
  designerId: number,
  id: number,
  lock = false,
): Promise<PackRecord> {
  const query = db
    .select()
    .from(crowdPacks)
    .where(and(eq(crowdPacks.id, id), eq(crowdPacks.designerId, designerId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}
