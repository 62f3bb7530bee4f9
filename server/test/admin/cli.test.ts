import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import {
  contractEvents,
  contracts,
  exclusiveApplications,
  notifications,
  providers,
} from '../../src/db/schema/index.ts';
import { createContract } from '../../src/modules/contracts/service.ts';
import { adminInProcess, adminProcess, dataDirDatabase } from '../support/admin-cli.ts';
import { createDesigner, testDatabaseKind } from '../support/test-app.ts';

/**
 * The platform's side of issue 4 item 7 as the operator runs it: `npm run admin -- applications …`
 * and `contracts …` in a real process on a real DATA_DIR (embedded database only; the same
 * service functions run on PostgreSQL in the API tests).
 */
describe.runIf(testDatabaseKind() === 'pglite')(
  'npm run admin: applications and contracts (issue 4 item 7)',
  () => {
    let dataDir: string;
    let designerId: number;
    let applicationIds: number[];
    let contractIds: number[];
    let contractCode: string;

    async function withDatabase<T>(work: (db: DatabaseHandle['db']) => Promise<T>): Promise<T> {
      const handle = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
      try {
        await handle.migrate();
        return await work(handle.db);
      } finally {
        await handle.close();
      }
    }

    const application = (providerId: number, submittedAt: Date) => ({
      designerId,
      providerId,
      realName: '王美',
      idType: 'passport' as const,
      idNumber: 'E12345678',
      phone: '13900000001',
      bankCode: 'CMB',
      bankName: '招商银行',
      bankProvince: '440000',
      bankCity: '440100',
      bankBranch: '天河支行',
      accountName: '王美',
      accountNumber: '6225880212345678',
      portfolio: ['https://cdn.example.com/1.jpg'],
      statement: 'Ten years of tailoring.',
      submittedAt,
    });

    const contractBody = (providerId: number, title: string) => ({
      title,
      providerId,
      type: 0 as const,
      direction: 1 as const,
      amount: 1_000_000,
      startDate: '2026-03-01',
      endDate: '2026-09-01',
      attachments: [{ name: 'c.pdf', url: 'https://cdn.example.com/c.pdf' }],
      remark: '',
    });

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'dc-admin-basic-'));
      await withDatabase(async (db) => {
        designerId = await createDesigner(db, { account: 'cli_designer', password: 'cli-pass-123' });
        const [a, b] = await db
          .insert(providers)
          .values([
            { name: 'CLI Silk', kind: 'studio', cityCode: '330500' },
            { name: 'CLI Denim', kind: 'factory', cityCode: '440100' },
          ])
          .returning({ id: providers.id });
        const rows = await db
          .insert(exclusiveApplications)
          .values([
            application(a!.id, new Date('2026-03-01T02:00:00Z')),
            application(b!.id, new Date('2026-03-02T02:00:00Z')),
          ])
          .returning({ id: exclusiveApplications.id });
        applicationIds = rows.map((r) => r.id);
        // Rows for the CLI to act on, written as the platform would: attachments taken as given.
        const asGiven = async <T>(attachments: T) => attachments;
        const first = await createContract(
          db,
          designerId,
          contractBody(a!.id, '联名合作'),
          new Date(),
          asGiven,
        );
        const second = await createContract(
          db,
          designerId,
          contractBody(b!.id, '采购合同'),
          new Date(),
          asGiven,
        );
        contractIds = [first.id, second.id];
        contractCode = first.code;
      });
    }, 60_000);
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('help lists the application and contract commands (a real process)', async () => {
      const help = await adminProcess(dataDir, 'help');
      expect(help.code).toBe(0);
      for (const command of [
        'applications list [pending|approved|rejected]',
        'applications approve <id>',
        'applications reject <id> <reason>',
        'contracts list [status 0-4]',
        'contracts audit <id|code> pass|fail [note]',
        'contracts execute <id|code>',
        'contracts finish <id|code>',
      ]) {
        expect(help.stdout).toContain(command);
      }
    }, 60_000);

    it('applications list pending (a real process on the DATA_DIR)', async () => {
      const [first] = applicationIds as [number, number];
      const listed = await adminProcess(dataDir, 'applications', 'list', 'pending');
      expect(listed.code).toBe(0);
      expect(listed.stdout).toMatch(new RegExp(`^${first}\\s+cli_designer\\s+CLI Silk\\s+pending\\s+1`, 'm'));
      expect(listed.stdout).toContain('2 application(s)');
    }, 60_000);

    /** Each command's rules in this process on the same database (a process costs seconds). */
    describe('each command, on the same database in this process', () => {
      const db = dataDirDatabase(() => dataDir);
      const admin = (...args: string[]) => adminInProcess(db(), ...args);
      const withDatabase = <T>(work: (db: DatabaseHandle['db']) => Promise<T>) => work(db());
      /** The designer's notifications, oldest first. */
      const inboxOf = async (on: DatabaseHandle['db']) =>
        (
          await on
            .select({ content: notifications.content })
            .from(notifications)
            .where(eq(notifications.designerId, designerId))
            .orderBy(asc(notifications.id))
        ).map((n) => n.content);

      it('applications list / approve / reject: only pending can be reviewed; reject needs a reason; each notifies the designer', async () => {
        const [first, second] = applicationIds as [number, number];
        const approved = await admin('applications', 'approve', String(first));
        expect(approved.code).toBe(0);
        expect(approved.stdout).toContain(`application #${first} (CLI Silk): pending → approved`);

        const again = await admin('applications', 'reject', String(first), 'too', 'late');
        expect(again.code).toBe(1);
        expect(again.stderr).toContain(
          `application #${first} is approved; only a pending application can be reviewed`,
        );

        const noReason = await admin('applications', 'reject', String(second));
        expect(noReason.code).toBe(2);
        expect(noReason.stderr).toContain('usage: npm run admin -- applications reject <id> <reason>');
        expect((await admin('applications', 'approve', 'abc')).code).toBe(2);
        expect((await admin('applications', 'list', 'lost')).code).toBe(2);

        const rejected = await admin('applications', 'reject', `#${second}`, '作品集', '不足');
        expect(rejected.code).toBe(0);
        const unknown = await admin('applications', 'approve', '999999');
        expect(unknown.code).toBe(1);
        expect(unknown.stderr).toContain('no application #999999');

        const [rows, inbox] = await withDatabase(async (db) => [
          await db
            .select({ status: exclusiveApplications.status, reason: exclusiveApplications.rejectReason })
            .from(exclusiveApplications)
            .orderBy(asc(exclusiveApplications.id)),
          await inboxOf(db),
        ]);
        expect(rows).toEqual([
          { status: 'approved', reason: null },
          { status: 'rejected', reason: '作品集 不足' },
        ]);
        expect(inbox).toEqual([
          '恭喜！您成为「CLI Silk」专属设计师的申请已通过',
          '您成为「CLI Denim」专属设计师的申请未通过：作品集 不足。修改后可重新提交',
        ]);
      }, 120_000);

      it('§4 contract status via the CLI: only pending audit can be audited; then execute and finish in order, each with an event and a notification', async () => {
        const [first, second] = contractIds as [number, number];
        const early = await admin('contracts', 'execute', String(first));
        expect(early.code).toBe(1);
        expect(early.stderr).toContain('is 1 (pending audit); this applies to 2 (pending execution) only');
        expect((await admin('contracts', 'audit', String(first), 'maybe')).code).toBe(2);
        expect((await admin('contracts', 'list', '7')).code).toBe(2);

        const passed = await admin('contracts', 'audit', contractCode, 'pass', '资料', '齐全');
        expect(passed.code).toBe(0);
        expect(passed.stdout).toContain('1 (Pending audit) → 2 (Pending execution)');
        expect((await admin('contracts', 'execute', `#${first}`)).code).toBe(0);
        expect((await admin('contracts', 'finish', String(first))).code).toBe(0);
        const late = await admin('contracts', 'finish', String(first));
        expect(late.code).toBe(1);
        expect(late.stderr).toContain('is 4 (finished)');

        expect((await admin('contracts', 'audit', String(second), 'fail', '缺少盖章页')).code).toBe(0);
        const listed = await admin('contracts', 'list', '0');
        expect(listed.code).toBe(0);
        expect(listed.stdout).toContain('采购合同');
        expect(listed.stdout).not.toContain('联名合作');
        expect(listed.stdout).toContain('1 contract(s)');
        const unknown = await admin('contracts', 'finish', 'HT19990101000001');
        expect(unknown.code).toBe(1);
        expect(unknown.stderr).toContain('no contract');

        const state = await withDatabase(async (db) => ({
          statuses: (
            await db.select({ status: contracts.status }).from(contracts).orderBy(asc(contracts.id))
          ).map((c) => c.status),
          events: await db
            .select()
            .from(contractEvents)
            .where(eq(contractEvents.contractId, first))
            .orderBy(asc(contractEvents.id)),
          inbox: await inboxOf(db),
        }));
        expect(state.statuses).toEqual([4, 0]);
        expect(state.events.map((e) => [e.kind, e.actor, e.fromStatus, e.toStatus, e.note])).toEqual([
          ['created', 'designer', null, null, ''],
          ['submitted', 'designer', null, 1, ''],
          ['audited', 'platform', 1, 2, '资料 齐全'],
          ['executed', 'platform', 2, 3, ''],
          ['finished', 'platform', 3, 4, ''],
        ]);
        expect(state.inbox.slice(-4)).toEqual([
          '您的合同《联名合作》已审核通过：资料 齐全',
          '合同《联名合作》已进入执行阶段',
          '合同《联名合作》已完成',
          '合同《采购合同》审核未通过：缺少盖章页',
        ]);
      }, 120_000);
    });
  },
);
