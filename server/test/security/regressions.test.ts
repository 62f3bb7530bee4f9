import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  authHeader,
  createDesigner,
  createTestApp,
  envelopeOf,
  loginAs,
  type TestApp,
} from '../support/test-app.ts';

/** Findings of the fuzz tests (issue 11 item 2), each pinned once it was fixed. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await createDesigner(t.db, { account: 'regress', password: 'regress-pass-2026' });
  token = await loginAs(t.app, 'regress', 'regress-pass-2026');
});
afterAll(() => t?.close());

describe('fuzz findings stay fixed', () => {
  it('GET /videos?keyword=<NUL> answers 40000 on keyword, not a 500 from PostgreSQL', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/videos?keyword=a%00b`,
      headers: authHeader(token),
    });
    expect(res.statusCode).toBe(400);
    const body = envelopeOf(res);
    expect(body.code).toBe(40000);
    expect((body.data as { errors: Array<{ path: string }> }).errors.map((e) => e.path)).toContain('keyword');
  });
});
