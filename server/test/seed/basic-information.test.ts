import {
  type ApplysubDetail,
  type ContractDetail,
  type ContractItem,
  type DesignerProfile,
  type DividendPage,
  dividendAmount,
  type ListPage,
  type PartnerCompany,
  type PartnerDynamic,
  type Provider,
  regionPathProblem,
  type ShopAddress,
} from '@dc/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designers, ledgerEntries, providers } from '../../src/db/schema/index.ts';
import { seedDemo } from '../../src/seed/index.ts';
import {
  API,
  authHeader,
  createTestApp,
  DEMO_SEEDED_AT,
  envelopeOf,
  loginAs,
  type TestApp,
} from '../support/test-app.ts';

/** The demo snapshot's seeding instant: the figures below are read at it. */
const NOW = DEMO_SEEDED_AT;

let t: TestApp;
let demo: string;
let newcomer: string;
beforeAll(async () => {
  t = await createTestApp({ contents: 'demo' });
  demo = await loginAs(t.app, 'demo', 'demo123456');
  newcomer = await loginAs(t.app, 'newcomer', 'demo123456');
});
afterAll(() => t?.close());

async function get<T>(token: string, url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url: `${API}${url}`, headers: authHeader(token) });
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf(res).data as T;
}

describe('demo seed of the basic information areas (issue 4 items 5, 7, 8, 9)', () => {
  it("profile: demo's is complete but for the avatar (88 %); newcomer's is empty", async () => {
    const profile = await get<DesignerProfile>(demo, '/designer-profile');
    expect(profile).toMatchObject({
      nickname: '林设计师',
      realName: '林晓岚',
      cityName: '上海市 上海市',
      yearsOfExperience: 10,
      completeness: { percent: 88, missing: ['avatar'] },
    });
    expect(profile.portfolio).toHaveLength(6);
    const fresh = await get<DesignerProfile>(newcomer, '/designer-profile');
    expect(fresh).toMatchObject({ newly_register: 1, completeness: { percent: 11 } });
  });

  it('providers: 15 shared ones in real cities; demo collected 5 and has applications in every state', async () => {
    const all = await get<ListPage<Provider>>(demo, '/providers?pageSize=100');
    expect(all.totalNumber).toBe(15);
    expect(
      all.dataList.every(
        (p) => p.cityName.length > 0 && p.logo.startsWith(`${API}/image-files/platform/images/`),
      ),
    ).toBe(true);
    expect(all.dataList.filter((p) => p.collected)).toHaveLength(5);
    expect(new Set(all.dataList.map((p) => p.applicationStatus))).toEqual(
      new Set([null, 'approved', 'pending', 'rejected']),
    );
    const resubmitted = all.dataList.find((p) => p.name === '墨白高定')!;
    const detail = await get<ApplysubDetail>(
      demo,
      `/yiDesigner/applysubDetail?provider_id=${resubmitted.id}`,
    );
    expect(detail.current).toMatchObject({ status: 'pending', attempt: 2 });
    expect(detail.history.map((h) => h.status)).toEqual(['rejected']);
    expect(detail.canSubmit).toBe(false);
    // newcomer sees the same providers, none collected.
    const theirs = await get<ListPage<Provider>>(newcomer, '/providers?collected=true');
    expect(theirs.totalNumber).toBe(0);
  });

  it('contracts: every status, type and direction; timelines end at the status; children belong to a main contract of the same provider', async () => {
    const page = await get<ListPage<ContractItem>>(demo, '/contracts?pageSize=100');
    expect(page.totalNumber).toBe(13);
    expect(new Set(page.dataList.map((c) => c.status))).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(new Set(page.dataList.map((c) => c.type))).toEqual(new Set([0, 1, 2]));
    expect(new Set(page.dataList.map((c) => c.direction))).toEqual(new Set([0, 1]));
    for (const item of page.dataList) {
      const detail = await get<ContractDetail>(demo, `/contracts/${item.id}`);
      const last = detail.timeline.at(-1)!;
      expect(last.toStatus, item.title).toBe(item.status);
      expect(detail.timeline.slice(0, 2).map((e) => e.kind)).toEqual(['created', 'submitted']);
      for (const [i, event] of detail.timeline.entries()) {
        if (i > 1) expect(event.fromStatus).toBe(detail.timeline[i - 1]!.toStatus);
      }
      if (item.type !== 0) {
        expect(detail.parent).toMatchObject({ type: 0 });
        const parent = page.dataList.find((c) => c.id === item.parentId)!;
        expect(parent.providerId).toBe(item.providerId);
      }
    }
    // The seeded contract news speaks of these contracts.
    const spring = page.dataList.find((c) => c.title === '2026春季联名合作')!;
    expect(spring.status).toBe(2);
    expect(page.dataList.find((c) => c.title === '旗袍工作坊课程合作')!.status).toBe(0);
    expect((await get<ListPage<ContractItem>>(newcomer, '/contracts')).totalNumber).toBe(0);
  });

  it("partners: 3 companies with 12 months of dividends; every paid month adds up to the vault ledger's partner_dividend entries of the month after", async () => {
    const [demoRow] = await t.db.select().from(designers).where(eq(designers.account, 'demo'));
    const ledger = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.designerId, demoRow!.id), eq(ledgerEntries.kind, 'partner_dividend')));
    const ledgerByMonth = new Map<string, number>();
    for (const row of ledger) {
      const month = row.createdAt.toISOString().slice(0, 7);
      ledgerByMonth.set(month, (ledgerByMonth.get(month) ?? 0) + row.amount);
    }

    const companies = await get<ListPage<PartnerCompany>>(demo, '/partners');
    expect(companies.totalNumber).toBe(3);
    const paidByPeriod = new Map<string, number>();
    let paidTotal = 0;
    for (const company of companies.dataList) {
      const page = await get<DividendPage>(demo, `/partners/${company.id}/dividends?pageSize=100`);
      expect(page.totalNumber).toBe(12);
      expect(page.dataList.map((d) => d.period)[0]).toBe('2026-02');
      expect(page.dataList.at(-1)!.period).toBe('2025-03');
      for (const d of page.dataList) {
        expect(d.amount).toBe(dividendAmount(d.revenue, d.ratio));
        if (d.state === 'paid') paidByPeriod.set(d.period, (paidByPeriod.get(d.period) ?? 0) + d.amount);
      }
      expect(page.totals).toEqual(company.totals);
      paidTotal += company.totals.paid;
    }
    // NOW is the 15th after 10:00 Asia/Shanghai: this month's dividends are paid, so every period is.
    expect(paidByPeriod.size).toBe(12);
    for (const [period, amount] of paidByPeriod) {
      const [year, month] = period.split('-').map(Number) as [number, number];
      const payMonth = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
      expect(ledgerByMonth.get(payMonth), period).toBe(amount);
    }
    expect(paidTotal).toBe([...paidByPeriod.values()].reduce((a, b) => a + b, 0));
    const news = await get<ListPage<PartnerDynamic>>(demo, '/partner-dynamics?pageSize=100');
    expect(news.totalNumber).toBe(20);
  });

  it('addresses: 3 valid ones, exactly one default', async () => {
    const list = await get<ListPage<ShopAddress>>(demo, '/shop-addresses');
    expect(list.totalNumber).toBe(3);
    expect(list.dataList.filter((a) => a.isDefault)).toHaveLength(1);
    expect(list.dataList[0]!.isDefault).toBe(true);
    for (const address of list.dataList) expect(regionPathProblem(address.region)).toBeUndefined();
  });

  it('the demo pictures are stored objects served by their lasting address (public); a bad key is 40000', async () => {
    const [portfolio] = (await get<{ portfolio: string[] }>(demo, '/designer-profile')).portfolio;
    const res = await t.app.inject({ method: 'GET', url: portfolio! });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/\/designers\/\d+\/images\/demo-portfolio-1\.png\?/);
    const bad = await t.app.inject({ method: 'GET', url: `${API}/image-files/..%2Fsecret.png` });
    expect(bad.statusCode).toBe(400);
    expect(envelopeOf(bad).code).toBe(40000);
  });

  it('a second seed run adds nothing (no duplicate providers)', async () => {
    expect(await seedDemo(t.db, NOW)).toBe(false);
    expect(await t.db.$count(providers)).toBe(15);
  });
});

describe('demo seed before the 15th: the latest month is still pending', () => {
  let early: TestApp;
  beforeAll(async () => {
    early = await createTestApp();
    await seedDemo(early.db, new Date('2026-03-10T08:30:00Z'));
  });
  afterAll(() => early?.close());

  it('period 2026-02 is pending for every company (paid on 15 March), the earlier ones paid', async () => {
    const token = await loginAs(early.app, 'demo', 'demo123456');
    const res = await early.app.inject({ method: 'GET', url: `${API}/partners`, headers: authHeader(token) });
    const companies = envelopeOf(res).data as ListPage<PartnerCompany>;
    for (const company of companies.dataList) {
      const page = envelopeOf(
        await early.app.inject({
          method: 'GET',
          url: `${API}/partners/${company.id}/dividends?pageSize=100`,
          headers: authHeader(token),
        }),
      ).data as DividendPage;
      expect(page.dataList.map((d) => [d.period, d.state]).slice(0, 2)).toEqual([
        ['2026-02', 'pending'],
        ['2026-01', 'paid'],
      ]);
      expect(page.totals.pending).toBeGreaterThan(0);
    }
  });
});
