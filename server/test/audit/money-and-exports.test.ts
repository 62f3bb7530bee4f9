import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRegistry } from '../../src/admin/commands.ts';
import { authHeader, envelopeOf } from '../support/test-app.ts';
import { createVaultApp, NOW, VAULT, type VaultApp } from '../vault/support.ts';
import { eventsOf } from './support.ts';

let t: VaultApp;
beforeAll(async () => {
  t = await createVaultApp();
});
afterAll(() => t?.close());

const BANK = { bankName: '招商银行', accountName: '梅', accountNumber: '6225880212345678' };
const admin = async (...argv: string[]) => {
  const match = adminRegistry.find(argv)!;
  await match.command.run({ db: t.db, now: NOW, print: () => {} }, match.args);
};
const moneyEvents = async () =>
  (await eventsOf(t.db, t.mei.id)).filter((e) => e.action !== 'sign-in' && e.action !== 'sign-in-failed');

describe('issue 11 item 4: money operations and exports', () => {
  it('a withdrawal and each operator move write one event; the operator is named as such', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${VAULT}/withdrawals`,
      headers: authHeader(t.mei.token),
      payload: { amount: 1000, bankAccount: BANK },
    });
    const { id } = envelopeOf(res).data as { id: number };
    await admin('withdrawals', 'process', String(id));
    await admin('withdrawals', 'pay', String(id));
    const events = await moneyEvents();
    expect(events.map((e) => [e.action, e.actor, e.targetId])).toEqual([
      ['withdrawal-request', 'designer', String(id)],
      ['withdrawal-transition', 'operator', String(id)],
      ['withdrawal-transition', 'operator', String(id)],
    ]);
    expect(events[0]!.summary).toBe('Withdrawal of 10.00 yuan to 招商银行 5678');
    expect(events[2]!.summary).toBe(`Withdrawal #${id} processing → paid`);
    expect(events[1]!.clientIp).toBeNull();
  });

  it('a refused withdrawal writes nothing; the ledger CSV export writes one event naming its filters', async () => {
    const before = (await moneyEvents()).length;
    const refused = await t.app.inject({
      method: 'POST',
      url: `${VAULT}/withdrawals`,
      headers: authHeader(t.mei.token),
      payload: { amount: 99_999_999, bankAccount: BANK },
    });
    expect(envelopeOf(refused).code).toBe(40000);
    expect((await moneyEvents()).length).toBe(before);
    const csv = await t.get('/ledger/export.csv?kind=course_sale');
    expect(csv.statusCode).toBe(200);
    const events = await moneyEvents();
    expect(events.length).toBe(before + 1);
    expect(events.at(-1)).toMatchObject({ action: 'export', targetType: 'vault-ledger' });
    expect(events.at(-1)!.summary).toContain('kind=course_sale');
  });
});
