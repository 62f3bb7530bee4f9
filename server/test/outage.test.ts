import { afterAll, describe, expect, it } from 'vitest';
import {
  API,
  authHeader,
  createTestApp,
  envelopeOf,
  type TestApp,
  testDatabaseKind,
  unreachableDatabase,
} from './support/test-app.ts';

const UNAVAILABLE = { code: 50300, status: 1, msg: '服务暂不可用，请稍后再试', data: null };

const opened: TestApp[] = [];
afterAll(async () => {
  for (const t of opened) await t.close();
});

describe('50300 when the database is down (DESIGN error catalogue: dependency down)', () => {
  it('PostgreSQL unreachable (closed port): health, login and guarded calls answer 50300 with HTTP 503', async () => {
    const t = await createTestApp({ database: unreachableDatabase() });
    opened.push(t);
    const answers = [
      await t.app.inject({ method: 'GET', url: `${API}/health` }),
      await t.app.inject({ method: 'POST', url: `${API}/login`, payload: { account: 'a', password: 'b' } }),
      await t.app.inject({ method: 'GET', url: `${API}/vault/balance`, headers: authHeader('some-token') }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(503);
      expect(envelopeOf(res)).toEqual(UNAVAILABLE);
    }
  });

  it.runIf(testDatabaseKind() === 'pglite')(
    'PGlite closed under a running app: health and queries answer 50300',
    async () => {
      const t = await createTestApp();
      opened.push(t);
      const up = await t.app.inject({ method: 'GET', url: `${API}/health` });
      expect(envelopeOf(up)).toMatchObject({ code: 200, data: { database: 'up' } });

      await t.database.close();
      const down = await t.app.inject({
        method: 'GET',
        url: `${API}/health`,
        headers: { 'accept-language': 'en' },
      });
      expect(down.statusCode).toBe(503);
      expect(envelopeOf(down)).toMatchObject({
        code: 50300,
        msg: 'Service unavailable, please try again later',
      });
      // Through drizzle, which wraps the driver's error in its own.
      const query = await t.app.inject({
        method: 'GET',
        url: `${API}/vault/balance`,
        headers: authHeader('x'),
      });
      expect(query.statusCode).toBe(503);
      expect(envelopeOf(query)).toEqual(UNAVAILABLE);
    },
  );
});
