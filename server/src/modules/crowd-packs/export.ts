import { fenToYuan, type Language } from '@dc/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { crowdPackMembers, fans } from '../../db/schema/index.ts';
import { businessYear } from '../fans/filter.ts';
import { tagsOfFans, toFanRow } from '../fans/rows.ts';

/** Fans fetched per keyset step: memory stays flat however large the pack. */
const EXPORT_BATCH = 1000;
const BOM = '\uFEFF';

const HEADERS: Record<Language, string[]> = {
  'zh-CN': [
    '粉丝ID',
    '昵称',
    '性别',
    '年龄',
    '城市',
    '来源',
    '关注时间',
    '最近活跃',
    '累计消费(元)',
    '订单数',
    '标签',
  ],
  'en-US': [
    'Fan ID',
    'Nickname',
    'Gender',
    'Age',
    'City',
    'Source',
    'Followed at',
    'Last active',
    'Spent (CNY)',
    'Orders',
    'Tags',
  ],
};
const GENDERS: Record<Language, Record<string, string>> = {
  'zh-CN': { male: '男', female: '女', unknown: '未知' },
  'en-US': { male: 'Male', female: 'Female', unknown: 'Unknown' },
};

/** A CSV cell: quoted when needed; text a spreadsheet would run as a formula is defused. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The snapshot's members as CSV (UTF-8 with BOM), in fan id order, streamed in keyset batches:
 * exactly the membership of the last computation, whatever changes meanwhile.
 */
export async function* packMembersCsv(
  db: Database,
  designerId: number,
  packId: number,
  language: Language,
  now: Date,
): AsyncGenerator<string> {
  yield `${BOM}${HEADERS[language].join(',')}\r\n`;
  const year = businessYear(now);
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ fan: fans })
      .from(crowdPackMembers)
      .innerJoin(fans, eq(fans.id, crowdPackMembers.fanId))
      .where(and(eq(crowdPackMembers.packId, packId), eq(fans.designerId, designerId), gt(fans.id, after)))
      .orderBy(asc(fans.id))
      .limit(EXPORT_BATCH);
    if (rows.length === 0) return;
    const chips = await tagsOfFans(
      db,
      rows.map((r) => r.fan.id),
    );
    let chunk = '';
    for (const { fan } of rows) {
      const row = toFanRow(fan, chips.get(fan.id) ?? [], year);
      chunk += `${[
        String(row.id),
        csvCell(row.nickname),
        GENDERS[language][row.gender] ?? row.gender,
        row.age === null ? '' : String(row.age),
        csvCell(row.cityName),
        row.source,
        row.followedAt,
        row.lastActiveAt,
        fenToYuan(row.totalSpent),
        String(row.orderCount),
        csvCell(row.tags.map((t) => t.name).join(' ')),
      ].join(',')}\r\n`;
    }
    yield chunk;
    after = rows[rows.length - 1]!.fan.id;
  }
}
