import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRegistry } from '../../src/admin/commands.ts';
import { authHeader, envelopeOf } from '../support/test-app.ts';
import { createVaultApp, NOW, VAULT, type VaultApp } from './support.ts';

let t: VaultApp;
beforeAll(async () => {
  t = await createVaultApp();
});
afterAll(() => t?.close());

const BANK = { bankName: '招商银行', accountName: '梅', accountNumber: '6225880212345678' };
const withdraw = (payload: Record<string, unknown>, token = t.mei.token) =>
  t.app.inject({ method: 'POST', url: `${VAULT}/withdrawals`, headers: authHeader(token), payload });
const available = async () => (envelopeOf(await t.get('/balance')).data as { available: number }).available;
const admin = async (...argv: string[]) => {
  const match = adminRegistry.find(argv)!;
  const lines: string[] = [];
  await match.command.run({ db: t.db, now: NOW, print: (line = '') => lines.push(line) }, match.args);
  return lines.join('\n');
};
type Failure = { code: number; data: { errors: { path: string }[] } };

describe('issue 6 §1 withdrawals', () => {
  it('more than the available 24700 → 40000 on amount; nothing is written', async () => {
    const res = await withdraw({ amount: 24701, bankAccount: BANK });
    const body = envelopeOf(res) as Failure;
    expect(body.code).toBe(40000);
    expect(body.data.errors[0]!.path).toBe('amount');
    expect(await available()).toBe(24700);
  });

  it('no account entered and no approved exclusive application → 40000 on bankAccount', async () => {
    const body = envelopeOf(await withdraw({ amount: 100 })) as Failure;
    expect(body.data.errors[0]!.path).toBe('bankAccount');
    const bad = envelopeOf(
      await withdraw({ amount: 100, bankAccount: { ...BANK, accountNumber: '12ab' } }),
    ) as Failure;
    expect(bad.data.errors[0]!.path).toBe('bankAccount.accountNumber');
    const fractional = envelopeOf(await withdraw({ amount: 100.5, bankAccount: BANK })) as Failure;
    expect(fractional.data.errors[0]!.path).toBe('amount');
  });

  it('a withdrawal takes the money off the balance at once, with a masked account in the list', async () => {
    const res = await withdraw({ amount: 20000, bankAccount: BANK });
    expect(envelopeOf(res).code).toBe(200);
    expect(envelopeOf(res).data).toMatchObject({
      amount: 20000,
      state: 'submitted',
      accountNumber: '**** **** 5678',
    });
    expect(await available()).toBe(4700);
    const balance = envelopeOf(await t.get('/balance')).data as { withdrawn: number };
    expect(balance.withdrawn).toBe(26000);
    const list = envelopeOf(await t.get('/withdrawals')).data as {
      dataList: { id: number }[];
      totalNumber: number;
    };
    expect(list.totalNumber).toBe(1);
    const ledger = envelopeOf(await t.get('/ledger?kind=withdrawal&sortBy=amount&order=asc')).data as {
      dataList: { amount: number; withdrawalId: number | null }[];
    };
    expect(ledger.dataList[0]).toMatchObject({ amount: -20000, withdrawalId: list.dataList[0]!.id });
  });

  it('operator CLI: process, pay; a failed withdrawal gives the money back; wrong state → refused', async () => {
    const first = (envelopeOf(await t.get('/withdrawals')).data as { dataList: { id: number }[] })
      .dataList[0]!.id;
    expect(await admin('withdrawals', 'list', 'submitted')).toContain('1 withdrawal(s)');
    expect(await admin('withdrawals', 'process', String(first))).toContain('→ processing');
    expect(await admin('withdrawals', 'fail', String(first), 'account', 'closed')).toContain('→ failed');
    expect(await available()).toBe(24700);
    await expect(admin('withdrawals', 'pay', String(first))).rejects.toThrow(/failed; cannot pay/);

    const second = envelopeOf(await withdraw({ amount: 700, bankAccount: BANK })).data as { id: number };
    await admin('withdrawals', 'process', String(second.id));
    await admin('withdrawals', 'pay', String(second.id));
    const list = envelopeOf(await t.get('/withdrawals?state=paid')).data as {
      dataList: { paidAt: string }[];
    };
    expect(list.dataList[0]!.paidAt).toBe('2025-03-10 12:00:00');
    expect(await available()).toBe(24000);
  });

  it("DESIGN tenancy: Kai's withdrawals list does not show Mei's", async () => {
    const list = envelopeOf(await t.get('/withdrawals', t.kai.token)).data as { totalNumber: number };
    expect(list.totalNumber).toBe(0);
  });
});
