import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf } from '../support/test-app.ts';
import { createVaultApp, type VaultApp } from './support.ts';

let t: VaultApp;
beforeAll(async () => {
  t = await createVaultApp();
});
afterAll(() => t?.close());

const dataOf = async (path: string, token?: string) => {
  const res = await t.get(path, token);
  const body = envelopeOf(res);
  expect(body.code, res.body).toBe(200);
  return body.data as Record<string, unknown>;
};

const failure = async (path: string) => {
  const res = await t.get(path);
  return {
    status: res.statusCode,
    body: envelopeOf(res) as { code: number; data: { errors: { path: string }[] } },
  };
};

describe('issue 6 §2 balance cards (fen, against the hand-computed ledger of support.ts)', () => {
  it('now: earned 77700, pending 47000 (entries 3 and 4; the rest settled), withdrawn 6000, available 24700', async () => {
    const data = await dataOf('/balance');
    expect(data).toMatchObject({ totalEarned: 77700, pending: 47000, withdrawn: 6000, available: 24700 });
    expect(data.computedAt).toBe('2025-03-10 12:00:00');
  });

  it('previous period (36 days: end of 2025-02-02): earned 34200, pending 27000 (Jan 31 + Feb 1), available 7200', async () => {
    const data = await dataOf('/balance?days=36');
    expect(data.previous).toEqual({ totalEarned: 34200, pending: 27000, withdrawn: 0, available: 7200 });
    expect(data.periodDays).toBe(36);
  });

  it('previous period (30 days: end of 2025-02-08): the Jan 31 / Feb 1 sales have settled', async () => {
    const data = await dataOf('/balance');
    expect(data.previous).toEqual({ totalEarned: 34200, pending: 0, withdrawn: 0, available: 34200 });
  });

  it("DESIGN tenancy: Kai sees only Kai's sale (net 89910, settled)", async () => {
    const data = await dataOf('/balance', t.kai.token);
    expect(data).toMatchObject({ totalEarned: 89910, pending: 0, withdrawn: 0, available: 89910 });
  });

  it('a designer without a ledger sees zeros; the balance needs a session (§8 20007)', async () => {
    expect(await dataOf('/balance', t.emptyToken)).toMatchObject({
      totalEarned: 0,
      pending: 0,
      available: 0,
    });
    const res = await t.app.inject({ method: 'GET', url: '/designerapi/v1/vault/balance' });
    expect(envelopeOf(res).code).toBe(20007);
  });
});

describe('issue 6 §2 income trend (Asia/Shanghai boundaries)', () => {
  it('days: 23:59:59 on Jan 31 and 00:00:00 on Feb 1 fall on their own business days', async () => {
    const data = await dataOf('/income-trend?start=2025-01-31&end=2025-02-01&granularity=day');
    expect(data.buckets).toEqual([
      { bucket: '2025-01-31', income: 9000, gross: 10000, entries: 1 },
      { bucket: '2025-02-01', income: 18000, gross: 20000, entries: 1 },
    ]);
    expect(data.total).toBe(27000);
  });

  it('months: the refund at 23:59 on Feb 28 is February; withdrawals are not income', async () => {
    const data = await dataOf('/income-trend?start=2025-01-01&end=2025-03-31&granularity=month');
    expect(data.buckets).toEqual([
      { bucket: '2025-01-01', income: 16200, gross: 18000, entries: 2 },
      { bucket: '2025-02-01', income: 14500, gross: 20000, entries: 3 },
      { bucket: '2025-03-01', income: 47000, gross: 52000, entries: 2 },
    ]);
    expect(data.total).toBe(77700);
  });

  it('weeks start on Monday; empty days are zeros', async () => {
    const weeks = await dataOf('/income-trend?start=2025-02-26&end=2025-03-09&granularity=week');
    expect(weeks.buckets).toEqual([
      { bucket: '2025-02-24', income: -3000, gross: 0, entries: 1 },
      { bucket: '2025-03-03', income: 47000, gross: 52000, entries: 2 },
    ]);
    const days = await dataOf('/income-trend?start=2025-03-06&end=2025-03-08');
    expect((days.buckets as { income: number }[]).map((b) => b.income)).toEqual([0, 0, 0]);
  });

  it('Bad input: over 366 days, end before start, unknown granularity → 40000 naming the field', async () => {
    expect((await dataOf('/income-trend?start=2024-01-01&end=2024-12-31')).buckets).toHaveLength(366);
    const tooLong = await failure('/income-trend?start=2024-01-01&end=2025-01-01');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe(40000);
    expect(tooLong.body.data.errors[0]!.path).toBe('end');
    const reversed = await failure('/income-trend?start=2025-02-02&end=2025-02-01');
    expect(reversed.body.data.errors[0]!.path).toBe('end');
    const unknown = await failure('/income-trend?start=2025-02-01&end=2025-02-02&granularity=year');
    expect(unknown.body.data.errors[0]!.path).toBe('granularity');
    const notADate = await failure('/income-trend?start=2025-02-30&end=2025-03-01');
    expect(notADate.body.data.errors[0]!.path).toBe('start');
  });
});

describe('issue 6 §2 income by source, top items, pending settlements', () => {
  it('income by source: boutique 45000, course 27000, partner 7200, video 2000', async () => {
    const data = await dataOf('/income-by-source?start=2025-01-01&end=2025-03-31');
    expect(data.items).toEqual([
      { kind: 'boutique_sale', net: 45000, entries: 1 },
      { kind: 'course_sale', net: 27000, entries: 2 },
      { kind: 'partner_dividend', net: 7200, entries: 1 },
      { kind: 'video_reward', net: 2000, entries: 1 },
    ]);
    expect(data.total).toBe(81200);
  });

  it('top items: the refund comes off its product (45000 − 3000)', async () => {
    const data = await dataOf('/top-items?start=2025-01-01&end=2025-03-31&limit=3');
    expect(data.items).toEqual([
      { sourceType: 'product', sourceId: 7, title: '真丝旗袍', net: 42000, entries: 2 },
      { sourceType: 'course', sourceId: 1, title: '旗袍课', net: 27000, entries: 2 },
      { sourceType: 'partner', sourceId: null, title: '合伙人分红', net: 7200, entries: 1 },
    ]);
  });

  it('what arrives when: 45000 on 2025-03-12, 2000 on 2025-03-16', async () => {
    const data = await dataOf('/pending-settlements');
    expect(data.days).toEqual([
      { day: '2025-03-12', net: 45000, entries: 1 },
      { day: '2025-03-16', net: 2000, entries: 1 },
    ]);
    expect(data.total).toBe(47000);
  });
});
