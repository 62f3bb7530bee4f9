import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designers, sessions, smsOutbox } from '../../src/db/schema/index.ts';
import { setAccountStatus } from '../../src/modules/auth/account-status.ts';
import { createSession } from '../../src/modules/auth/sessions.ts';
import { type AccountsApp, createAccountsApp, dataOf, expectFailure } from '../support/accounts-app.ts';
import { adminInProcess, adminProcess, dataDirDatabase } from '../support/admin-cli.ts';
import {
  API,
  authHeader,
  createDesigner,
  loginAs,
  migratedDataDir,
  testDatabaseKind,
} from '../support/test-app.ts';

const PASSWORD = 'states-pass-123';

describe('account states through the API (§8 20012 → /status-info; issue 4, item 4)', () => {
  let t: AccountsApp;
  let id: number;
  beforeAll(async () => {
    t = await createAccountsApp();
    id = await createDesigner(t.db, { account: 'kim', password: PASSWORD, phone: '13300000001' });
  });
  afterAll(() => t?.close());

  const login = () =>
    t.app.inject({ method: 'POST', url: `${API}/login`, payload: { account: 'kim', password: PASSWORD } });
  const ownInfo = (token: string) =>
    t.app.inject({ method: 'GET', url: `${API}/yiDesigner/modifyInfo`, headers: authHeader(token) });

  it('freezing ends every session (20003) and login answers 20012 until unfrozen', async () => {
    const a = await loginAs(t.app, 'kim', PASSWORD);
    const b = await loginAs(t.app, 'kim', PASSWORD);
    expect(await setAccountStatus(t.db, id, 'frozen', t.clock.now())).toBe(2);
    expectFailure(await ownInfo(a), 20003, 401);
    expectFailure(await ownInfo(b), 20003, 401);
    const refused = expectFailure(await login(), 20012, 403);
    expect(refused.msg).toBe('账号未激活（审核中或已冻结）');
    const ended = await t.db.select().from(sessions).where(eq(sessions.designerId, id));
    expect(ended.every((s) => s.endReason === 'frozen')).toBe(true);

    expect(await setAccountStatus(t.db, id, 'active', t.clock.now())).toBe(0);
    dataOf(await login());
    // Unfreezing does not bring the old sessions back.
    expectFailure(await ownInfo(a), 20003, 401);
  });

  it('pending review answers 20012 to login (sessions ended with reason review); approval lets it in', async () => {
    const token = await loginAs(t.app, 'kim', PASSWORD);
    await setAccountStatus(t.db, id, 'pending_review', t.clock.now());
    expectFailure(await ownInfo(token), 20003, 401);
    expectFailure(await login(), 20012, 403);
    await setAccountStatus(t.db, id, 'active', t.clock.now());
    dataOf(await login());
  });
});

/**
 * `npm run admin -- …` as the operator runs it: a real process on a real DATA_DIR for the list
 * and the usage (embedded database only), then each command's rules in this process on the same
 * database (`adminInProcess`: the CLI's code after it opened the database; a process costs
 * seconds). The commands' queries run on PostgreSQL in the tests above.
 */
describe.runIf(testDatabaseKind() === 'pglite')('npm run admin (the operator CLI, issue 4 item 4)', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'dc-admin-'));
    // The migrated template written to DATA_DIR: creating and migrating an empty one took 15 s.
    await migratedDataDir(dataDir, async (db) => {
      await createDesigner(db, { account: 'active_one', password: PASSWORD, phone: '13300000011' });
      await createDesigner(db, { account: 'pending_one', password: PASSWORD, status: 'pending_review' });
      const frozen = await createDesigner(db, { account: 'to_freeze', password: PASSWORD });
      const policy = { persistentDays: 30, temporaryHours: 12 };
      await createSession(db, policy, frozen, true, new Date());
      await createSession(db, policy, frozen, false, new Date());
      await db.insert(smsOutbox).values([
        {
          phone: '13300000011',
          purpose: 'login',
          text: '【设计师后台】您的登录验证码是 424242',
          createdAt: new Date(),
        },
        {
          phone: '13300000012',
          purpose: 'register',
          text: '【设计师后台】您的注册验证码是 515151',
          createdAt: new Date(),
        },
      ]);
    });
  }, 60_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('accounts list (a real process): every account with its status; a status filter; a bad one exits 2', async () => {
    const all = await adminProcess(dataDir, 'accounts', 'list');
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/^id\s+account\s+phone\s+nickname\s+status\s+newly_register\s+created/);
    expect(all.stdout).toMatch(/active_one\s+13300000011\s+active_one\s+active\s+0/);
    expect(all.stdout).toContain('3 account(s)');
    const bad = await adminProcess(dataDir, 'accounts', 'list', 'sleeping');
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
  }, 60_000);

  it('usage (a real process): no command exits 2 with the list; help exits 0', async () => {
    // Both answer before opening the database (the usage check comes first), so they run at once.
    const [none, help] = await Promise.all([adminProcess(dataDir), adminProcess(dataDir, 'help')]);
    expect(none.code).toBe(2);
    expect(none.stdout).toContain('accounts approve <account>');
    expect(help.code).toBe(0);
    for (const command of ['accounts list', 'accounts freeze', 'accounts unfreeze', 'outbox [phone]']) {
      expect(help.stdout).toContain(command);
    }
  }, 60_000);

  describe('each command, on the same database in this process', () => {
    const db = dataDirDatabase(() => dataDir);
    const admin = (...args: string[]) => adminInProcess(db(), ...args);
    const statusOf = async (account: string) => {
      const [row] = await db()
        .select({ status: designers.status })
        .from(designers)
        .where(eq(designers.account, account));
      return row?.status;
    };

    it('accounts list: a status filter', async () => {
      const pending = await admin('accounts', 'list', 'pending_review');
      expect(pending.stdout).toContain('pending_one');
      expect(pending.stdout).not.toContain('active_one');
    });

    it('accounts approve: pending_review → active; already active says so; unknown account exits 1', async () => {
      const approved = await admin('accounts', 'approve', 'PENDING_ONE');
      expect(approved).toMatchObject({ code: 0 });
      expect(approved.stdout).toContain('pending_one: pending_review → active');
      expect(await statusOf('pending_one')).toBe('active');
      expect((await admin('accounts', 'approve', 'pending_one')).stdout).toContain('already active');
      const unknown = await admin('accounts', 'approve', 'nobody');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('no account "nobody"');
    });

    it('accounts freeze: frozen, its sessions revoked; approve refuses a frozen account; unfreeze restores it', async () => {
      const frozen = await admin('accounts', 'freeze', 'to_freeze');
      expect(frozen.code).toBe(0);
      expect(frozen.stdout).toContain('to_freeze: active → frozen (2 session(s) ended)');
      const [row] = await db()
        .select({ id: designers.id })
        .from(designers)
        .where(eq(designers.account, 'to_freeze'));
      const open = await db().select().from(sessions).where(eq(sessions.designerId, row!.id));
      expect(open.map((s) => s.endReason)).toEqual(['frozen', 'frozen']);

      const refused = await admin('accounts', 'approve', 'to_freeze');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('to_freeze is frozen');

      expect((await admin('accounts', 'unfreeze', 'to_freeze')).stdout).toContain('frozen → active');
      expect(await statusOf('to_freeze')).toBe('active');
    });

    it('accounts hold: back to pending_review (by phone); outbox [phone] prints the messages with their codes', async () => {
      expect((await admin('accounts', 'hold', '13300000011')).stdout).toContain(
        'active_one: active → pending_review',
      );
      expect(await statusOf('active_one')).toBe('pending_review');
      const all = await admin('outbox');
      expect(all.code).toBe(0);
      expect(all.stdout).toContain('424242');
      expect(all.stdout).toContain('515151');
      const one = await admin('outbox', '13300000012');
      expect(one.stdout).toContain('515151');
      expect(one.stdout).not.toContain('424242');
      expect(one.stdout).toContain('1 message(s)');
    });

    it('usage: unknown commands and missing arguments exit 2', async () => {
      const unknown = await admin('accounts', 'delete', 'x');
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('unknown command');
      const missing = await admin('accounts', 'freeze');
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('usage: npm run admin -- accounts freeze <account>');
    });
  });
});
