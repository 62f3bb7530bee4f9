import type { Database } from '../db/client.ts';
import { ledgerEntries } from '../db/schema/index.ts';
import type { SeededRandom } from './random.ts';

type LedgerRow = typeof ledgerEntries.$inferInsert;

const DAY_MS = 86_400_000;
/** Income settles after this many days; newer entries are pending settlement. */
const SETTLEMENT_DAYS = 7;
const PLATFORM_FEE_RATE = 0.1;

const COURSE_TITLES = ['旗袍立裁入门', '西装版型精讲', '亚麻衬衫制作', '童装打版基础', '婚纱设计进阶'];
const PRODUCT_TITLES = ['真丝旗袍', '羊毛西装外套', '亚麻阔腿裤', '手工刺绣披肩', '棉麻连衣裙'];
const VIDEO_TITLES = ['秀场幕后', '面料挑选技巧', '一分钟改衣', '旗袍盘扣教程'];

/** A year of ledger entries ending at `now`: sales every day, dividends and withdrawals monthly. */
export function demoLedger(designerId: number, now: Date, random: SeededRandom): LedgerRow[] {
  const rows: LedgerRow[] = [];
  const settlementEdge = now.getTime() - SETTLEMENT_DAYS * DAY_MS;
  const income = (kind: LedgerRow['kind'], amount: number, title: string, at: Date) => {
    const fee = Math.round(amount * PLATFORM_FEE_RATE);
    const settled = at.getTime() < settlementEdge;
    rows.push({
      designerId,
      kind,
      amount,
      fee,
      net: amount - fee,
      state: settled ? 'available' : 'pending',
      title,
      createdAt: at,
      settledAt: settled ? new Date(at.getTime() + SETTLEMENT_DAYS * DAY_MS) : null,
    });
  };

  // Net of entries settled before the current day, kept as the days advance.
  let settledNet = 0;
  let settledCursor = 0;
  for (let day = 365; day >= 0; day--) {
    const dayStart = now.getTime() - day * DAY_MS;
    const at = () => new Date(Math.min(now.getTime() - 1000, dayStart + random.int(0, DAY_MS - 1000)));
    const growth = 1 + (365 - day) / 365; // business grows over the year
    for (let i = random.int(1, Math.round(4 * growth)); i > 0; i--) {
      income('course_sale', random.int(99, 499) * 100, random.pick(COURSE_TITLES), at());
    }
    for (let i = random.int(0, Math.round(3 * growth)); i > 0; i--) {
      income('boutique_sale', random.int(199, 2999) * 100, random.pick(PRODUCT_TITLES), at());
    }
    if (random.chance(0.3)) income('video_reward', random.int(5, 200) * 100, random.pick(VIDEO_TITLES), at());
    if (random.chance(0.04)) {
      const amount = random.int(99, 999) * 100;
      rows.push({
        designerId,
        kind: 'refund',
        amount: -amount,
        fee: 0,
        net: -amount,
        state: 'refunded',
        title: random.pick(PRODUCT_TITLES),
        createdAt: at(),
        settledAt: at(),
      });
    }
    const date = new Date(dayStart);
    if (date.getUTCDate() === 15) income('partner_dividend', random.int(500, 3000) * 100, '合伙人分红', at());
    // Withdraw most of what has settled, once a month.
    for (; settledCursor < rows.length; settledCursor++) {
      const row = rows[settledCursor]!;
      if ((row.createdAt as Date).getTime() >= dayStart) break;
      if (row.state !== 'pending') settledNet += row.net;
    }
    const available = settledNet;
    if (date.getUTCDate() === 28 && available > 100_000) {
      const amount = Math.floor((available * 0.6) / 100) * 100;
      rows.push({
        designerId,
        kind: 'withdrawal',
        amount: -amount,
        fee: 0,
        net: -amount,
        state: 'withdrawn',
        title: '提现到银行卡',
        createdAt: new Date(dayStart),
        settledAt: new Date(dayStart + DAY_MS),
      });
    }
  }
  return rows;
}

export async function insertInChunks(
  db: Pick<Database, 'insert'>,
  rows: LedgerRow[],
  chunk = 500,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    await db.insert(ledgerEntries).values(rows.slice(i, i + chunk));
  }
}
