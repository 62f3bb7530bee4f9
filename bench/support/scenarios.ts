import type { PackCountBody, RuleGroup } from '@dc/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../server/src/db/client.ts';
import { verifyPassword } from '../../server/src/modules/auth/passwords.ts';
import { HEAVY_ACCOUNT, HEAVY_PASSWORD } from '../data/volumes.ts';
import { DEEP_PAGE_SIZE, type DeepCursor, EXPORT_DAYS, type Fixtures, rowsOf } from './fixtures.ts';

export interface ScenarioRequest {
  method: 'GET' | 'POST';
  /** Below /designerapi/v1. */
  path: string;
  /** A JSON body, or a form body (login). */
  json?: unknown;
  form?: Record<string, string>;
  /** Sent with the session token (all but login). */
  authenticated: boolean;
}

export interface Scenario {
  /** For `--only=`. */
  id: string;
  name: string;
  /** `load`: autocannon for the duration; `export`: one streamed request, timed whole. */
  mode: 'load' | 'export';
  request: ScenarioRequest;
  /** The hand-written SQL answering the same question (run in order, timed as one). */
  rawSql: SQL[];
  /** Work of the same question that is not SQL, timed with it (login: the password hash). */
  alsoTime?: (db: Database) => Promise<unknown>;
}

const get = (path: string): ScenarioRequest => ({ method: 'GET', path, authenticated: true });
const postJson = (path: string, json: unknown): ScenarioRequest => ({
  method: 'POST',
  path,
  json,
  authenticated: true,
});

/** The Asia/Shanghai start of a business day, as SQL. */
const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Asia/Shanghai')`;

export function scenariosFor(f: Fixtures): Scenario[] {
  const d = f.designerId;
  const tagList = `{${f.tagIds.slice(0, 2).join(',')}}`;
  const rule: RuleGroup = {
    type: 'group',
    op: 'and',
    children: [
      { type: 'condition', field: 'gender', op: 'in', values: ['female'] },
      { type: 'condition', field: 'age', op: 'between', min: 20, max: 40 },
      { type: 'condition', field: 'lastActiveAt', op: 'withinDays', days: 60 },
      { type: 'condition', field: 'totalSpent', op: 'between', min: 10_000, max: null },
      { type: 'condition', field: 'tags', op: 'any', tagIds: f.tagIds.slice(0, 2) },
    ],
  };
  const [a, b, c] = f.packIds;
  const combination: PackCountBody = { kind: 'combined', combination: { include: [[a, b]], exclude: [c] } };
  const fanColumns = sql.raw(
    'id, nickname, avatar, gender, birth_year, city_code, source, followed_at, last_active_at, total_spent, order_count',
  );
  const filteredFans = sql`designer_id = ${d} and gender = 'female' and birth_year between ${f.year - 35} and ${f.year - 25}
        and city_code = '310100'`;
  const monthAgo = f.daysAgo(29);
  const yearAgo = f.daysAgo(364);
  const ledgerFilter = sql`designer_id = ${d} and kind = 'course_sale' and amount >= 10000
        and created_at >= ${dayStart(f.daysAgo(89))} and created_at < ${dayStart(f.today)} + interval '1 day'`;
  return [
    {
      id: 'login',
      name: 'login',
      mode: 'load',
      request: {
        method: 'POST',
        path: '/login',
        form: { account: HEAVY_ACCOUNT, password: HEAVY_PASSWORD },
        authenticated: false,
      },
      rawSql: [],
      // A login's cost is its scrypt hash (N=2^15, by design): the SELECT and one verification.
      alsoTime: async (db) => {
        const [designer] = await rowsOf<{ password_hash: string }>(
          db,
          sql`select id, password_hash, status from designers where account = ${HEAVY_ACCOUNT}`,
        );
        if (!(await verifyPassword(HEAVY_PASSWORD, designer!.password_hash)))
          throw new Error('wrong bench password');
      },
    },
    {
      id: 'menu',
      name: 'menu',
      mode: 'load',
      request: get('/menu'),
      rawSql: [sql`select id, status, newly_register, nickname from designers where id = ${d}`],
    },
    {
      id: 'fans-list',
      name: 'fans list',
      mode: 'load',
      request: get('/fans?page=1&pageSize=20'),
      rawSql: [
        sql`select ${fanColumns} from fans where designer_id = ${d} order by followed_at desc, id desc limit 20`,
        sql`select count(*) from fans where designer_id = ${d}`,
      ],
    },
    {
      id: 'fans-deep-page',
      name: 'fans list, page 25,000 (offset 499,980)',
      mode: 'load',
      request: get('/fans?page=25000&pageSize=20'),
      // The plain OFFSET query a hand would write; the endpoint reads the page's ids first.
      rawSql: [
        sql`select ${fanColumns} from fans where designer_id = ${d} order by followed_at desc, id desc limit 20 offset 499980`,
      ],
    },
    ...deepCursorScenarios(f, fanColumns),
    {
      id: 'fans-filtered',
      name: 'fans list, 3 filters',
      mode: 'load',
      request: get('/fans?page=1&pageSize=20&gender=female&ageMin=25&ageMax=35&city=310100'),
      rawSql: [
        sql`select ${fanColumns} from fans where ${filteredFans} order by followed_at desc, id desc limit 20`,
        sql`select count(*) from fans where ${filteredFans}`,
      ],
    },
    {
      id: 'fan-detail',
      name: 'fan detail',
      mode: 'load',
      request: get(`/fans/${f.fanId}`),
      rawSql: [
        sql`select * from fans where id = ${f.fanId} and designer_id = ${d}`,
        sql`select * from fan_measurements where fan_id = ${f.fanId}`,
        sql`select * from fan_wardrobe_items where fan_id = ${f.fanId} order by created_at desc`,
        sql`select t.id, t.name, t.color from fan_tags ft join tags t on t.id = ft.tag_id where ft.fan_id = ${f.fanId}`,
      ],
    },
    {
      id: 'vault-balance',
      name: 'vault balance',
      mode: 'load',
      request: get('/vault/balance?days=30'),
      rawSql: [
        sql`select sum(net) filter (where kind <> 'withdrawal'),
                   sum(net) filter (where kind <> 'withdrawal' and state = 'pending'),
                   -sum(net) filter (where kind = 'withdrawal'),
                   sum(net) filter (where kind <> 'withdrawal' and day >= ${monthAgo}::date)
            from ledger_daily_rollups where designer_id = ${d}`,
      ],
    },
    {
      id: 'income-trend',
      name: 'vault income trend (365 d)',
      mode: 'load',
      request: get(`/vault/income-trend?start=${yearAgo}&end=${f.today}&granularity=day`),
      rawSql: [
        sql`select day, sum(net), sum(amount), sum(entries) from ledger_daily_rollups
            where designer_id = ${d} and day between ${yearAgo}::date and ${f.today}::date
              and kind in ('course_sale', 'boutique_sale', 'video_reward', 'partner_dividend')
            group by day order by day`,
      ],
    },
    {
      id: 'ledger-page',
      name: 'ledger page, 3 filters',
      mode: 'load',
      request: get(
        `/vault/ledger?page=1&pageSize=20&kind=course_sale&amountMin=10000&dateFrom=${f.daysAgo(89)}&dateTo=${f.today}`,
      ),
      rawSql: [
        sql`select * from ledger_entries where ${ledgerFilter} order by created_at desc, id desc limit 20`,
        sql`select count(*), sum(amount), sum(fee), sum(net) from ledger_entries where ${ledgerFilter}`,
      ],
    },
    {
      id: 'ledger-page-days',
      name: 'ledger page, kind + state + 90 days',
      mode: 'load',
      request: get(
        `/vault/ledger?page=1&pageSize=20&kind=course_sale&state=available&dateFrom=${f.daysAgo(89)}&dateTo=${f.today}`,
      ),
      // Totals of whole days, a kind and a state: the daily rollups hold them.
      rawSql: [
        sql`select * from ledger_entries where designer_id = ${d} and kind = 'course_sale' and state = 'available'
              and created_at >= ${dayStart(f.daysAgo(89))} and created_at < ${dayStart(f.today)} + interval '1 day'
            order by created_at desc, id desc limit 20`,
        sql`select sum(entries), sum(amount), sum(fee), sum(net) from ledger_daily_rollups
            where designer_id = ${d} and kind = 'course_sale' and state = 'available'
              and day between ${f.daysAgo(89)}::date and ${f.today}::date`,
      ],
    },
    {
      id: 'ledger-export',
      name: `ledger CSV export (${f.exportRows.toLocaleString('en')} rows)`,
      mode: 'export',
      request: get(`/vault/ledger/export.csv?dateFrom=${f.daysAgo(EXPORT_DAYS - 1)}&dateTo=${f.today}`),
      // Every row formatted in the database; one number crosses the wire (a lower bound).
      rawSql: [
        sql`select count(*), sum(length(concat_ws(',', id, kind, amount, fee, net, state, title, source_type,
                   source_title, buyer, to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS'))))
            from ledger_entries where designer_id = ${d}
              and created_at >= ${dayStart(f.daysAgo(EXPORT_DAYS - 1))}
              and created_at < ${dayStart(f.today)} + interval '1 day'`,
      ],
    },
    {
      id: 'pack-count',
      name: 'crowd-pack live count (5 conditions)',
      mode: 'load',
      request: postJson('/crowd-packs/count', { kind: 'rule', rule }),
      // Above 200,000 fans the endpoint estimates from a sample of about 20,000 (2 % of a
      // million): the hand-written question is the same sampled count. `npm run bench -- packs`
      // times the exact count beside it.
      rawSql: [
        sql`select count(*) from fans fa tablesample system (${sql.raw(String(f.samplePercent))}) repeatable (0)
            where fa.designer_id = ${d} and fa.gender = 'female'
              and fa.birth_year between ${f.year - 40} and ${f.year - 20}
              and fa.last_active_at >= now() - interval '60 days' and fa.total_spent >= 10000
              and exists (select 1 from fan_tags t where t.fan_id = fa.id and t.tag_id = any(${tagList}::int[]))`,
      ],
    },
    {
      id: 'pack-combination',
      name: 'crowd-pack combination (3 packs)',
      mode: 'load',
      request: postJson('/crowd-packs/count', combination),
      rawSql: [
        sql`select count(*) from fans fa tablesample system (${sql.raw(String(f.samplePercent))}) repeatable (0)
            where fa.designer_id = ${d}
              and exists (select 1 from crowd_pack_members m where m.fan_id = fa.id and m.pack_id in (${a}, ${b}))
              and not exists (select 1 from crowd_pack_members m where m.fan_id = fa.id and m.pack_id = ${c})`,
      ],
    },
    {
      id: 'rank-shows',
      name: 'ranking: shows (30 d, views)',
      mode: 'load',
      request: get('/analytics/rankings/shows?days=30&metric=views&page=1&pageSize=10'),
      rawSql: [
        sql`select video_id, sum(views) as value, count(*) over () as total from video_daily_stats
            where designer_id = ${d} and day between ${monthAgo}::date and ${f.today}::date
            group by video_id order by value desc, video_id limit 10`,
      ],
    },
    {
      id: 'rank-courses',
      name: 'ranking: designer courses (30 d, sales)',
      mode: 'load',
      request: get('/analytics/rankings/designer-courses?days=30&metric=sales&page=1&pageSize=10'),
      rawSql: [
        sql`select s.course_id, sum(s.sales) as value, count(*) over () as total
            from course_daily_stats s join courses c on c.id = s.course_id
            where c.designer_id = ${d} and s.day between ${monthAgo}::date and ${f.today}::date
            group by s.course_id order by value desc, s.course_id limit 10`,
      ],
    },
  ];
}

/**
 * Deep pages read by cursor (issue 21 item 3): the page after the cursor the previous page
 * answered, as the web's pager asks for it (`page` and the cursor: a keyset seek, no offset).
 * Beside `fans-deep-page`, which jumps there by page number.
 */
function deepCursorScenarios(f: Fixtures, fanColumns: SQL): Scenario[] {
  const d = f.designerId;
  const boundary = (deep: DeepCursor, key: string) =>
    sql`(${sql.raw(key)}, ${sql.raw(key.startsWith('f.') ? 'f.id' : 'id')}) < (${deep.key}::timestamptz, ${deep.id})`;
  const query = (deep: DeepCursor) => `page=${deep.page}&pageSize=${DEEP_PAGE_SIZE}&cursor=${deep.cursor}`;
  const at = (deep: DeepCursor) =>
    `page ${deep.page.toLocaleString('en')} (row ${deep.position.toLocaleString('en')})`;
  const scenarios: Scenario[] = [];
  const { fans, ledger, packMembers } = f.deep;
  if (fans) {
    scenarios.push({
      id: 'fans-deep-cursor',
      name: `fans list, ${at(fans)} by cursor`,
      mode: 'load',
      request: get(`/fans?${query(fans)}`),
      rawSql: [
        sql`select ${fanColumns} from fans where designer_id = ${d} and ${boundary(fans, 'followed_at')}
            order by followed_at desc, id desc limit ${DEEP_PAGE_SIZE}`,
      ],
    });
  }
  if (ledger) {
    scenarios.push({
      id: 'ledger-deep-cursor',
      name: `ledger, ${at(ledger)} by cursor`,
      mode: 'load',
      request: get(`/vault/ledger?${query(ledger)}`),
      // Without filters the totals come from the daily rollups.
      rawSql: [
        sql`select * from ledger_entries where designer_id = ${d} and ${boundary(ledger, 'created_at')}
            order by created_at desc, id desc limit ${DEEP_PAGE_SIZE}`,
        sql`select sum(entries), sum(amount), sum(fee), sum(net) from ledger_daily_rollups where designer_id = ${d}`,
      ],
    });
  }
  if (packMembers) {
    const [a] = f.packIds;
    scenarios.push({
      id: 'pack-members-deep-cursor',
      name: `crowd-pack members, ${at(packMembers)} by cursor`,
      mode: 'load',
      request: get(`/crowd-packs/${a}/members?${query(packMembers)}`),
      rawSql: [
        sql`select f.* from crowd_pack_members m join fans f on f.id = m.fan_id
            where m.pack_id = ${a} and f.designer_id = ${d} and ${boundary(packMembers, 'f.followed_at')}
            order by f.followed_at desc, f.id desc limit ${DEEP_PAGE_SIZE}`,
        sql`select size from crowd_packs where id = ${a}`,
      ],
    });
  }
  return scenarios;
}
