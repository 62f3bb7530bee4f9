import type { ContractDetail, ContractItem, ListPage, NotificationItem } from '@dc/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractEvents, contracts } from '../../src/db/schema/index.ts';
import { toWireDateTime } from '../../src/http/wire-time.ts';
import { transitionContract } from '../../src/modules/contracts/service.ts';
import { uploadImage } from '../image-files/support.ts';
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

const DAY_MS = 86_400_000;

let t: AccountsApp;
let silk: number;
let denim: number;
beforeAll(async () => {
  t = await createAccountsApp();
  silk = await addProvider(t, '丝绸坊');
  denim = await addProvider(t, 'Denim Works');
});
afterAll(() => t?.close());

const contract = (providerId: number, change: Record<string, unknown> = {}) => ({
  title: '春季联名合作',
  providerId,
  type: 0,
  direction: 1,
  amount: 12_345_600,
  startDate: '2026-03-01',
  endDate: '2026-08-31',
  attachments: [{ name: '合同.png', url: OWN_UPLOAD }],
  remark: '首付 30%',
  ...change,
});

/**
 * Stands for a picture the designer uploaded (issue 16: attachments are the designer's own
 * uploads); `create` uploads one per designer and puts its lasting address there.
 */
const OWN_UPLOAD = 'own-upload';
const ownUploads = new Map<number, string>();
async function ownUpload(who: Session): Promise<string> {
  let address = ownUploads.get(who.id);
  if (!address) {
    address = (await uploadImage(t, who)).address;
    ownUploads.set(who.id, address);
  }
  return address;
}

async function create(who: Session, body: Record<string, unknown>) {
  const attachments = body.attachments as { name: string; url: string }[] | undefined;
  const withUploads = Array.isArray(attachments)
    ? {
        ...body,
        attachments: await Promise.all(
          attachments.map(async (a) => (a?.url === OWN_UPLOAD ? { ...a, url: await ownUpload(who) } : a)),
        ),
      }
    : body;
  return call(t, 'POST', '/contracts', who, withUploads);
}
const show = (who: Session, id: number | string) => call(t, 'GET', `/contracts/${id}`, who);
const list = (who: Session, query = '') => call(t, 'GET', `/contracts${query}`, who);
const contractRows = async () => (await t.db.select({ n: count() }).from(contracts))[0]!.n;
const today = () => toWireDateTime(t.clock.now()).slice(0, 10);

describe('POST/GET /designerapi/v1/contracts (issue 4 item 7, spec §4 states, types, directions)', () => {
  it('§4 a created contract is pending audit (1), has a code, and a timeline of created + submitted by the designer', async () => {
    const me = await someone(t, 'ct_create');
    const res = await create(me, contract(silk));
    const saved = dataOf<ContractDetail>(res);
    expect(envelopeOf(res).msg).toBe('合同已提交审核');
    expect(saved).toMatchObject({
      title: '春季联名合作',
      providerId: silk,
      providerName: '丝绸坊',
      type: 0,
      direction: 1,
      amount: 12_345_600,
      status: 1,
      startDate: '2026-03-01',
      endDate: '2026-08-31',
      parentId: null,
      attachmentCount: 1,
      remark: '首付 30%',
      attachments: [{ name: '合同.png', url: await ownUpload(me) }],
      parent: null,
      children: [],
    });
    expect(saved.code).toBe(`HT${today().replaceAll('-', '')}${String(saved.id).padStart(6, '0')}`);
    expect(saved.timeline.map((e) => [e.kind, e.actor, e.actorName, e.fromStatus, e.toStatus])).toEqual([
      ['created', 'designer', 'ct_create', null, null],
      ['submitted', 'designer', 'ct_create', null, 1],
    ]);
    expect(dataOf(await show(me, saved.id))).toEqual(saved);
  });

  it('§4 types: a sub-contract or supplement names a main contract of the same provider; the main one lists its children', async () => {
    const me = await someone(t, 'ct_family');
    const main = dataOf<ContractDetail>(await create(me, contract(silk)));
    const sub = dataOf<ContractDetail>(
      await create(me, contract(silk, { title: '面料采购', type: 1, direction: 0, parentId: main.id })),
    );
    const supplement = dataOf<ContractDetail>(
      await create(me, contract(silk, { title: '补充协议', type: 2, parentId: main.id, amount: 0 })),
    );
    expect(sub.parent).toEqual({
      id: main.id,
      code: main.code,
      title: main.title,
      type: 0,
      status: 1,
      amount: main.amount,
    });
    expect(supplement).toMatchObject({ type: 2, parentId: main.id, amount: 0 });
    const family = dataOf<ContractDetail>(await show(me, main.id));
    expect(family.children.map((c) => [c.id, c.type])).toEqual([
      [sub.id, 1],
      [supplement.id, 2],
    ]);
  });

  it('parent rules: required for sub/supplement, absent for main, a main contract, the same provider, not failed audit', async () => {
    const me = await someone(t, 'ct_parent');
    const other = await someone(t, 'ct_parent_other');
    const main = dataOf<ContractDetail>(await create(me, contract(silk)));
    const sub = dataOf<ContractDetail>(await create(me, contract(silk, { type: 1, parentId: main.id })));
    const theirs = dataOf<ContractDetail>(await create(other, contract(silk)));
    const before = await contractRows();
    expectInvalid(await create(me, contract(silk, { type: 1 })), 'parentId');
    expectInvalid(await create(me, contract(silk, { type: 2, parentId: null })), 'parentId');
    expectInvalid(await create(me, contract(silk, { type: 0, parentId: main.id })), 'parentId');
    expectInvalid(await create(me, contract(silk, { type: 2, parentId: sub.id })), 'parentId');
    expectInvalid(await create(me, contract(denim, { type: 1, parentId: main.id })), 'providerId');
    // Another designer's contract is as unknown as a missing one.
    expectNotFound(await create(me, contract(silk, { type: 1, parentId: theirs.id })), 'parentId');
    expectNotFound(await create(me, contract(silk, { type: 1, parentId: 999_999 })), 'parentId');
    await transitionContract(t.db, String(main.id), 'auditFail', 'missing stamp', t.clock.now());
    expectConflict(await create(me, contract(silk, { type: 2, parentId: main.id })), 'parentId');
    expect(await contractRows()).toBe(before);
  });

  it('bad input is 40000 on the field (never a 500) and writes nothing; an unknown provider is 40400 on providerId', async () => {
    const me = await someone(t, 'ct_bad');
    const before = await contractRows();
    const cases: Array<[string, Record<string, unknown>]> = [
      ['title', { title: ' ' }],
      ['title', { title: 'x'.repeat(65) }],
      ['providerId', { providerId: -1 }],
      ['type', { type: 3 }],
      ['type', { type: '0' }],
      ['direction', { direction: 2 }],
      ['amount', { amount: -1 }],
      ['amount', { amount: 10.5 }],
      ['amount', { amount: 100_000_000_001 }],
      ['amount', { amount: '100' }],
      ['startDate', { startDate: '2026-02-30' }],
      ['startDate', { startDate: '01/03/2026' }],
      ['startDate', { startDate: '0000-01-01' }],
      ['endDate', { endDate: '2200-01-01' }],
      ['endDate', { endDate: '2026-02-28' }],
      ['attachments', { attachments: [] }],
      [
        'attachments',
        {
          attachments: Array.from({ length: 11 }, (_, i) => ({
            name: `${i}.pdf`,
            url: `https://x.example.com/${i}.pdf`,
          })),
        },
      ],
      [
        'attachments',
        {
          attachments: [
            { name: 'a', url: 'https://x.example.com/a.pdf' },
            { name: 'b', url: 'https://x.example.com/a.pdf' },
          ],
        },
      ],
      ['attachments.0.url', { attachments: [{ name: 'a', url: 'file:///etc/passwd' }] }],
      ['attachments.0.name', { attachments: [{ name: '', url: 'https://x.example.com/a.pdf' }] }],
      ['attachments.0.size', { attachments: [{ name: 'a', url: 'https://x.example.com/a.pdf', size: 1 }] }],
      ['remark', { remark: 'x'.repeat(501) }],
      ['status', { status: 4 }],
      ['title', { title: 'a\u0000b' }],
      ['remark', { remark: 'a\u0000' }],
      ['attachments.0.name', { attachments: [{ name: 'a\nb', url: 'https://x.example.com/a.pdf' }] }],
    ];
    for (const [path, change] of cases) expectInvalid(await create(me, contract(silk, change)), path);
    expectNotFound(await create(me, contract(999_999)), 'providerId');
    expect(await contractRows()).toBe(before);
  });

  it('tenancy: another designer’s contract is 40400 (never the row); unknown 40400; a bad id 40000; no session 20007', async () => {
    const a = await someone(t, 'ct_tenant_a');
    const b = await someone(t, 'ct_tenant_b');
    const mine = dataOf<ContractDetail>(await create(a, contract(silk)));
    const res = await show(b, mine.id);
    expectNotFound(res);
    expect(res.body).not.toContain(mine.code);
    expectNotFound(await show(a, 999_999));
    expectInvalid(await show(a, 'abc'), 'id');
    expect(dataOf<ListPage<ContractItem>>(await list(b)).totalNumber).toBe(0);
    expectFailure(await call(t, 'GET', '/contracts', null), 20007, 401);
  });
});

describe('GET /designerapi/v1/contracts: the filterable list', () => {
  let me: Session;
  const ids = { a: 0, b: 0, c: 0 };
  let firstDay: string;
  let lastDay: string;

  beforeAll(async () => {
    me = await someone(t, 'ct_list');
    firstDay = today();
    ids.a = dataOf<ContractDetail>(await create(me, contract(silk, { title: 'Alpha 联名', amount: 500 }))).id;
    t.clock.advance(2 * DAY_MS);
    ids.b = dataOf<ContractDetail>(
      await create(me, contract(denim, { title: 'Beta 采购', direction: 0, amount: 300 })),
    ).id;
    ids.c = dataOf<ContractDetail>(
      await create(me, contract(silk, { title: 'Gamma 补充', type: 2, parentId: ids.a, amount: 900 })),
    ).id;
    lastDay = today();
    await transitionContract(t.db, String(ids.a), 'auditPass', '', t.clock.now());
    await transitionContract(t.db, String(ids.b), 'auditFail', '', t.clock.now());
  });

  const idsOf = async (query: string) =>
    dataOf<ListPage<ContractItem>>(await list(me, query)).dataList.map((c) => c.id);

  it('newest first by default, with the list item fields', async () => {
    const page = dataOf<ListPage<ContractItem>>(await list(me));
    expect(page).toMatchObject({ totalNumber: 3, totalPages: 1 });
    expect(page.dataList.map((c) => c.id)).toEqual([ids.c, ids.b, ids.a]);
    expect(Object.keys(page.dataList[0]!).sort()).toEqual(
      [
        'amount',
        'attachmentCount',
        'code',
        'createdAt',
        'direction',
        'endDate',
        'id',
        'parentId',
        'providerId',
        'providerName',
        'startDate',
        'status',
        'title',
        'type',
        'updatedAt',
      ].sort(),
    );
  });

  it('filters status, type, direction, providerId, keyword (title or code) and the creation days', async () => {
    expect(await idsOf('?status=2')).toEqual([ids.a]);
    expect(await idsOf('?status=0')).toEqual([ids.b]);
    expect(await idsOf('?status=1')).toEqual([ids.c]);
    expect(await idsOf('?type=2')).toEqual([ids.c]);
    expect(await idsOf('?direction=0')).toEqual([ids.b]);
    expect(await idsOf(`?providerId=${silk}`)).toEqual([ids.c, ids.a]);
    expect(await idsOf(`?keyword=${encodeURIComponent('采购')}`)).toEqual([ids.b]);
    const code = dataOf<ContractDetail>(await show(me, ids.a)).code;
    expect(await idsOf(`?keyword=${code}`)).toEqual([ids.a]);
    expect(await idsOf(`?dateFrom=${lastDay}`)).toEqual([ids.c, ids.b]);
    expect(await idsOf(`?dateTo=${firstDay}`)).toEqual([ids.a]);
    expect(await idsOf(`?dateFrom=${firstDay}&dateTo=${lastDay}&direction=1`)).toEqual([ids.c, ids.a]);
  });

  it('sorts by amount or status either way, and pages', async () => {
    expect(await idsOf('?sortBy=amount&order=asc')).toEqual([ids.b, ids.a, ids.c]);
    expect(await idsOf('?sortBy=status&order=desc')).toEqual([ids.a, ids.c, ids.b]);
    const second = dataOf<ListPage<ContractItem>>(await list(me, '?pageSize=2&page=2'));
    expect(second).toMatchObject({ totalNumber: 3, totalPages: 2 });
    expect(second.dataList.map((c) => c.id)).toEqual([ids.a]);
  });

  it('bad filters are 40000 on the parameter', async () => {
    expectInvalid(await list(me, '?status=5'), 'status');
    expectInvalid(await list(me, '?type=x'), 'type');
    expectInvalid(await list(me, '?direction=-1'), 'direction');
    expectInvalid(await list(me, '?dateFrom=2026-13-01'), 'dateFrom');
    expectInvalid(await list(me, '?dateTo=0000-01-01'), 'dateTo');
    expectInvalid(await list(me, `?dateFrom=${lastDay}&dateTo=${firstDay}`), 'dateTo');
    expectInvalid(await list(me, '?sortBy=designerId'), 'sortBy');
    expectInvalid(await list(me, '?pageSize=0'), 'pageSize');
    expectInvalid(await list(me, '?keyword=a%00b'), 'keyword');
  });
});

describe('§4 contract status transitions (the platform’s side)', () => {
  it('§4 contract status: audit pass 1 → 2, execute 2 → 3, finish 3 → 4; each a timeline event with actor platform and a notification', async () => {
    const me = await someone(t, 'ct_flow');
    const saved = dataOf<ContractDetail>(await create(me, contract(silk, { title: '全流程' })));
    await transitionContract(t.db, saved.code, 'auditPass', '资料齐全', t.clock.now());
    await transitionContract(t.db, `#${saved.id}`, 'execute', '', t.clock.now());
    await transitionContract(t.db, String(saved.id), 'finish', '', t.clock.now());
    const done = dataOf<ContractDetail>(await show(me, saved.id));
    expect(done.status).toBe(4);
    expect(
      done.timeline.map((e) => [e.kind, e.actor, e.actorName, e.fromStatus, e.toStatus, e.note]),
    ).toEqual([
      ['created', 'designer', 'ct_flow', null, null, ''],
      ['submitted', 'designer', 'ct_flow', null, 1, ''],
      ['audited', 'platform', '平台', 1, 2, '资料齐全'],
      ['executed', 'platform', '平台', 2, 3, ''],
      ['finished', 'platform', '平台', 3, 4, ''],
    ]);
    const inbox = dataOf<ListPage<NotificationItem>>(await call(t, 'GET', '/notifications', me));
    expect(inbox.dataList.map((n) => n.content)).toEqual([
      '合同《全流程》已完成',
      '合同《全流程》已进入执行阶段',
      '您的合同《全流程》已审核通过：资料齐全',
    ]);
    expect(inbox.dataList.every((n) => n.type === 'contract')).toBe(true);
  });

  it('§4 contract status: only pending audit can be audited, only pending execution executed, only executing finished (40900, nothing written)', async () => {
    const me = await someone(t, 'ct_rules');
    const saved = dataOf<ContractDetail>(await create(me, contract(silk)));
    const refuse = async (action: Parameters<typeof transitionContract>[2]) => {
      const events = (await t.db.select({ n: count() }).from(contractEvents))[0]!.n;
      await expect(
        transitionContract(t.db, String(saved.id), action, '', t.clock.now()),
      ).rejects.toMatchObject({
        code: 40900,
      });
      expect((await t.db.select({ n: count() }).from(contractEvents))[0]!.n).toBe(events);
    };
    await refuse('execute');
    await refuse('finish');
    await transitionContract(t.db, String(saved.id), 'auditFail', '缺少盖章页', t.clock.now());
    expect(dataOf<ContractDetail>(await show(me, saved.id)).status).toBe(0);
    await refuse('auditPass');
    await refuse('auditFail');
    await refuse('execute');
    const inbox = dataOf<ListPage<NotificationItem>>(await call(t, 'GET', '/notifications', me));
    expect(inbox.dataList.map((n) => [n.content, n.quality])).toEqual([
      ['合同《春季联名合作》审核未通过：缺少盖章页', 'high'],
    ]);
    await expect(transitionContract(t.db, '999999', 'auditPass', '', t.clock.now())).rejects.toMatchObject({
      code: 40400,
    });
    await expect(transitionContract(t.db, 'HT0000', 'auditPass', '', t.clock.now())).rejects.toMatchObject({
      code: 40400,
    });
    await expect(
      transitionContract(t.db, String(saved.id), 'auditPass', 'x'.repeat(201), t.clock.now()),
    ).rejects.toMatchObject({ code: 40000 });
  });
});
