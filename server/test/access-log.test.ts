import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { requestLogSerializers } from '../src/http/log-redaction.ts';
import { API, openTestDatabase } from './support/test-app.ts';

/** The request log as production writes it: JSON lines, captured. */
const lines: Record<string, unknown>[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let app: Awaited<ReturnType<typeof buildApp>>;
let closeDatabase: () => Promise<void>;
beforeAll(async () => {
  const database = await openTestDatabase();
  closeDatabase = database.close;
  app = await buildApp({
    config: loadConfig({ WEB_DIST: 'none', LOG_LEVEL: 'info' }),
    database,
    logger: { level: 'info', serializers: requestLogSerializers, stream: capture },
  });
});
afterAll(async () => {
  await app?.close();
  await closeDatabase?.();
});

describe('request log', () => {
  it('writes one line per request, with status and time, and no secret from the URL', async () => {
    lines.length = 0;
    const res = await app.inject({
      method: 'GET',
      url: `${API}/notifications/stream?token=abc123&_t=5`,
      headers: { authtoken: 'not-a-session' },
    });
    const logged = lines.filter((line) => line.msg === 'request completed');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      method: 'GET',
      url: `${API}/notifications/stream?token=redacted&_t=5`,
      statusCode: res.statusCode,
    });
    expect(typeof logged[0]!.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('abc123');
    expect(JSON.stringify(lines)).not.toContain('not-a-session');
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
  });
});
