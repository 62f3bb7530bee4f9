import type { FanDetail, PublicRecruitment, RecruitmentSettings, Tag, TagClassification } from '@dc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fans } from '../../src/db/schema/index.ts';
import {
  type AccountsApp,
  call,
  createAccountsApp,
  dataOf,
  envelopeOf,
  expectInvalid,
  expectNotFound,
  type Session,
  someone,
} from '../support/calls.ts';
import { API } from '../support/test-app.ts';

let t: AccountsApp;
let me: Session;
let other: Session;
let tagIds: number[];
beforeAll(async () => {
  t = await createAccountsApp();
  me = await someone(t, 'recruiter');
  other = await someone(t, 'recruiter-other');
  const group = dataOf<TagClassification>(
    await call(t, 'POST', '/tag-classifications', me, { name: '来源' }),
  );
  tagIds = [];
  for (let i = 1; i <= 21; i++) {
    const tag = dataOf<Tag>(
      await call(t, 'POST', '/tags', me, { classificationId: group.id, name: `招募${i}`, color: '#593BFF' }),
    );
    tagIds.push(tag.id);
  }
});
afterAll(() => t?.close());

const settings = async (who: Session) =>
  dataOf<RecruitmentSettings>(await call(t, 'GET', '/recruitment', who));
const save = (who: Session, body: Record<string, unknown>) =>
  call(t, 'PUT', '/recruitment', who, {
    enabled: true,
    welcome: '欢迎来到我的工作室',
    benefit: '关注即送量体服务一次',
    coverUrl: 'https://example.com/cover.png',
    autoTagIds: [],
    ...body,
  });

/** A public call from an address (`ip`), no session. */
const publicCall = (method: 'GET' | 'POST', url: string, payload?: object, ip = '203.0.113.7') =>
  t.app.inject({
    method,
    url: `${API}/public/recruitment${url}`,
    remoteAddress: ip,
    ...(payload ? { payload } : {}),
  });

describe('issue 7 item 7 招募设置: recruitment settings', () => {
  it('starts off with a random slug and every channel at zero; saves and answers the settings', async () => {
    const first = await settings(me);
    expect(first).toMatchObject({ enabled: false, welcome: '', autoTags: [], designerName: 'recruiter' });
    expect(first.slug).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(first.channels.map((c) => [c.channel, c.visits, c.follows])).toEqual([
      ['poster', 0, 0],
      ['link', 0, 0],
      ['video', 0, 0],
      ['course', 0, 0],
    ]);
    const saved = dataOf<RecruitmentSettings>(await save(me, { autoTagIds: [tagIds[0], tagIds[1]] }));
    expect(saved).toMatchObject({ enabled: true, welcome: '欢迎来到我的工作室', slug: first.slug });
    expect(saved.autoTags.map((tag) => tag.id)).toEqual([tagIds[0], tagIds[1]]);
    expect((await settings(other)).slug).not.toBe(first.slug);
  });

  it('refuses bad input naming the field: more auto tags than a fan can carry, another designer’s tag, no welcome when on, a bad cover', async () => {
    expectInvalid(await save(me, { autoTagIds: tagIds }), 'autoTagIds');
    expectInvalid(await save(me, { autoTagIds: [tagIds[0], tagIds[0]] }), 'autoTagIds');
    expectNotFound(await save(other, { autoTagIds: [tagIds[0]] }), 'autoTagIds');
    expectInvalid(await save(me, { welcome: '' }), 'welcome');
    expectInvalid(await save(me, { welcome: 'x'.repeat(201) }), 'welcome');
    expectInvalid(await save(me, { coverUrl: 'javascript:alert(1)' }), 'coverUrl');
    expectInvalid(await save(me, { enabled: 'yes' }), 'enabled');
    // Nothing half-written: the auto tags are still the two saved before.
    expect((await settings(me)).autoTags.map((tag) => tag.id)).toEqual([tagIds[0], tagIds[1]]);
    dataOf(await save(me, { enabled: false, welcome: '' }));
    dataOf(await save(me, { autoTagIds: [tagIds[0], tagIds[1]] }));
  });
});

describe('issue 7 item 7 招募设置: the public recruitment page', () => {
  it('shows an enabled page to anyone; a page turned off, an unknown or malformed slug is 40400 / 40000', async () => {
    const { slug } = await settings(me);
    const page = dataOf<PublicRecruitment>(await publicCall('GET', `/${slug}`));
    expect(page).toMatchObject({
      designerName: 'recruiter',
      welcome: '欢迎来到我的工作室',
      benefit: '关注即送量体服务一次',
    });
    expectNotFound(await publicCall('GET', '/Unknown12345'));
    expectInvalid(await publicCall('GET', '/bad-slug!'), 'slug');
    const theirs = await settings(other);
    expectNotFound(await publicCall('GET', `/${theirs.slug}`));
    expectNotFound(
      await publicCall('POST', `/${theirs.slug}/follow`, {
        nickname: 'x',
        gender: 'female',
        channel: 'link',
      }),
    );
  });

  it('a follow creates a recruitment fan carrying the auto tags, counted on its channel; visits count once per address', async () => {
    const { slug } = await settings(me);
    expect(
      dataOf(await publicCall('POST', `/${slug}/visits`, { channel: 'poster' }, '198.51.100.1')),
    ).toEqual({
      counted: true,
    });
    expect(
      dataOf(await publicCall('POST', `/${slug}/visits`, { channel: 'poster' }, '198.51.100.1')),
    ).toEqual({
      counted: false,
    });
    dataOf(await publicCall('POST', `/${slug}/visits`, { channel: 'poster' }, '198.51.100.2'));
    const answer = await publicCall(
      'POST',
      `/${slug}/follow`,
      { nickname: '小林', gender: 'female', channel: 'poster' },
      '198.51.100.1',
    );
    expect(dataOf(answer)).toEqual({ nickname: '小林', designerName: 'recruiter' });
    const [fan] = await t.db.select().from(fans).where(eq(fans.nickname, '小林'));
    expect(fan).toMatchObject({ designerId: me.id, source: 'recruitment', gender: 'female' });
    const detail = dataOf<FanDetail>(await call(t, 'GET', `/fans/${fan!.id}`, me));
    expect(detail.fan.tags.map((tag) => tag.id).sort()).toEqual([tagIds[0], tagIds[1]].sort());
    expect(detail.interactions[0]).toMatchObject({ kind: 'follow' });
    const poster = (await settings(me)).channels.find((c) => c.channel === 'poster');
    expect(poster).toEqual({ channel: 'poster', visits: 2, follows: 1 });
  });

  it('refuses bad follow input naming the field, and an unknown channel', async () => {
    const { slug } = await settings(me);
    expectInvalid(
      await publicCall('POST', `/${slug}/follow`, { nickname: '', gender: 'female', channel: 'link' }),
      'nickname',
    );
    expectInvalid(
      await publicCall('POST', `/${slug}/follow`, {
        nickname: 'x'.repeat(33),
        gender: 'female',
        channel: 'link',
      }),
      'nickname',
    );
    expectInvalid(
      await publicCall('POST', `/${slug}/follow`, { nickname: 'a', gender: 'x', channel: 'link' }),
      'gender',
    );
    expectInvalid(
      await publicCall('POST', `/${slug}/follow`, { nickname: 'a', gender: 'male', channel: 'tv' }),
      'channel',
    );
    expectInvalid(await publicCall('POST', `/${slug}/visits`, { channel: 'tv' }), 'channel');
  });

  it('limits follows to 10 an hour from one address (42900 with retryAfter), creating no fan', async () => {
    const { slug } = await settings(me);
    const ip = '192.0.2.55';
    for (let i = 0; i < 10; i++) {
      dataOf(
        await publicCall(
          'POST',
          `/${slug}/follow`,
          { nickname: `flood${i}`, gender: 'unknown', channel: 'link' },
          ip,
        ),
      );
    }
    const refused = await publicCall(
      'POST',
      `/${slug}/follow`,
      { nickname: 'flood10', gender: 'unknown', channel: 'link' },
      ip,
    );
    expect(refused.statusCode).toBe(429);
    const body = envelopeOf(refused);
    expect(body.code).toBe(42900);
    expect((body.data as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
    expect(await t.db.$count(fans, eq(fans.nickname, 'flood10'))).toBe(0);
    expect((await settings(me)).channels.find((c) => c.channel === 'link')?.follows).toBe(10);
  });

  it('a deleted auto tag leaves the settings; the console calls need a session', async () => {
    dataOf(await call(t, 'DELETE', `/tags/${tagIds[1]}`, me));
    expect((await settings(me)).autoTags.map((tag) => tag.id)).toEqual([tagIds[0]]);
    const anonymous = await call(t, 'GET', '/recruitment', null);
    expect(envelopeOf(anonymous).code).toBe(20007);
  });
});
