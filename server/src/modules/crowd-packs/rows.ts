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
import type { Database } from '../../db/client.ts';
import { crowdPackSources, crowdPacks } from '../../db/schema/index.ts';
import { notFound } from '../../http/api-error.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { type PackRecord, shownFailure } from './compute.ts';

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

/** The packs using each of `ids` (dependents) and the packs each uses (dependencies). */
export async function relationsOf(db: Database, ids: number[]) {
  const usedBy = new Map<number, PackRef[]>();
  const sources = new Map<number, PackRef[]>();
  if (ids.length === 0) return { usedBy, sources };
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
  for (const { key, pack } of used) sources.set(key, [...(sources.get(key) ?? []), toPackRef(pack)]);
  return { usedBy, sources };
}

/** Rows with their relations, failures in `lang`. */
export async function packRowsOf(
  db: Database,
  records: PackRecord[],
  lang: Language = 'zh-CN',
): Promise<PackRow[]> {
  const { usedBy, sources } = await relationsOf(
    db,
    records.map((r) => r.id),
  );
  return records.map((r) => toPackRow(r, usedBy.get(r.id) ?? [], sources.get(r.id) ?? [], lang));
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
