import {
  type DividendPage,
  dividendAmount,
  formatRatio,
  type ListPage,
  type PartnerCompany,
  type PartnerDynamic,
} from '@dc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerCompanies, partnerDividends, partnerDynamics } from '../../src/db/schema/index.ts';
import {
  type AccountsApp,
  call,
  createAccountsApp,
  dataOf,
  expectFailure,
  expectInvalid,
  expectNotFound,
  type Session,
  someone,
} from '../support/calls.ts';

const DAY_MS = 86_400_000;

let t: AccountsApp;
let me: Session;
let other: Session;
let alpha: number;
let beta: number;
let theirs: number;

async function company(designerId: number, name: string, joinedAt: string, shareRatio = 1000) {
  const [row] = await t.db
    .insert(partnerCompanies)
    .values({ designerId, name, industry: '女装', shareRatio, joinedAt })
    .returning({ id: partnerCompanies.id });
  return row!.id;
}

function dividend(
  designerId: number,
  companyId: number,
  period: string,
  revenue: number,
  ratio: number,
  paid: boolean,
) {
  return {
    designerId,
    companyId,
    period,
    revenue,
    ratio,
    amount: dividendAmount(revenue, ratio),
    state: paid ? ('paid' as const) : ('pending' as const),
    paidAt: paid ? new Date(`${period}-28T02:00:00Z`) : null,
  };
}

beforeAll(async () => {
  t = await createAccountsApp();
  me = await someone(t, 'pt_me');
  other = await someone(t, 'pt_other');
  alpha = await company(me.id, 'Alpha 服饰', '2024-05-01', 1200);
  beta = await company(me.id, 'Beta 家纺', '2025-01-10', 800);
  theirs = await company(other.id, 'Their Co', '2024-01-01');
  await t.db.insert(partnerDividends).values([
    dividend(me.id, alpha, '2025-10', 1_000_000, 1200, true), // 120000
    dividend(me.id, alpha, '2025-11', 1_234_567, 1200, true), // 148148.04 → 148148
    dividend(me.id, alpha, '2025-12', 999_999, 1250, false), // 124999.875 → 125000
    dividend(me.id, alpha, '2026-01', 500_004, 1250, false), // 62500.5 → 62501
    dividend(me.id, beta, '2025-12', 2_000_000, 800, true),
    dividend(other.id, theirs, '2025-12', 9_999_999, 5000, true),
  ]);
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS);
  await t.db.insert(partnerDynamics).values([
    { designerId: me.id, companyId: alpha, kind: 'news', title: 'Alpha opens a store', publishedAt: at(1) },
    {
      designerId: me.id,
      companyId: beta,
      kind: 'announcement',
      title: 'Beta dividend notice',
      publishedAt: at(3),
    },
    { designerId: me.id, companyId: alpha, kind: 'milestone', title: 'Alpha 1 million', publishedAt: at(10) },
    { designerId: other.id, companyId: theirs, kind: 'news', title: 'Their news', publishedAt: at(0) },
  ]);
});
afterAll(() => t?.close());

describe('dividend amount = revenue × ratio / 10000, rounded half up in integer arithmetic', () => {
  it('rounds half up, exactly, even where floating point would not', () => {
    expect(dividendAmount(1_234_567, 1200)).toBe(148_148);
    expect(dividendAmount(999_999, 1250)).toBe(125_000);
    expect(dividendAmount(500_004, 1250)).toBe(62_501); // 62500.5 → up
    expect(dividendAmount(500_003, 1250)).toBe(62_500); // 62500.375 → down
    expect(dividendAmount(1, 5000)).toBe(1); // 0.5 → 1
    expect(dividendAmount(1, 4999)).toBe(0);
    expect(dividendAmount(0, 10_000)).toBe(0);
    // 9007199254740991 × 9999 is past 2^53: floats lose it, BigInt does not.
    expect(dividendAmount(Number.MAX_SAFE_INTEGER, 9999)).toBe(
      Number((9_007_199_254_740_991n * 9999n + 5000n) / 10000n),
    );
    expect(() => dividendAmount(-1, 100)).toThrow(RangeError);
    expect(() => dividendAmount(100, 10_001)).toThrow(RangeError);
    expect(() => dividendAmount(1.5, 100)).toThrow(RangeError);
    expect(formatRatio(1250)).toBe('12.5%');
    expect(formatRatio(1200)).toBe('12%');
  });

  it('the database refuses a dividend whose amount does not follow the rule', async () => {
    const bad = { ...dividend(me.id, beta, '2026-02', 1000, 1000, false), amount: 101 };
    await expect(t.db.insert(partnerDividends).values(bad)).rejects.toThrow();
    const paidWithoutTime = {
      ...dividend(me.id, beta, '2026-02', 1000, 1000, false),
      state: 'paid' as const,
    };
    await expect(t.db.insert(partnerDividends).values(paidWithoutTime)).rejects.toThrow();
  });
});

describe('GET /designerapi/v1/partners (设计师合伙人, issue 4 item 8)', () => {
  it("answers the designer's companies, oldest partnership first, each with its dividend totals", async () => {
    const page = dataOf<ListPage<PartnerCompany>>(await call(t, 'GET', '/partners', me));
    expect(page).toMatchObject({ totalNumber: 2, totalPages: 1 });
    expect(page.dataList.map((c) => c.name)).toEqual(['Alpha 服饰', 'Beta 家纺']);
    expect(page.dataList[0]).toMatchObject({
      id: alpha,
      industry: '女装',
      shareRatio: 1200,
      joinedAt: '2024-05-01',
      status: 'active',
      totals: { revenue: 3_734_570, amount: 455_649, paid: 268_148, pending: 187_501 },
    });
    expect(page.dataList[1]!.totals).toEqual({
      revenue: 2_000_000,
      amount: 160_000,
      paid: 160_000,
      pending: 0,
    });
    const desc = dataOf<ListPage<PartnerCompany>>(await call(t, 'GET', '/partners?order=desc', me));
    expect(desc.dataList.map((c) => c.id)).toEqual([beta, alpha]);
  });

  it('tenancy: another designer sees only their own companies; no session 20007', async () => {
    const page = dataOf<ListPage<PartnerCompany>>(await call(t, 'GET', '/partners', other));
    expect(page.dataList.map((c) => c.id)).toEqual([theirs]);
    expectFailure(await call(t, 'GET', '/partners', null), 20007, 401);
  });
});

describe('GET /designerapi/v1/partners/:id/dividends', () => {
  const dividends = (who: Session, id: number | string, query = '') =>
    call(t, 'GET', `/partners/${id}/dividends${query}`, who);

  it('answers the company, its dividends newest period first, and totals {revenue, amount, paid, pending}', async () => {
    const page = dataOf<DividendPage>(await dividends(me, alpha));
    expect(page.company).toEqual({ id: alpha, name: 'Alpha 服饰' });
    expect(page.dataList.map((d) => [d.period, d.revenue, d.ratio, d.amount, d.state])).toEqual([
      ['2026-01', 500_004, 1250, 62_501, 'pending'],
      ['2025-12', 999_999, 1250, 125_000, 'pending'],
      ['2025-11', 1_234_567, 1200, 148_148, 'paid'],
      ['2025-10', 1_000_000, 1200, 120_000, 'paid'],
    ]);
    expect(page.dataList[2]!.paidAt).toMatch(/^2025-11-28 10:00:00$/);
    expect(page.dataList[0]!.paidAt).toBeNull();
    expect(page.totals).toEqual({ revenue: 3_734_570, amount: 455_649, paid: 268_148, pending: 187_501 });
    expect(page.totals.amount).toBe(page.totals.paid + page.totals.pending);
  });

  it('the totals cover every dividend the filter matches, not just the page; state and period filters apply', async () => {
    const first = dataOf<DividendPage>(await dividends(me, alpha, '?pageSize=1'));
    expect(first).toMatchObject({ totalNumber: 4, totalPages: 4 });
    expect(first.dataList).toHaveLength(1);
    expect(first.totals.amount).toBe(455_649);
    const paid = dataOf<DividendPage>(await dividends(me, alpha, '?state=paid'));
    expect(paid.dataList.map((d) => d.period)).toEqual(['2025-11', '2025-10']);
    expect(paid.totals).toEqual({ revenue: 2_234_567, amount: 268_148, paid: 268_148, pending: 0 });
    const range = dataOf<DividendPage>(
      await dividends(me, alpha, '?periodFrom=2025-11&periodTo=2025-12&order=asc'),
    );
    expect(range.dataList.map((d) => d.period)).toEqual(['2025-11', '2025-12']);
    expect(range.totals.amount).toBe(148_148 + 125_000);
    const none = dataOf<DividendPage>(await dividends(me, alpha, '?periodFrom=2030-01'));
    expect(none).toMatchObject({
      dataList: [],
      totalNumber: 0,
      totalPages: 0,
      totals: { revenue: 0, amount: 0, paid: 0, pending: 0 },
    });
  });

  it("tenancy: another designer's company is 40400 (never its rows); unknown 40400; bad input 40000", async () => {
    const res = await dividends(me, theirs);
    expectNotFound(res);
    expect(res.body).not.toContain('Their Co');
    expectNotFound(await dividends(other, alpha));
    expectNotFound(await dividends(me, 999_999));
    expectInvalid(await dividends(me, 'abc'), 'id');
    expectInvalid(await dividends(me, alpha, '?state=late'), 'state');
    expectInvalid(await dividends(me, alpha, '?periodFrom=2025-13'), 'periodFrom');
    expectInvalid(await dividends(me, alpha, '?periodFrom=2025-12&periodTo=2025-11'), 'periodTo');
  });
});

describe('GET /designerapi/v1/partner-dynamics', () => {
  it('answers the news of my partner companies, newest first, with the company name; filters company and kind', async () => {
    const page = dataOf<ListPage<PartnerDynamic>>(await call(t, 'GET', '/partner-dynamics', me));
    expect(page.dataList.map((d) => [d.title, d.companyName, d.kind])).toEqual([
      ['Alpha opens a store', 'Alpha 服饰', 'news'],
      ['Beta dividend notice', 'Beta 家纺', 'announcement'],
      ['Alpha 1 million', 'Alpha 服饰', 'milestone'],
    ]);
    const alphaOnly = dataOf<ListPage<PartnerDynamic>>(
      await call(t, 'GET', `/partner-dynamics?companyId=${alpha}`, me),
    );
    expect(alphaOnly.totalNumber).toBe(2);
    const milestones = dataOf<ListPage<PartnerDynamic>>(
      await call(t, 'GET', '/partner-dynamics?kind=milestone', me),
    );
    expect(milestones.dataList.map((d) => d.title)).toEqual(['Alpha 1 million']);
    const paged = dataOf<ListPage<PartnerDynamic>>(
      await call(t, 'GET', '/partner-dynamics?pageSize=2&page=2', me),
    );
    expect(paged).toMatchObject({ totalNumber: 3, totalPages: 2 });
    expectInvalid(await call(t, 'GET', '/partner-dynamics?kind=gossip', me), 'kind');
  });

  it("tenancy: another designer's news never shows, even when asked for by their company id", async () => {
    const page = dataOf<ListPage<PartnerDynamic>>(
      await call(t, 'GET', `/partner-dynamics?companyId=${theirs}`, me),
    );
    expect(page.totalNumber).toBe(0);
    const theirsView = dataOf<ListPage<PartnerDynamic>>(await call(t, 'GET', '/partner-dynamics', other));
    expect(theirsView.dataList.map((d) => d.title)).toEqual(['Their news']);
  });
});
