import {
  type ApplicationDetail,
  type ApplicationSummary,
  type ApplysubDetail,
  type ApplysubInfo,
  type Bank,
  isValidIdCardNumber,
  type ListPage,
  type NotificationItem,
  type Provider,
  type Region,
} from '@dc/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  designers,
  exclusiveApplications,
  providerCollections,
  sessions,
} from '../../src/db/schema/index.ts';
import { ApiError } from '../../src/http/api-error.ts';
import { reviewApplication } from '../../src/modules/exclusive/review.ts';
import { temporaryDataDir, uploadImage } from '../image-files/support.ts';
import {
  type AccountsApp,
  addProvider,
  call,
  createAccountsApp,
  dataOf,
  envelopeOf,
  expectConflict,
  expectFailure,
  expectInvalid,
  expectNotFound,
  type Session,
  someone,
} from '../support/calls.ts';

let t: AccountsApp;
let silk: number;
let denim: number;
let knit: number;
beforeAll(async () => {
  // A data directory of its own: the portfolio pieces are uploaded images, kept in its store.
  t = await createAccountsApp({ env: { DATA_DIR: await temporaryDataDir() } });
  silk = await addProvider(t, '丝绸坊', {
    kind: 'studio',
    cityCode: '330500',
    description: 'Silk 100% pure',
    styles: ['真丝'],
  });
  denim = await addProvider(t, 'Denim Works', {
    kind: 'factory',
    cityCode: '440100',
    description: 'Raw denim',
  });
  knit = await addProvider(t, '织梦', { kind: 'brand', cityCode: '310100', description: 'knitwear_studio' });
});
afterAll(() => t?.close());

/** A valid resident identity card number (the check digit computed). */
function idCard(first17: string): string {
  const check = [...'0123456789X'].find((c) => isValidIdCardNumber(`${first17}${c}`));
  return `${first17}${check}`;
}
const ID_NUMBER = idCard('44010619900101123');

const application = (providerId: number, change: Record<string, unknown> = {}) => ({
  providerId,
  realName: '王美',
  idType: 'id_card',
  idNumber: ID_NUMBER,
  phone: '13900000001',
  bankCode: 'icbc',
  bankProvince: '440000',
  bankCity: '440100',
  bankBranch: '广州天河支行',
  accountName: '王美',
  accountNumber: '6222 0212 3456 7890',
  portfolio: [OWN_PIECE(1), OWN_PIECE(2)],
  statement: 'Ten years of cheongsam tailoring; I would like to design your spring line.',
  ...change,
});

/** `own:N` in a sample body: the N-th picture the sender uploaded (the portfolio takes uploads only). */
const OWN_PIECE = (n: number) => `own:${n}`;
const uploadedPieces = new Map<string, string>();
async function ownPiece(who: Session, entry: string): Promise<string> {
  if (!entry.startsWith('own:')) return entry;
  const cacheKey = `${who.id}:${entry}`;
  const known = uploadedPieces.get(cacheKey);
  if (known) return known;
  const { address } = await uploadImage(t, who);
  uploadedPieces.set(cacheKey, address);
  return address;
}

/** POST /exclusive-applications, with the body's `own:N` pieces uploaded by `who` first. */
async function submit(who: Session, body: { portfolio?: unknown }) {
  const portfolio = Array.isArray(body.portfolio)
    ? await Promise.all(
        body.portfolio.map((entry: unknown) => (typeof entry === 'string' ? ownPiece(who, entry) : entry)),
      )
    : body.portfolio;
  return call(t, 'POST', '/exclusive-applications', who, { ...body, portfolio });
}
const detail = (who: Session, providerId: number | string) =>
  call(t, 'GET', `/yiDesigner/applysubDetail?provider_id=${providerId}`, who);
const applicationRows = async () => (await t.db.select({ n: count() }).from(exclusiveApplications))[0]!.n;

describe('§7 application support data: getApplysubInfo, getBanks, getBankCitys', () => {
  it('getApplysubInfo answers the providers (with the designer’s status), id types, portfolio and statement limits, and a prefill from the account and profile', async () => {
    const me = await someone(t, 'ex_info', { phone: '13900000011' });
    const piece = await ownPiece(me, OWN_PIECE(1));
    dataOf(
      await call(t, 'PUT', '/designer-profile', me, {
        nickname: 'Info',
        avatar: '',
        realName: '李娜',
        gender: null,
        cityCode: null,
        styles: [],
        yearsOfExperience: null,
        description: '',
        portfolio: ['https://cdn.example.com/p1.jpg', piece],
      }),
    );
    const info = dataOf<ApplysubInfo>(await call(t, 'GET', '/getApplysubInfo?_t=1', me));
    expect(info.providers.map((p) => p.id)).toEqual([silk, denim, knit]);
    expect(info.providers[0]).toEqual({
      id: silk,
      name: '丝绸坊',
      kind: 'studio',
      logo: '',
      cityName: '浙江省 湖州市',
      applicationStatus: null,
      canApply: true,
    });
    expect(info.idTypes.map((o) => o.value)).toEqual(['id_card', 'passport', 'hk_macao_pass', 'taiwan_pass']);
    expect(info.idTypes[0]!.label).toEqual({ 'zh-CN': '居民身份证', 'en-US': 'Resident identity card' });
    expect(info.portfolio).toEqual({
      min: 1,
      max: 9,
      accept: ['image/jpeg', 'image/png', 'image/webp'],
      maxSizeMb: 10,
    });
    expect(info.statement).toEqual({ min: 10, max: 1000 });
    expect(info.prefill).toEqual({
      realName: '李娜',
      phone: '13900000011',
      // Only the uploaded piece: the portfolio of an application takes no outside picture.
      portfolio: [piece],
    });
    expectInvalid(await call(t, 'GET', '/getApplysubInfo?x=1', me), 'x');
  });

  it('getBanks lists the shipped banks on one page; keyword matches code (any case), name or short name, taken literally', async () => {
    const me = await someone(t, 'ex_banks');
    const all = dataOf<ListPage<Bank>>(await call(t, 'GET', '/getBanks', me));
    expect(all.totalNumber).toBeGreaterThanOrEqual(20);
    expect(all.dataList).toHaveLength(all.totalNumber);
    expect(all.totalPages).toBe(1);
    expect(all.dataList[0]).toEqual({ code: 'ICBC', name: '中国工商银行', shortName: '工商银行' });
    const byName = dataOf<ListPage<Bank>>(
      await call(t, 'GET', `/getBanks?keyword=${encodeURIComponent('招商')}`, me),
    );
    expect(byName.dataList.map((b) => b.code)).toEqual(['CMB']);
    const byCode = dataOf<ListPage<Bank>>(await call(t, 'GET', '/getBanks?keyword=icbc', me));
    expect(byCode.dataList.map((b) => b.code)).toEqual(['ICBC']);
    expect(dataOf<ListPage<Bank>>(await call(t, 'GET', '/getBanks?keyword=%25', me)).totalNumber).toBe(0);
    const paged = dataOf<ListPage<Bank>>(await call(t, 'GET', '/getBanks?pageSize=5&page=2', me));
    expect(paged.dataList).toHaveLength(5);
    expect(paged.dataList[0]).toEqual(all.dataList[5]);
    expect(paged.totalPages).toBe(Math.ceil(all.totalNumber / 5));
    expectInvalid(await call(t, 'GET', '/getBanks?pageSize=101', me), 'pageSize');
    expectInvalid(await call(t, 'GET', `/getBanks?keyword=${'x'.repeat(65)}`, me), 'keyword');
  });

  it('getBankCitys answers the provinces, or a province’s cities; an unknown province is 40000 on province', async () => {
    const me = await someone(t, 'ex_cities');
    const provinces = dataOf<ListPage<Region>>(await call(t, 'GET', '/getBankCitys', me));
    expect(provinces.totalNumber).toBe(34);
    expect(provinces.dataList).toContainEqual({ code: '440000', name: '广东省' });
    const cities = dataOf<ListPage<Region>>(await call(t, 'GET', '/getBankCitys?province=440000', me));
    expect(cities.dataList).toContainEqual({ code: '440100', name: '广州市' });
    expect(cities.dataList).toContainEqual({ code: '440300', name: '深圳市' });
    expect(cities.dataList.every((c) => c.code.startsWith('44'))).toBe(true);
    expectInvalid(await call(t, 'GET', '/getBankCitys?province=440100', me), 'province');
    expectInvalid(await call(t, 'GET', '/getBankCitys?province=abc', me), 'province');
  });

  it('the support calls need a session (20007)', async () => {
    for (const url of [
      '/getApplysubInfo',
      '/getBanks',
      '/getBankCitys',
      `/yiDesigner/applysubDetail?provider_id=${silk}`,
    ]) {
      expectFailure(await call(t, 'GET', url, null), 20007, 401);
    }
  });
});

describe('exclusive-designer applications: pending / approved / rejected, resubmission after rejection', () => {
  it('applysubDetail of a provider never applied to: no current application, canSubmit; unknown provider 40400, bad id 40000', async () => {
    const me = await someone(t, 'ex_none');
    expect(dataOf<ApplysubDetail>(await detail(me, denim))).toEqual({
      provider: { id: denim, name: 'Denim Works', kind: 'factory', logo: '', cityName: '广东省 广州市' },
      current: null,
      history: [],
      canSubmit: true,
    });
    expectNotFound(await detail(me, 999_999));
    expectInvalid(await detail(me, 'abc'), 'provider_id');
    expectInvalid(await call(t, 'GET', '/yiDesigner/applysubDetail', me), 'provider_id');
  });

  it('a submitted application is pending: the answer has the data in full, lists mask the numbers; a second one while pending is 40900', async () => {
    const me = await someone(t, 'ex_submit');
    t.clock.advance(1000);
    const res = await submit(me, application(silk));
    const saved = dataOf<ApplicationDetail>(res);
    expect(envelopeOf(res).msg).toBe('申请已提交，请等待审核');
    expect(saved).toMatchObject({
      providerId: silk,
      providerName: '丝绸坊',
      status: 'pending',
      rejectReason: null,
      attempt: 1,
      idNumber: ID_NUMBER,
      idNumberMasked: `4401**********${ID_NUMBER.slice(-4)}`,
      bankCode: 'ICBC',
      bankName: '中国工商银行',
      bankProvinceName: '广东省',
      bankCityName: '广州市',
      accountNumber: '6222021234567890',
      accountNumberMasked: '**** 7890',
      reviewedAt: null,
    });
    const shown = dataOf<ApplysubDetail>(await detail(me, silk));
    expect(shown.current).toEqual(saved);
    expect(shown.canSubmit).toBe(false);
    const list = dataOf<ListPage<ApplicationSummary>>(await call(t, 'GET', '/exclusive-applications', me));
    expect(list.totalNumber).toBe(1);
    expect(list.dataList[0]).not.toHaveProperty('idNumber');
    expect(list.dataList[0]).toMatchObject({
      idNumberMasked: saved.idNumberMasked,
      accountNumberMasked: '**** 7890',
    });
    const info = dataOf<ApplysubInfo>(await call(t, 'GET', '/getApplysubInfo', me));
    expect(info.providers.find((p) => p.id === silk)).toMatchObject({
      applicationStatus: 'pending',
      canApply: false,
    });

    const before = await applicationRows();
    expectConflict(await submit(me, application(silk)), 'providerId');
    expect(await applicationRows()).toBe(before);
  });

  it('approval (platform) notifies the designer; an approved designer cannot apply again to the same provider (40900)', async () => {
    const me = await someone(t, 'ex_approve');
    const saved = dataOf<ApplicationDetail>(await submit(me, application(denim)));
    await reviewApplication(t.db, saved.id, { approve: true }, t.clock.now());
    const shown = dataOf<ApplysubDetail>(await detail(me, denim));
    expect(shown.current).toMatchObject({ status: 'approved', rejectReason: null });
    expect(shown.current!.reviewedAt).not.toBeNull();
    expect(shown.canSubmit).toBe(false);
    const inbox = dataOf<ListPage<NotificationItem>>(await call(t, 'GET', '/notifications', me));
    expect(inbox.dataList[0]).toMatchObject({ type: 'contract', status: true });
    expect(inbox.dataList[0]!.content).toContain('Denim Works');
    expect(inbox.dataList[0]!.content).toContain('已通过');
    expectConflict(await submit(me, application(denim)), 'providerId');
  });

  it('rejection stores the reason; resubmission makes attempt 2 pending, and the rejected one moves to history', async () => {
    const me = await someone(t, 'ex_reject');
    const first = dataOf<ApplicationDetail>(await submit(me, application(knit)));
    await reviewApplication(t.db, first.id, { approve: false, reason: '作品集不足 3 件' }, t.clock.now());
    const rejected = dataOf<ApplysubDetail>(await detail(me, knit));
    expect(rejected.current).toMatchObject({
      id: first.id,
      status: 'rejected',
      rejectReason: '作品集不足 3 件',
    });
    expect(rejected.canSubmit).toBe(true);
    const inbox = dataOf<ListPage<NotificationItem>>(await call(t, 'GET', '/notifications', me));
    expect(inbox.dataList[0]).toMatchObject({ quality: 'high' });
    expect(inbox.dataList[0]!.content).toContain('作品集不足 3 件');

    t.clock.advance(60_000);
    const second = dataOf<ApplicationDetail>(
      await submit(
        me,
        application(knit, {
          portfolio: [OWN_PIECE(1), OWN_PIECE(2), OWN_PIECE(3)],
        }),
      ),
    );
    expect(second).toMatchObject({ status: 'pending', attempt: 2, rejectReason: null });
    const shown = dataOf<ApplysubDetail>(await detail(me, knit));
    expect(shown.current!.id).toBe(second.id);
    expect(shown.history.map((h) => [h.id, h.status, h.rejectReason])).toEqual([
      [first.id, 'rejected', '作品集不足 3 件'],
    ]);
    const pending = dataOf<ListPage<ApplicationSummary>>(
      await call(t, 'GET', '/exclusive-applications?status=pending', me),
    );
    expect(pending.dataList.map((a) => a.id)).toEqual([second.id]);
  });

  it('§7 review rule: only a pending application can be reviewed (40900 otherwise, 40400 unknown); a rejection needs a reason', async () => {
    const me = await someone(t, 'ex_review');
    const saved = dataOf<ApplicationDetail>(await submit(me, application(silk)));
    await expect(
      reviewApplication(t.db, saved.id, { approve: false, reason: '  ' }, t.clock.now()),
    ).rejects.toMatchObject({ code: 40000 });
    await reviewApplication(t.db, saved.id, { approve: true }, t.clock.now());
    const again = await reviewApplication(
      t.db,
      saved.id,
      { approve: false, reason: 'late' },
      t.clock.now(),
    ).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ApiError);
    expect(again).toMatchObject({ code: 40900 });
    expect((again as ApiError).message).toContain('approved');
    await expect(reviewApplication(t.db, 999_999, { approve: true }, t.clock.now())).rejects.toMatchObject({
      code: 40400,
    });
  });

  it('bad input is 40000 on the field and writes nothing; an unknown provider is 40400 on providerId; an unknown bank 40000 on bankCode', async () => {
    const me = await someone(t, 'ex_bad');
    const before = await applicationRows();
    const cases: Array<[string, Record<string, unknown>]> = [
      ['providerId', { providerId: 'abc' }],
      ['providerId', { providerId: 0 }],
      ['realName', { realName: '', accountName: '' }],
      ['idType', { idType: 'driver_licence' }],
      ['idNumber', { idNumber: `${ID_NUMBER.slice(0, 17)}${ID_NUMBER[17] === '0' ? '1' : '0'}` }],
      ['idNumber', { idNumber: '440106199002301234' }],
      ['idNumber', { idType: 'passport', idNumber: 'E12' }],
      ['idNumber', { idType: 'hk_macao_pass', idNumber: 'X12345678' }],
      ['idNumber', { idType: 'taiwan_pass', idNumber: '1234567' }],
      ['phone', { phone: '12345' }],
      ['bankProvince', { bankProvince: '440100' }],
      ['bankCity', { bankCity: '320500' }],
      ['bankCity', { bankCity: '999999' }],
      ['bankBranch', { bankBranch: '' }],
      ['accountName', { accountName: '李四' }],
      ['accountNumber', { accountNumber: '6222abc' }],
      ['accountNumber', { accountNumber: '12345' }],
      ['portfolio', { portfolio: [] }],
      ['portfolio', { portfolio: Array.from({ length: 10 }, (_, i) => `https://cdn.example.com/${i}.jpg`) }],
      ['portfolio.0', { portfolio: ['not-a-url'] }],
      // Issue 4: the pieces are uploads; an outside picture is refused.
      ['portfolio.0', { portfolio: ['https://cdn.example.com/a.jpg'] }],
      ['statement', { statement: 'too short' }],
      ['statement', { statement: 'x'.repeat(1001) }],
      ['bankBranch', { bankBranch: 'a\u0000b' }],
      ['statement', { statement: `${'x'.repeat(10)}\u0000` }],
      ['extra', { extra: true }],
    ];
    for (const [path, change] of cases) expectInvalid(await submit(me, application(silk, change)), path);
    expectInvalid(await submit(me, application(silk, { bankCode: 'NOPE' })), 'bankCode');
    expectNotFound(await submit(me, application(999_999)), 'providerId');
    expect(await applicationRows()).toBe(before);
    // Other id types with valid numbers are accepted (letters upper-cased).
    const passport = dataOf<ApplicationDetail>(
      await submit(
        me,
        application(denim, {
          idType: 'passport',
          idNumber: 'e12345678',
          statement: 'Line one.\nLine two, tabs\tkept.',
        }),
      ),
    );
    expect(passport.idNumber).toBe('E12345678');
    expect(passport.statement).toBe('Line one.\nLine two, tabs\tkept.');
  });

  it('tenancy: another designer sees none of my applications and applies to the same provider independently', async () => {
    const a = await someone(t, 'ex_tenant_a');
    const b = await someone(t, 'ex_tenant_b');
    dataOf(await submit(a, application(silk)));
    expect(dataOf<ApplysubDetail>(await detail(b, silk))).toMatchObject({
      current: null,
      history: [],
      canSubmit: true,
    });
    expect(
      dataOf<ListPage<ApplicationSummary>>(await call(t, 'GET', '/exclusive-applications', b)).totalNumber,
    ).toBe(0);
    dataOf(await submit(b, application(silk)));
  });

  it('two submissions at once: exactly one is stored, the other answers 40900', async () => {
    const me = await someone(t, 'ex_race');
    const results = await Promise.all([submit(me, application(knit)), submit(me, application(knit))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.db
      .select({ n: count() })
      .from(exclusiveApplications)
      .where(eq(exclusiveApplications.designerId, me.id));
    expect(row!.n).toBe(1);
  });
});

describe('providers: browse, collect and uncollect', () => {
  const list = (who: Session, query = '') => call(t, 'GET', `/providers${query}`, who);

  it('lists every provider with collected false and no application; keyword (literal), kind, paging and sort work', async () => {
    const me = await someone(t, 'pv_list');
    const all = dataOf<ListPage<Provider>>(await list(me));
    expect(all.dataList.map((p) => p.id)).toEqual([silk, denim, knit]);
    expect(all.dataList[0]).toEqual({
      id: silk,
      name: '丝绸坊',
      kind: 'studio',
      logo: '',
      cityCode: '330500',
      cityName: '浙江省 湖州市',
      description: 'Silk 100% pure',
      styles: ['真丝'],
      collected: false,
      collectedAt: null,
      applicationStatus: null,
    });
    expect(dataOf<ListPage<Provider>>(await list(me, '?keyword=denim')).dataList.map((p) => p.id)).toEqual([
      denim,
    ]);
    expect(dataOf<ListPage<Provider>>(await list(me, '?keyword=100%25')).dataList.map((p) => p.id)).toEqual([
      silk,
    ]);
    // `_` is a literal underscore, not "any character" (Denim Wo*rks* would match r_s).
    expect(dataOf<ListPage<Provider>>(await list(me, '?keyword=r_s')).dataList.map((p) => p.id)).toEqual([
      knit,
    ]);
    expect(dataOf<ListPage<Provider>>(await list(me, '?kind=factory')).dataList.map((p) => p.id)).toEqual([
      denim,
    ]);
    const page = dataOf<ListPage<Provider>>(await list(me, '?pageSize=2&page=2'));
    expect(page).toMatchObject({ totalNumber: 3, totalPages: 2 });
    expect(page.dataList.map((p) => p.id)).toEqual([knit]);
    expect(dataOf<ListPage<Provider>>(await list(me, '?order=desc')).dataList.map((p) => p.id)).toEqual([
      knit,
      denim,
      silk,
    ]);
    expectInvalid(await list(me, '?kind=shop'), 'kind');
    expectInvalid(await list(me, '?keyword=a%00b'), 'keyword');
    expectInvalid(await list(me, '?sortBy=secret'), 'sortBy');
  });

  it('collect / uncollect are idempotent, filter `collected` follows them, and sortBy=collectedAt puts the latest first', async () => {
    const me = await someone(t, 'pv_collect');
    const collected = dataOf<Provider>(await call(t, 'POST', `/providers/${denim}/collect`, me));
    expect(collected).toMatchObject({ id: denim, collected: true });
    expect(collected.collectedAt).not.toBeNull();
    dataOf(await call(t, 'POST', `/providers/${denim}/collect`, me));
    t.clock.advance(60_000);
    dataOf(await call(t, 'POST', `/providers/${silk}/collect`, me));
    const mine = dataOf<ListPage<Provider>>(await list(me, '?collected=true&sortBy=collectedAt&order=desc'));
    expect(mine.dataList.map((p) => p.id)).toEqual([silk, denim]);
    expect(dataOf<ListPage<Provider>>(await list(me, '?collected=false')).dataList.map((p) => p.id)).toEqual([
      knit,
    ]);
    const removed = dataOf<Provider>(await call(t, 'DELETE', `/providers/${denim}/collect`, me));
    expect(removed).toMatchObject({ collected: false, collectedAt: null });
    dataOf(await call(t, 'DELETE', `/providers/${denim}/collect`, me));
    const rows = await t.db
      .select()
      .from(providerCollections)
      .where(eq(providerCollections.designerId, me.id));
    expect(rows.map((r) => r.providerId)).toEqual([silk]);
  });

  it('an unknown provider is 40400; a bad id 40000; no session 20007', async () => {
    const me = await someone(t, 'pv_bad');
    expectNotFound(await call(t, 'POST', '/providers/999999/collect', me));
    expectNotFound(await call(t, 'DELETE', '/providers/999999/collect', me));
    expectInvalid(await call(t, 'POST', '/providers/abc/collect', me), 'id');
    expectFailure(await call(t, 'GET', '/providers', null), 20007, 401);
  });

  it("tenancy: my collections and application statuses are mine; another designer's list shows neither", async () => {
    const a = await someone(t, 'pv_tenant_a');
    const b = await someone(t, 'pv_tenant_b');
    dataOf(await call(t, 'POST', `/providers/${knit}/collect`, a));
    dataOf(await submit(a, application(knit)));
    const aView = dataOf<ListPage<Provider>>(await list(a, '?keyword=knitwear'));
    expect(aView.dataList[0]).toMatchObject({ collected: true, applicationStatus: 'pending' });
    const bView = dataOf<ListPage<Provider>>(await list(b, '?keyword=knitwear'));
    expect(bView.dataList[0]).toMatchObject({ collected: false, applicationStatus: null });
    expect(dataOf<ListPage<Provider>>(await list(b, '?collected=true')).totalNumber).toBe(0);
  });

  it('deleting a designer removes their collections and applications (cascade), not the shared providers', async () => {
    const gone = await someone(t, 'pv_gone');
    dataOf(await call(t, 'POST', `/providers/${silk}/collect`, gone));
    dataOf(await submit(gone, application(denim)));
    await t.db.delete(sessions).where(eq(sessions.designerId, gone.id));
    await t.db.delete(designers).where(eq(designers.id, gone.id));
    const left = await t.db
      .select()
      .from(exclusiveApplications)
      .where(eq(exclusiveApplications.designerId, gone.id));
    expect(left).toEqual([]);
    const me = await someone(t, 'pv_after');
    expect(dataOf<ListPage<Provider>>(await list(me)).totalNumber).toBe(3);
  });
});
