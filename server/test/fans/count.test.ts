import type { FanListPage } from '@dc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countFans } from '../../src/modules/fans/count.ts';
import { fanFilterCondition } from '../../src/modules/fans/filter.ts';
import {
  type AccountsApp,
  call,
  createAccountsApp,
  dataOf,
  type Session,
  someone,
} from '../support/calls.ts';
import { addFan, NOW } from './support.ts';

let t: AccountsApp;
let me: Session;

beforeAll(async () => {
  t = await createAccountsApp();
  me = await someone(t, 'fan-counter');
  for (const nickname of ['旗袍控小雅', '爱穿旗袍的晴', '棉麻', 'Mia', 'Miss Coco']) {
    await addFan(t, me.id, { nickname });
  }
});
afterAll(() => t.close());

describe('issue 10 item 3: the fan list total at scale', () => {
  it('answers an exact total, labelled exact, on small sets and on the last page', async () => {
    const page = dataOf<FanListPage>(await call(t, 'GET', '/fans?pageSize=2&page=1', me));
    expect(page).toMatchObject({ totalNumber: 5, totalPages: 3, totalIsEstimate: false });
    const last = dataOf<FanListPage>(await call(t, 'GET', '/fans?pageSize=2&page=3', me));
    expect(last).toMatchObject({ totalNumber: 5, totalIsEstimate: false });
    expect(last.dataList).toHaveLength(1);
  });

  it('answers the planner estimate, labelled, when an exact count would cost too much', async () => {
    const where = fanFilterCondition(me.id, {}, NOW);
    const estimated = await countFans(t.db, where, { offset: 0, rows: 2, pageSize: 2 }, 0);
    expect(estimated.isEstimate).toBe(true);
    // Never below the rows already seen.
    expect(estimated.total).toBeGreaterThanOrEqual(2);
    const exact = await countFans(t.db, where, { offset: 0, rows: 2, pageSize: 2 }, Number.POSITIVE_INFINITY);
    expect(exact).toEqual({ total: 5, isEstimate: false });
    // A short page ends the list: exact without any count.
    expect(await countFans(t.db, where, { offset: 4, rows: 1, pageSize: 2 }, 0)).toEqual({
      total: 5,
      isEstimate: false,
    });
  });

  it('keyword search (trigram index on nickname) finds CJK and Latin substrings of any length', async () => {
    const nicknames = async (keyword: string) =>
      dataOf<FanListPage>(await call(t, 'GET', `/fans?keyword=${encodeURIComponent(keyword)}`, me))
        .dataList.map((r) => r.nickname)
        .sort();
    expect(await nicknames('旗袍')).toEqual(['旗袍控小雅', '爱穿旗袍的晴'].sort());
    expect(await nicknames('穿旗袍')).toEqual(['爱穿旗袍的晴']);
    expect(await nicknames('mi')).toEqual(['Mia', 'Miss Coco']);
    expect(await nicknames('iss co')).toEqual(['Miss Coco']);
  });
});
