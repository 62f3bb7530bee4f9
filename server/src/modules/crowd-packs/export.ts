import { fenToYuan, type Language } from '@dc/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { QueryBudget, takeTurn } from '../../db/query-budget.ts';
import { crowdPackMembers, fans } from '../../db/schema/index.ts';
import { businessYear } from '../../time/business-day.ts';
import { tagsOfFans, toFanRow } from '../fans/index.ts';
import { nextPageSize } from './slice-pages.ts';

/** Fans of the first keyset page; the next pages are sized to take about `SLICE_TARGET_MS`. */
const FIRST_PAGE = 200;
/**
 * How long one export may read (issue 16 item 4). Its statements are short and take turns with
 * everyone's, so this is only a fence against an export that never ends.
 */
export const EXPORT_BUDGET_MS = 10 * 60_000;
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
 * The snapshot's members as CSV (UTF-8 with BOM), in fan id order, streamed in keyset pages:
 * exactly the membership of the last computation, whatever changes meanwhile. Each page is two
 * short statements (the fans, their tags), each in the database's turn (`takeTurn`): on PGlite,
 * which runs one statement at a time inside this process, other designers' requests and /health
 * go between them, and several exports at once take turns (issue 16 item 4).
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
  const budget = new QueryBudget(EXPORT_BUDGET_MS);
  let after = 0;
  let pageSize = FIRST_PAGE;
  for (;;) {
    const limit = pageSize;
    let workMs = 0;
    // The time of the statements alone, not of waiting for the turn.
    const timed = async <T>(work: () => Promise<T>) => {
      const started = performance.now();
      try {
        return await work();
      } finally {
        workMs += performance.now() - started;
      }
    };
    const rows = await takeTurn(db, budget, () =>
      timed(() =>
        db
          .select({ fan: fans })
          .from(crowdPackMembers)
          .innerJoin(fans, eq(fans.id, crowdPackMembers.fanId))
          .where(
            and(
              eq(crowdPackMembers.packId, packId),
              gt(crowdPackMembers.fanId, after),
              eq(fans.designerId, designerId),
            ),
          )
          .orderBy(asc(crowdPackMembers.fanId))
          .limit(limit),
      ),
    );
    if (rows.length === 0) return;
    const chips = await takeTurn(db, budget, () =>
      timed(() =>
        tagsOfFans(
          db,
          rows.map((r) => r.fan.id),
        ),
      ),
    );
    // Two statements per page: each toward the target.
    pageSize = nextPageSize(pageSize, workMs / 2);
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
    if (rows.length < limit) return;
    after = rows[rows.length - 1]!.fan.id;
  }
}
