import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_REWARD_FEN_PER_VIEW } from '../../src/seed/vault-sources.ts';
import { createTestApp, DEMO_SEEDED_AT, queryRows, type TestApp } from '../support/test-app.ts';

/** The demo snapshot's seeding instant: the figures below are read at it. */
const NOW = DEMO_SEEDED_AT;
const at = sql`${NOW.toISOString()}::timestamptz`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW, contents: 'demo' });
}, 300_000);
afterAll(() => t?.close());

/** Rows of `left` not in `right` and of `right` not in `left` (both empty when the sets are equal). */
async function difference(left: SQL, right: SQL) {
  return queryRows(t.db, sql`(${left} except all ${right}) union all (${right} except all ${left})`);
}

describe('§ issue 6: the demo ledger is computed from the rows the other areas seed', () => {
  it("§ issue 6: the demo ledger's course income equals the course purchases and its boutique income equals the orders", async () => {
    const courseSales = await difference(
      sql`select c.id as source_id, count(*)::int as n, sum(p.price_paid)::bigint as amount
          from course_purchases p join courses c on c.id = p.course_id
          join designers d on d.id = c.designer_id and d.account = 'demo' group by c.id`,
      sql`select source_id, count(*)::int, sum(amount)::bigint from ledger_entries
          where kind = 'course_sale' and source_type = 'course' group by source_id`,
    );
    expect(courseSales).toEqual([]);
    // Sales less refunds per product = the orders that were not refunded; one refund per refunded order.
    const boutiqueSales = await difference(
      sql`select product_id as source_id, count(*) filter (where state <> 'refunded')::int as kept,
                 count(*) filter (where state = 'refunded')::int as refunded,
                 coalesce(sum(total) filter (where state <> 'refunded'), 0)::bigint as amount
          from boutique_orders group by product_id`,
      sql`select source_id, count(*) filter (where kind = 'boutique_sale' and state <> 'refunded')::int,
                 count(*) filter (where kind = 'refund')::int, sum(amount)::bigint
          from ledger_entries where kind in ('boutique_sale', 'refund') and source_type = 'product'
          group by source_id`,
    );
    expect(boutiqueSales).toEqual([]);
    const [totals] = await queryRows<{ courses: number; orders: number; refundNet: number }>(
      t.db,
      sql`select (select count(*) from course_purchases)::int as courses,
                 (select count(*) from boutique_orders)::int as orders,
                 (select coalesce(sum(net), 0) from ledger_entries where state = 'refunded')::int as "refundNet"`,
    );
    expect(totals!.courses).toBeGreaterThan(800);
    expect(totals!.orders).toBeGreaterThan(800);
    expect(totals!.refundNet).toBe(0); // a refunded sale and its refund cancel out
  });

  it('§ issue 6: video rewards are the plays of each finished week, partner dividends the paid dividend rows', async () => {
    const rewards = await difference(
      sql`select video_id as source_id, (sum(views) * ${VIDEO_REWARD_FEN_PER_VIEW})::bigint as amount
          from video_daily_stats
          where ((day - (extract(isodow from day)::int - 1) + 7)::timestamp + interval '10 hours')
                  at time zone 'Asia/Shanghai' <= ${at}
          group by video_id having sum(views) > 0`,
      sql`select source_id, sum(amount)::bigint from ledger_entries
          where kind = 'video_reward' and source_type = 'video' group by source_id`,
    );
    expect(rewards).toEqual([]);
    const dividends = await difference(
      sql`select company_id as source_id, count(*)::int as n, sum(amount)::bigint as amount, max(paid_at) as last
          from partner_dividends where state = 'paid' group by company_id`,
      sql`select source_id, count(*)::int, sum(amount)::bigint, max(created_at) from ledger_entries
          where kind = 'partner_dividend' and source_type = 'partner' group by source_id`,
    );
    expect(dividends).toEqual([]);
    const [kinds] = await queryRows<{ invented: number; rewards: number }>(
      t.db,
      sql`select count(*) filter (where kind <> 'withdrawal' and source_id is null)::int as invented,
                 count(*) filter (where kind = 'video_reward')::int as rewards
          from ledger_entries`,
    );
    expect(kinds).toEqual({ invented: 0, rewards: expect.any(Number) });
    expect(kinds!.rewards).toBeGreaterThan(0);
  });

  it('§ issue 6: settlement follows the 7-day rule; every withdrawal is paid and within the balance of its time', async () => {
    const [settlement] = await queryRows<{ wrong: number; pending: number }>(
      t.db,
      sql`select count(*) filter (where kind in ('course_sale', 'boutique_sale', 'video_reward', 'partner_dividend')
                   and (settle_due_at <> created_at + interval '7 days'
                        or (state <> 'refunded' and (state = 'pending') <> (settle_due_at > ${at}))
                        or (state = 'available' and settled_at <> settle_due_at)
                        or fee <> (amount * 10 + 50) / 100 or net <> amount - fee))::int as wrong,
                 count(*) filter (where state = 'pending')::int as pending
          from ledger_entries`,
    );
    expect(settlement).toEqual({ wrong: 0, pending: expect.any(Number) });
    expect(settlement!.pending).toBeGreaterThan(0);
    const withdrawals = await queryRows<{ amount: number; before: number; paid: boolean }>(
      t.db,
      sql`select -w.amount::bigint as amount, p.state = 'paid' and p.amount = -w.amount as paid,
                 (select coalesce(sum(e.net), 0) from ledger_entries e
                  where e.state <> 'refunded' and e.kind <> 'withdrawal' and e.settle_due_at <= w.created_at)
                 + (select coalesce(sum(e.net), 0) from ledger_entries e
                    where e.kind = 'withdrawal' and e.created_at < w.created_at) as before
          from ledger_entries w join withdrawals p on p.id = w.withdrawal_id
          where w.kind = 'withdrawal' order by w.created_at`,
    );
    expect(withdrawals.length).toBeGreaterThanOrEqual(10);
    for (const w of withdrawals) {
      expect(w.paid).toBe(true);
      expect(Number(w.amount)).toBeLessThanOrEqual(Number(w.before));
    }
  });

  it('§7 the rollups equal the ledger rows they sum', async () => {
    const drift = await difference(
      sql`select designer_id, (created_at at time zone 'Asia/Shanghai')::date as day, kind, state,
                 sum(amount)::bigint as amount, sum(fee)::bigint as fee, sum(net)::bigint as net, count(*)::int as n
          from ledger_entries group by 1, 2, 3, 4`,
      sql`select designer_id, day, kind, state, amount, fee, net, entries from ledger_daily_rollups`,
    );
    expect(drift).toEqual([]);
  });
});
