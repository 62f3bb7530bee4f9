import type { DesignerProfile } from '@dc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designerProfiles, designers } from '../../src/db/schema/index.ts';
import {
  type AccountsApp,
  call,
  createAccountsApp,
  dataOf,
  envelopeOf,
  expectFailure,
  expectInvalid,
  type Session,
  someone,
} from '../support/calls.ts';

let t: AccountsApp;
beforeAll(async () => {
  t = await createAccountsApp();
});
afterAll(() => t?.close());

const getProfile = (who: Session) => call(t, 'GET', '/designer-profile', who);
const putProfile = (who: Session, body: unknown) => call(t, 'PUT', '/designer-profile', who, body);

const FULL = {
  nickname: 'Mei',
  avatar: 'https://cdn.example.com/avatar/mei.png',
  realName: '王美',
  gender: 'female',
  cityCode: '440100',
  styles: ['旗袍', 'Tailoring'],
  yearsOfExperience: 8,
  description: 'Cheongsam and tailoring.',
  portfolio: ['https://cdn.example.com/p/1.jpg', 'https://cdn.example.com/p/2.jpg'],
};

const menuLength = async (who: Session) =>
  dataOf<{ list: unknown[] }>(await call(t, 'GET', '/menu', who)).list.length;

describe('GET/PUT /designerapi/v1/designer-profile (设计师信息, issue 4 item 5)', () => {
  it('a designer who never saved the profile gets empty fields and a completeness naming every missing field', async () => {
    const me = await someone(t, 'prof_empty');
    const profile = dataOf<DesignerProfile>(await getProfile(me));
    expect(profile).toEqual({
      nickname: 'prof_empty',
      avatar: '',
      realName: '',
      gender: null,
      cityCode: null,
      cityName: '',
      cityPath: [],
      styles: [],
      yearsOfExperience: null,
      description: '',
      portfolio: [],
      updatedAt: null,
      newly_register: 0,
      completeness: {
        percent: 11,
        filled: 1,
        total: 9,
        missing: [
          'avatar',
          'realName',
          'gender',
          'cityCode',
          'styles',
          'yearsOfExperience',
          'description',
          'portfolio',
        ],
      },
    });
  });

  it('PUT saves every field (the account part on the account), answers the profile at 100 %, and GET answers the same', async () => {
    const me = await someone(t, 'prof_full');
    t.clock.advance(1000);
    const res = await putProfile(me, FULL);
    const saved = dataOf<DesignerProfile>(res);
    expect(envelopeOf(res).msg).toBe('保存成功');
    expect(saved).toMatchObject({
      ...FULL,
      cityName: '广东省 广州市',
      cityPath: ['440000', '440100'],
      completeness: { percent: 100, filled: 9, total: 9, missing: [] },
    });
    expect(saved.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(dataOf(await getProfile(me))).toEqual(saved);
    // Nickname, avatar and description are the account's: the account calls see them.
    expect(dataOf(await call(t, 'GET', '/yiDesigner/modifyInfo', me))).toMatchObject({
      nickname: 'Mei',
      pic: FULL.avatar,
    });
    expect(dataOf(await call(t, 'GET', '/account', me))).toMatchObject({ description: FULL.description });
    // And a change through modifyDesc shows in the profile.
    dataOf(await call(t, 'POST', '/yiDesigner/modifyDesc', me, { description: 'Changed.' }));
    expect(dataOf<DesignerProfile>(await getProfile(me)).description).toBe('Changed.');
  });

  it("clearing fields ('' / null / []) lowers the completeness; 0 years of experience counts as filled", async () => {
    const me = await someone(t, 'prof_clear');
    dataOf(await putProfile(me, FULL));
    const cleared = dataOf<DesignerProfile>(
      await putProfile(me, {
        ...FULL,
        avatar: '',
        realName: '   ',
        gender: null,
        cityCode: null,
        styles: [],
        yearsOfExperience: 0,
        portfolio: [],
      }),
    );
    expect(cleared).toMatchObject({
      realName: '',
      gender: null,
      cityCode: null,
      cityName: '',
      yearsOfExperience: 0,
    });
    expect(cleared.completeness).toEqual({
      percent: 33,
      filled: 3,
      total: 9,
      missing: ['avatar', 'realName', 'gender', 'cityCode', 'styles', 'portfolio'],
    });
  });

  it('§2 completion rule: a newly registered designer stays newly registered without a description, and the save that completes nickname + description clears newly_register (full menu)', async () => {
    const me = await someone(t, 'prof_newbie', { newlyRegister: true });
    expect(await menuLength(me)).toBe(1);
    const incomplete = dataOf<DesignerProfile>(await putProfile(me, { ...FULL, description: '' }));
    expect(incomplete.newly_register).toBe(1);
    expect(await menuLength(me)).toBe(1);
    const complete = dataOf<DesignerProfile>(
      await putProfile(me, { ...FULL, avatar: '', portfolio: [], description: 'Knitwear.' }),
    );
    expect(complete.newly_register).toBe(0);
    expect(await menuLength(me)).toBeGreaterThan(1);
    const [row] = await t.db.select().from(designers).where(eq(designers.id, me.id));
    expect(row!.newlyRegister).toBe(false);
    // As with modifyDesc, emptying the description later does not make the account new again.
    expect(dataOf<DesignerProfile>(await putProfile(me, { ...FULL, description: '' })).newly_register).toBe(
      0,
    );
  });

  it('the description is cleaned as modifyDesc cleans it (plain text, at most one blank line)', async () => {
    const me = await someone(t, 'prof_desc');
    const saved = dataOf<DesignerProfile>(
      await putProfile(me, { ...FULL, description: '<b>Silk</b>\r\n\r\n\r\n\r\nand\u200b linen ' }),
    );
    expect(saved.description).toBe('Silk\n\nand linen');
  });

  it('bad input answers 40000 on the field and changes nothing', async () => {
    const me = await someone(t, 'prof_bad');
    const before = dataOf<DesignerProfile>(await putProfile(me, FULL));
    const cases: Array<[string, Record<string, unknown>]> = [
      ['nickname', { nickname: '  ' }],
      ['nickname', { nickname: 'x'.repeat(33) }],
      ['avatar', { avatar: 'not a url' }],
      ['avatar', { avatar: '/relative/avatar.png' }],
      ['realName', { realName: 'x'.repeat(33) }],
      ['gender', { gender: 'other' }],
      ['cityCode', { cityCode: '440000' }],
      ['cityCode', { cityCode: '440103' }],
      ['cityCode', { cityCode: '999900' }],
      ['styles', { styles: ['旗袍', '旗袍'] }],
      ['styles', { styles: ['Silk', 'silk'] }],
      ['styles', { styles: Array.from({ length: 11 }, (_, i) => `tag${i}`) }],
      ['styles.0', { styles: ['x'.repeat(17)] }],
      ['styles.0', { styles: [''] }],
      ['yearsOfExperience', { yearsOfExperience: 61 }],
      ['yearsOfExperience', { yearsOfExperience: -1 }],
      ['yearsOfExperience', { yearsOfExperience: 2.5 }],
      ['yearsOfExperience', { yearsOfExperience: '8' }],
      ['description', { description: 'x'.repeat(2001) }],
      ['portfolio', { portfolio: Array.from({ length: 13 }, (_, i) => `https://cdn.example.com/${i}.jpg`) }],
      ['portfolio', { portfolio: ['https://cdn.example.com/1.jpg', 'https://cdn.example.com/1.jpg'] }],
      ['portfolio.0', { portfolio: ['ftp://cdn.example.com/1.jpg'] }],
      ['portfolio.0', { portfolio: ['javascript:alert(1)'] }],
      ['portfolio.0', { portfolio: ['//evil.example.com/1.jpg'] }],
      ['nickname', { nickname: 'a\u0000b' }],
      ['realName', { realName: 'a\nb' }],
      ['styles.0', { styles: ['a\u0000'] }],
      ['portfolio.0', { portfolio: ['https://x.example.com/a\u0000.jpg'] }],
      ['extra', { extra: 1 }],
    ];
    for (const [path, change] of cases) {
      expectInvalid(await putProfile(me, { ...FULL, ...change }), path);
    }
    const { realName: _omitted, ...missingRealName } = FULL;
    expectInvalid(await putProfile(me, missingRealName), 'realName');
    expect(dataOf(await getProfile(me))).toEqual(before);
  });

  it('needs a session: 20007 without a token', async () => {
    expectFailure(await call(t, 'GET', '/designer-profile', null), 20007, 401);
    expectFailure(await call(t, 'PUT', '/designer-profile', null, FULL), 20007, 401);
  });

  it('tenancy: each designer reads and writes only their own profile', async () => {
    const a = await someone(t, 'prof_a');
    const b = await someone(t, 'prof_b');
    dataOf(await putProfile(a, FULL));
    const bProfile = dataOf<DesignerProfile>(await getProfile(b));
    expect(bProfile).toMatchObject({ nickname: 'prof_b', realName: '', portfolio: [] });
    const rows = await t.db.select().from(designerProfiles).where(eq(designerProfiles.designerId, b.id));
    expect(rows).toEqual([]);
  });
});
