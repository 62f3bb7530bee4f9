import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../src/db/schema/index.ts';
import {
  API,
  authHeader,
  createDesigner,
  createTestApp,
  envelopeOf,
  loginAs,
  type TestApp,
} from './support/test-app.ts';

const PASSWORD = 'vault-pass-1';
const BALANCE = `${API}/vault/balance`;

let t: TestApp;
const tokens: Record<'mei' | 'kai' | 'empty', string> = { mei: '', kai: '', empty: '' };

type Row = typeof ledgerEntries.$inferInsert;
const at = (day: number) => new Date(Date.UTC(2025, 0, day, 4));
const entry = (
  designerId: number,
  row: Omit<Row, 'designerId' | 'title' | 'createdAt'>,
  day: number,
): Row => ({
  designerId,
  title: `${row.kind} ${day}`,
  createdAt: at(day),
  ...row,
});

beforeAll(async () => {
  t = await createTestApp();
  const mei = await createDesigner(t.db, { account: 'mei', password: PASSWORD });
  const kai = await createDesigner(t.db, { account: 'kai', password: PASSWORD });
  await createDesigner(t.db, { account: 'empty', password: PASSWORD });
  // A hand-written ledger (fen). Mei's figures, computed by hand below:
  //   earned (non-withdrawal net): 9000 + 45000 + 2000 − 3000 − 500 = 52500
  //   pending (unsettled part):     45000
  //   withdrawn:                    6000
  //   available: 52500 − 45000 − 6000 = 1500
  await t.db.insert(ledgerEntries).values([
    entry(mei, { kind: 'course_sale', amount: 10000, fee: 1000, net: 9000, state: 'available' }, 1),
    entry(mei, { kind: 'boutique_sale', amount: 50000, fee: 5000, net: 45000, state: 'pending' }, 2),
    entry(mei, { kind: 'video_reward', amount: 2000, fee: 0, net: 2000, state: 'available' }, 3),
    entry(mei, { kind: 'refund', amount: -3000, fee: 0, net: -3000, state: 'refunded' }, 4),
    entry(mei, { kind: 'platform_fee', amount: -500, fee: 0, net: -500, state: 'available' }, 5),
    entry(mei, { kind: 'withdrawal', amount: -6000, fee: 0, net: -6000, state: 'withdrawn' }, 6),
    // Kai's rows must never reach Mei's figures.
    entry(kai, { kind: 'course_sale', amount: 111110, fee: 11111, net: 99999, state: 'available' }, 1),
    entry(kai, { kind: 'partner_dividend', amount: 700, fee: 0, net: 700, state: 'pending' }, 2),
    entry(kai, { kind: 'withdrawal', amount: -11111, fee: 0, net: -11111, state: 'withdrawn' }, 3),
  ]);
  tokens.mei = await loginAs(t.app, 'mei', PASSWORD);
  tokens.kai = await loginAs(t.app, 'kai', PASSWORD);
  tokens.empty = await loginAs(t.app, 'empty', PASSWORD);
});
afterAll(() => t?.close());

const balance = (token: string) => t.app.inject({ method: 'GET', url: BALANCE, headers: authHeader(token) });

describe('GET /designerapi/v1/vault/balance (vault statistics cards, fen)', () => {
  it('equals the hand-computed available / pending / withdrawn / totalEarned', async () => {
    const res = await balance(tokens.mei);
    expect(res.statusCode).toBe(200);
    const body = envelopeOf(res);
    expect(body).toMatchObject({ code: 200, status: 0 });
    expect(body.data).toMatchObject({ available: 1500, pending: 45000, withdrawn: 6000, totalEarned: 52500 });
    expect((body.data as { computedAt: string }).computedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("DESIGN tenancy: another designer's rows are never counted", async () => {
    const res = await balance(tokens.kai);
    // 99999 + 700 earned, 700 pending, 11111 withdrawn → 88888 available.
    expect(envelopeOf(res).data).toMatchObject({
      available: 88888,
      pending: 700,
      withdrawn: 11111,
      totalEarned: 100699,
    });
  });

  it('a designer without a ledger sees zeros', async () => {
    const res = await balance(tokens.empty);
    expect(envelopeOf(res).data).toMatchObject({ available: 0, pending: 0, withdrawn: 0, totalEarned: 0 });
  });

  it('§8 20007: the balance needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: BALANCE });
    expect(envelopeOf(res).code).toBe(20007);
  });
});
