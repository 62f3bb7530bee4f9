import {
  type ApplicationDetail,
  type DesignerInfo,
  type DesignerProfile,
  isValidIdCardNumber,
} from '@dc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designers } from '../../src/db/schema/index.ts';
import { addProvider, call, expectInvalid, type Session, someone } from '../support/calls.ts';
import { createImageApp, expectShownAfterLinkExpiry, type ImageApp, uploadImage } from './support.ts';

let t: ImageApp;
let me: Session;
let other: Session;
beforeAll(async () => {
  t = await createImageApp();
  me = await someone(t, 'img_profile_me');
  other = await someone(t, 'img_profile_other');
});
afterAll(() => t?.close());

const profile = (avatar: string, portfolio: string[]) => ({
  nickname: 'Mei',
  avatar,
  realName: '王美',
  gender: 'female',
  cityCode: '440100',
  styles: ['旗袍'],
  yearsOfExperience: 8,
  description: 'Cheongsam and tailoring.',
  portfolio,
});

const idCard = (first17: string) =>
  `${first17}${[...'0123456789X'].find((c) => isValidIdCardNumber(`${first17}${c}`))}`;

const application = (providerId: number, portfolio: string[]) => ({
  providerId,
  realName: '王美',
  idType: 'id_card',
  idNumber: idCard('44010619900101123'),
  phone: '13900000001',
  bankCode: 'icbc',
  bankProvince: '440000',
  bankCity: '440100',
  bankBranch: '广州天河支行',
  accountName: '王美',
  accountNumber: '6222 0212 3456 7890',
  portfolio,
  statement: 'Ten years of cheongsam tailoring; I would like to design your spring line.',
});

describe('designer information (issue 4 item 5): avatar and portfolio by their lasting address', () => {
  it('keeps an uploaded avatar and portfolio pieces by their lasting address, outside pictures as sent', async () => {
    const avatar = await uploadImage(t, me);
    const piece = await uploadImage(t, me);
    const res = await call(
      t,
      'PUT',
      '/designer-profile',
      me,
      profile(avatar.link, [piece.link, 'https://cdn.example.com/p/1.jpg']),
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data as DesignerProfile;
    expect(saved.avatar).toBe(avatar.address);
    expect(saved.portfolio).toEqual([piece.address, 'https://cdn.example.com/p/1.jpg']);
    // The form sends back what it shows: the lasting addresses are taken as they are.
    const again = await call(t, 'PUT', '/designer-profile', me, profile(saved.avatar, saved.portfolio));
    expect((again.json().data as DesignerProfile).portfolio).toEqual(saved.portfolio);
    await expectShownAfterLinkExpiry(t, avatar, saved.avatar);
  });

  it('40000 naming the field for another designer’s image or one image twice', async () => {
    const mine = await uploadImage(t, me);
    const theirs = await uploadImage(t, other);
    expectInvalid(await call(t, 'PUT', '/designer-profile', me, profile(theirs.link, [])), 'avatar');
    expectInvalid(
      await call(t, 'PUT', '/designer-profile', me, profile('', [mine.address, theirs.address])),
      'portfolio.1',
    );
    expectInvalid(
      await call(t, 'PUT', '/designer-profile', me, profile('', [mine.link, mine.address])),
      'portfolio.1',
    );
  });
});

describe('exclusive application (issue 4): the portfolio is the designer’s uploads, by their lasting address', () => {
  it('keeps uploaded pieces by their lasting address; another designer’s image or an outside picture is 40000 on portfolio.N', async () => {
    const provider = await addProvider(t, '长久工坊');
    const piece = await uploadImage(t, me);
    const second = await uploadImage(t, me);
    const theirs = await uploadImage(t, other);
    expectInvalid(
      await call(t, 'POST', '/exclusive-applications', me, application(provider, [piece.link, theirs.link])),
      'portfolio.1',
    );
    expectInvalid(
      await call(t, 'POST', '/exclusive-applications', me, application(provider, [theirs.address])),
      'portfolio.0',
    );
    expectInvalid(
      await call(
        t,
        'POST',
        '/exclusive-applications',
        me,
        application(provider, [piece.link, 'https://cdn.example.com/a.jpg']),
      ),
      'portfolio.1',
    );
    expectInvalid(
      await call(
        t,
        'POST',
        '/exclusive-applications',
        me,
        application(provider, [piece.link, piece.address]),
      ),
      'portfolio.1',
    );
    const res = await call(
      t,
      'POST',
      '/exclusive-applications',
      me,
      application(provider, [piece.link, second.address]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data as ApplicationDetail;
    expect(saved.portfolio).toEqual([piece.address, second.address]);
    await expectShownAfterLinkExpiry(t, piece, saved.portfolio[0]!);
  });
});

describe('designer info (issue 4): the modifyInfo avatar `pic` is the designer’s upload', () => {
  const modifyInfo = (who: Session, body: object) => call(t, 'POST', '/yiDesigner/modifyInfo', who, body);
  const picOf = (res: { json(): unknown }) => (res.json() as { data: DesignerInfo }).data.pic;

  it('keeps an uploaded avatar by its lasting address, whether sent as the signed link or the address', async () => {
    const avatar = await uploadImage(t, me);
    const res = await modifyInfo(me, { pic: avatar.link });
    expect(res.statusCode, res.body).toBe(200);
    expect(picOf(res)).toBe(avatar.address);
    // The form sends back what it shows: the lasting address, with a new nickname.
    const again = await modifyInfo(me, { nickname: 'Mei', pic: avatar.address });
    expect(again.statusCode, again.body).toBe(200);
    expect(picOf(again)).toBe(avatar.address);
    expect(picOf(await modifyInfo(me, { pic: '' }))).toBe('');
  });

  it('40000 naming pic for another designer’s object, an outside address or a path that is no image of theirs; nothing changes', async () => {
    const mine = await uploadImage(t, me);
    const theirs = await uploadImage(t, other);
    expect(picOf(await modifyInfo(me, { pic: mine.address }))).toBe(mine.address);
    for (const pic of [
      theirs.link,
      theirs.address,
      'https://cdn.example.com/avatar.png',
      '/designerapi/v1/image-files/designers/0/images/nope.png',
      '/designerapi/v1/providers',
    ]) {
      expectInvalid(await modifyInfo(me, { pic }), 'pic');
    }
    const [row] = await t.db.select({ pic: designers.pic }).from(designers).where(eq(designers.id, me.id));
    expect(row!.pic).toBe(mine.address);
  });

  it('an avatar stored before the check (an outside address) may be sent back unchanged, not set anew', async () => {
    const legacy = await someone(t, 'img_profile_legacy');
    await t.db
      .update(designers)
      .set({ pic: 'https://cdn.example.com/old.png' })
      .where(eq(designers.id, legacy.id));
    const res = await modifyInfo(legacy, { nickname: 'Old avatar', pic: 'https://cdn.example.com/old.png' });
    expect(res.statusCode, res.body).toBe(200);
    expect(picOf(res)).toBe('https://cdn.example.com/old.png');
    expectInvalid(await modifyInfo(legacy, { pic: 'https://cdn.example.com/new.png' }), 'pic');
  });
});
