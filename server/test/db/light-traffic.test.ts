import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { becomeHeavy, lightRequestsInFlight } from '../../src/db/light-traffic.ts';
import { databaseKey } from '../../src/db/query-budget.ts';
import { lightTrafficPlugin } from '../../src/plugins/light-traffic.ts';

/**
 * A request that turns heavy must stop counting as light, or its own heavy slices wait for it
 * (LIGHT_FIRST_MAX_WAIT_MS each): a 20,000-member tagging took 159 s instead of 7, an export
 * 62 s instead of 3. Both ways a request lost its context: a parsed body, a streamed answer.
 */
const db = { $client: {} };
const key = databaseKey(db as never);
let app: FastifyInstance | undefined;

async function appWith(register: (app: FastifyInstance) => void) {
  app = Fastify();
  app.decorate('db', db as never);
  await app.register(lightTrafficPlugin);
  register(app);
  await app.ready();
  return app;
}

afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('light traffic: a request counts as light until it turns heavy', () => {
  it('a GET counts as light while its handler runs', async () => {
    const a = await appWith((a) => a.get('/light', async () => ({ inFlight: lightRequestsInFlight(key) })));
    const res = await a.inject({ method: 'GET', url: '/light' });
    expect(res.json()).toEqual({ inFlight: 1 });
    expect(lightRequestsInFlight(key)).toBe(0);
  });

  it('a POST with a parsed body that turns heavy no longer counts (its heavy turns do not wait on itself)', async () => {
    const a = await appWith((a) =>
      a.post('/heavy', async (request) => {
        const before = lightRequestsInFlight(key);
        await new Promise((resolve) => setImmediate(resolve));
        becomeHeavy();
        return { before, after: lightRequestsInFlight(key), body: request.body };
      }),
    );
    const res = await a.inject({ method: 'POST', url: '/heavy', payload: { tags: [1, 2, 3] } });
    expect(res.json()).toEqual({ before: 1, after: 0, body: { tags: [1, 2, 3] } });
  });

  it('a streamed answer stops counting as light once it starts streaming (its slices run outside the handler)', async () => {
    const seen: number[] = [];
    async function* rows() {
      for (let i = 0; i < 3; i++) {
        seen.push(lightRequestsInFlight(key));
        await new Promise((resolve) => setImmediate(resolve));
        yield `row ${i}\n`;
      }
    }
    const a = await appWith((a) =>
      a.get('/export', async (_request, reply) => reply.send(Readable.from(rows()))),
    );
    const res = await a.inject({ method: 'GET', url: '/export' });
    expect(res.body).toBe('row 0\nrow 1\nrow 2\n');
    expect(seen).toEqual([0, 0, 0]);
  });
});
