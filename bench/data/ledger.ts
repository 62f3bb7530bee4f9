import { sql } from 'drizzle-orm';
import type { Database } from '../../server/src/db/client.ts';
import { rebuildLedgerRollups } from '../../server/src/modules/vault/ledger.ts';
import { at, type RowHash } from '../../server/src/seed/row-hash.ts';

/** Rows per INSERT statement (keeps each statement's memory bounded). */
const CHUNK = 250_000;

/**
 * The heavy designer's ledger: `rows` entries spread evenly over the last year in a fixed mix
 * of kinds (sales, rewards, dividends, refunds, withdrawals, fees), sources pointing at the
 * designer's real courses, products and videos; then the daily rollups rebuilt by the vault
 * module's own function.
 */
export async function insertLedger(
  db: Database,
  options: { designerId: number; rows: number; now: Date; hash: RowHash; progress: (done: number) => void },
): Promise<void> {
  const { designerId, rows, now, hash } = options;
  const i = sql.raw('i');
  const sourceIds = sql`(select
      (select array_agg(id order by id) from courses where designer_id = ${designerId}) as course,
      (select array_agg(id order by id) from products where designer_id = ${designerId}) as product,
      (select array_agg(id order by id) from videos where designer_id = ${designerId}) as video)`;
  for (let from = 1; from <= rows; from += CHUNK) {
    const to = Math.min(rows, from + CHUNK - 1);
    await db.execute(sql`
      insert into ledger_entries (designer_id, kind, amount, fee, net, state, title, source_type, source_id,
                                  source_title, buyer, created_at, settle_due_at, settled_at)
      select ${designerId}, k.kind,
             case when k.sign < 0 then -a.amount else a.amount end,
             case when k.sign > 0 then a.amount / 10 else 0 end,
             case when k.sign > 0 then a.amount - a.amount / 10 else -a.amount end,
             case when k.kind = 'refund' then 'refunded' when k.kind = 'withdrawal' then 'withdrawn'
                  when k.sign > 0 and t.at > ${at(now)} - interval '7 days' then 'pending' else 'available' end,
             case k.source when 'course' then '课程销售' when 'product' then '精品销售'
                  when 'video' then '视频打赏' when 'partner' then '合伙人分红'
                  else case k.kind when 'withdrawal' then '提现' else '平台服务费' end end,
             k.source, s.id, case when s.id is null then null else k.source || ' #' || s.id end,
             case when k.sign > 0 then '买家' || (${hash(i, 'ledger-buyer')} % 100000) end,
             t.at,
             case when k.sign > 0 then t.at + interval '7 days' end,
             case when k.sign > 0 and t.at <= ${at(now)} - interval '7 days' then t.at + interval '7 days'
                  when k.sign < 0 then t.at end
      from generate_series(${from}::int, ${to}::int) as i
      cross join ${sourceIds} as src
      cross join lateral (select (${hash(i, 'ledger-amount')} % 49900 + 100)::bigint as amount) a
      cross join lateral (select ${at(now)} - (i::float8 / ${rows}) * interval '365 days' as at) t
      cross join lateral (
        select (array['course_sale','course_sale','boutique_sale','boutique_sale','video_reward',
                      'partner_dividend','refund','withdrawal','platform_fee','course_sale'])[1 + k0.r] as kind,
               (array[1,1,1,1,1,1,-1,-1,-1,1])[1 + k0.r] as sign,
               (array['course','course','product','product','video','partner','product',null,null,'course'])[1 + k0.r] as source
        from (select ${hash(i, 'ledger-kind')} % 10 as r) k0) k
      cross join lateral (
        select case k.source
                 when 'course' then src.course[1 + ${hash(i, 'ledger-source')} % cardinality(src.course)]
                 when 'product' then src.product[1 + ${hash(i, 'ledger-source')} % cardinality(src.product)]
                 when 'video' then src.video[1 + ${hash(i, 'ledger-source')} % cardinality(src.video)]
               end as id) s`);
    options.progress(to);
  }
  await rebuildLedgerRollups(db, designerId);
}
