import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { designers, members, wechatBindings } from '../../src/db/schema/index.ts';
import { seedDemo } from '../../src/seed/index.ts';
import { API, authHeader, createTestApp, envelopeOf, loginAs, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const NOW = new Date('2026-03-15T08:30:00Z');

describe('seed (SEED=demo): members and a WeChat binding for demo, nothing for newcomer', () => {
  it('demo has a dozen members and a bound openid; newcomer has neither', async () => {
    expect(await seedDemo(t.db, NOW)).toBe(true);
    const [demo] = await t.db.select().from(designers).where(eq(designers.account, 'demo'));
    const [newcomer] = await t.db.select().from(designers).where(eq(designers.account, 'newcomer'));
    expect(await t.db.$count(members, eq(members.designerId, demo!.id))).toBe(12);
    expect(await t.db.$count(members, eq(members.designerId, newcomer!.id))).toBe(0);
    expect(await t.db.$count(wechatBindings, eq(wechatBindings.designerId, demo!.id))).toBe(1);
    expect(await t.db.$count(wechatBindings, eq(wechatBindings.designerId, newcomer!.id))).toBe(0);
    // The whole demo seed: most of a CPU-minute on a busy machine.
  }, 120_000);

  it('through the API: demo’s members (masked phones) and self information with WeChat bound', async () => {
    const token = await loginAs(t.app, 'demo', 'demo123456');
    const list = envelopeOf(
      await t.app.inject({ method: 'GET', url: `${API}/members`, headers: authHeader(token) }),
    ).data as { totalNumber: number; dataList: { phone: string }[] };
    expect(list.totalNumber).toBe(12);
    for (const m of list.dataList) expect(m.phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    const self = envelopeOf(
      await t.app.inject({ method: 'GET', url: `${API}/account`, headers: authHeader(token) }),
    ).data as { wechat: { bound: boolean }; newly_register: number };
    expect(self).toMatchObject({ wechat: { bound: true }, newly_register: 0 });
  });

  it('running the seed again adds nothing', async () => {
    expect(await seedDemo(t.db, NOW)).toBe(false);
    expect(await t.db.$count(members)).toBe(12);
  });
});

describe('configuration of the ways in (SMS_PROVIDER, WECHAT_*, PUBLIC_URL)', () => {
  it('defaults: the outbox sender, the built-in scan flow, no public URL', () => {
    expect(loadConfig({})).toMatchObject({
      smsProvider: 'outbox',
      smsWebhookUrl: undefined,
      wechat: undefined,
      publicUrl: undefined,
    });
    expect(loadConfig({}).now()).toBeInstanceOf(Date);
  });

  it('reads them; PUBLIC_URL loses its trailing slash', () => {
    expect(
      loadConfig({
        SMS_PROVIDER: 'webhook',
        SMS_WEBHOOK_URL: 'https://sms.internal/send',
        WECHAT_APPID: 'wxabc',
        WECHAT_SECRET: 's3cret',
        PUBLIC_URL: 'https://console.example.com/',
      }),
    ).toMatchObject({
      smsProvider: 'webhook',
      smsWebhookUrl: 'https://sms.internal/send',
      wechat: { appId: 'wxabc', secret: 's3cret' },
      publicUrl: 'https://console.example.com',
    });
  });

  it.each([
    [{ SMS_PROVIDER: 'carrier-pigeon' }, 'SMS_PROVIDER'],
    [{ SMS_PROVIDER: 'webhook' }, 'SMS_WEBHOOK_URL'],
    [{ SMS_WEBHOOK_URL: 'ftp://x' }, 'SMS_WEBHOOK_URL'],
    [{ WECHAT_APPID: 'wxabc' }, 'WECHAT_SECRET'],
    [{ WECHAT_SECRET: 's3cret' }, 'WECHAT_APPID'],
    [{ PUBLIC_URL: 'console.example.com' }, 'PUBLIC_URL'],
  ])('a bad setting %j stops start-up with one line naming %s', (env, name) => {
    let error: unknown;
    try {
      loadConfig(env as Record<string, string>);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).not.toContain('\n');
    expect((error as Error).message).toMatch(new RegExp(`\\b${name}\\b`));
  });
});
