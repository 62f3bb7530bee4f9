import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crowdPacks } from '../../../src/db/schema/index.ts';
import { computePack, shownFailure } from '../../../src/modules/crowd-packs/compute.ts';
import {
  API,
  authHeader,
  createDesigner,
  createTestApp,
  envelopeOf,
  loginAs,
  queryRows,
  type TestApp,
} from '../../support/test-app.ts';

/**
 * Issue 16 item 6: a failed pack showed the designer the raw driver text, SQL included. The
 * designer now reads a clear sentence; the error with its SQL goes to the server log only.
 */
let t: TestApp;
let designerId: number;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  designerId = await createDesigner(t.db, { account: 'failed-pack', password: 'failed-pack-1' });
  token = await loginAs(t.app, 'failed-pack', 'failed-pack-1');
  // A fan the rule matches: the computation has members to write.
  await t.db.execute(sql`
    insert into fans (designer_id, nickname, gender, source, followed_at, last_active_at, created_at, updated_at)
    values (${designerId}, 'f', 'female', 'video', now(), now(), now(), now())`);
});

const GENERAL_ZH = '计算失败，请稍后重试';
const GENERAL_EN = 'The pack could not be computed; try again later';

afterAll(async () => {
  await t?.close();
});

describe('resource budget: a failed pack computation', () => {
  it('a pack whose computation fails in the database shows a clear message, and its SQL goes to the log only', async () => {
    // The database refuses the members' insert, as a computation failing in the driver would:
    // the driver's error carries the statement's SQL.
    await t.db.execute(sql`create function refuse_members() returns trigger language plpgsql as $$
      begin raise exception 'members refused'; end $$`);
    await t.db.execute(sql`create trigger refuse_members before insert on crowd_pack_members
      for each statement execute function refuse_members()`);
    const [pack] = await t.db
      .insert(crowdPacks)
      .values({
        designerId,
        name: 'broken',
        kind: 'rule',
        definition: {
          type: 'group',
          op: 'and',
          children: [{ type: 'condition', field: 'gender', op: 'in', values: ['female'] }],
        },
        refreshMode: 'manual',
        state: 'computing',
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning({ id: crowdPacks.id });
    const logged: unknown[] = [];
    const log = { error: (...args: unknown[]) => logged.push(args) } as never;
    try {
      await computePack(t.db, pack!.id, new Date(), log);
    } finally {
      await t.db.execute(sql`drop trigger refuse_members on crowd_pack_members`);
    }

    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/crowd-packs/${pack!.id}`,
      headers: authHeader(token),
    });
    expect(res.statusCode).toBe(200);
    const row = (envelopeOf(res).data as { pack: { state: string; failure: string } }).pack;
    expect(row.state).toBe('failed');
    expect(row.failure).toBe(GENERAL_ZH);
    expect(row.failure.toLowerCase()).not.toMatch(/select|from|where|fans|query/);
    // The operator gets the whole error.
    expect(logged).toHaveLength(1);
    const [fields] = logged[0] as [{ err: Error; packId: number }];
    expect(fields.packId).toBe(pack!.id);
    expect(String(fields.err.message)).toMatch(/insert into "crowd_pack_members"/);
  });

  it('a failure text stored before the fix (raw SQL) is answered as the clear message', async () => {
    await t.db.execute(
      sql`update crowd_packs set failure = 'Failed query: select "id" from "fans" where …' where designer_id = ${designerId}`,
    );
    const res = await t.app.inject({ method: 'GET', url: `${API}/crowd-packs`, headers: authHeader(token) });
    const rows = (envelopeOf(res).data as { dataList: Array<{ failure: string }> }).dataList;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.failure).toBe(GENERAL_ZH);
    const [stored] = await queryRows<{ failure: string }>(
      t.db,
      sql`select failure from crowd_packs where designer_id = ${designerId} limit 1`,
    );
    expect(stored!.failure).toContain('Failed query');
  });

  it('a failed pack’s sentence is stored as a reason code and answered in the request’s language', async () => {
    await t.db.execute(
      sql`update crowd_packs set failure = 'timeout', state = 'failed' where designer_id = ${designerId}`,
    );
    const [{ id }] = (await queryRows<{ id: number }>(
      t.db,
      sql`select id from crowd_packs where designer_id = ${designerId} limit 1`,
    )) as [{ id: number }];
    const detail = async (language: string) =>
      (
        envelopeOf(
          await t.app.inject({
            method: 'GET',
            url: `${API}/crowd-packs/${id}`,
            headers: { ...authHeader(token), 'accept-language': language },
          }),
        ).data as { pack: { failure: string } }
      ).pack.failure;
    expect(await detail('en-US')).toBe('The rule took too long to compute; simplify it and try again');
    expect(await detail('zh-CN')).toBe('计算超时：规则过于繁重，请简化后重试');
    await t.db.execute(sql`update crowd_packs set failure = 'error' where designer_id = ${designerId}`);
    expect(await detail('en-US')).toBe(GENERAL_EN);
    expect(shownFailure('error', 'zh-CN')).toBe(GENERAL_ZH);
    // One language per answer, never both.
    expect(await detail('zh-CN')).not.toMatch(/[a-z]{4}/);
  });
});
