import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designers } from '../../src/db/schema/index.ts';
import { temporaryDataDir, type Uploaded, uploadImage } from '../image-files/support.ts';
import {
  API,
  authHeader,
  createDesigner,
  createTestApp,
  envelopeOf,
  loginAs,
  type TestApp,
} from '../support/test-app.ts';

const PASSWORD = 'designer-pass-1';
const INFO = `${API}/yiDesigner/modifyInfo`;

let t: TestApp;
let ann: { id: number; token: string };
let bob: { id: number; token: string };

let bobAvatar: Uploaded;

beforeAll(async () => {
  // A data directory of its own: the avatar is an uploaded image, kept in its store.
  t = await createTestApp({ env: { DATA_DIR: await temporaryDataDir() } });
  const annId = await createDesigner(t.db, {
    account: 'ann',
    password: PASSWORD,
    phone: '13700000001',
    nickname: '安设计师',
  });
  const bobId = await createDesigner(t.db, { account: 'bob', password: PASSWORD, nickname: 'Bob' });
  await t.db.update(designers).set({ pic: 'https://img.example.com/ann.png' }).where(eq(designers.id, annId));
  ann = { id: annId, token: await loginAs(t.app, 'ann', PASSWORD) };
  bob = { id: bobId, token: await loginAs(t.app, 'bob', PASSWORD) };
  bobAvatar = await uploadImage(t, bob);
});
afterAll(() => t?.close());

const getInfo = (token: string) => t.app.inject({ method: 'GET', url: INFO, headers: authHeader(token) });
const postInfo = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: INFO, headers: authHeader(token), payload });

async function storedRow(id: number) {
  const [row] = await t.db.select().from(designers).where(eq(designers.id, id));
  return row!;
}

describe('GET /designerapi/v1/yiDesigner/modifyInfo (§7: own info: id, nickname, pic, telephone)', () => {
  it("§7 answers exactly id, nickname, pic, telephone of the session's designer", async () => {
    const res = await getInfo(ann.token);
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res)).toEqual({
      code: 200,
      status: 0,
      msg: 'success',
      data: {
        id: ann.id,
        nickname: '安设计师',
        pic: 'https://img.example.com/ann.png',
        telephone: '13700000001',
      },
    });
  });

  it('DESIGN tenancy: each of two designers sees their own info only', async () => {
    const res = await getInfo(bob.token);
    expect(envelopeOf(res).data).toEqual({ id: bob.id, nickname: 'Bob', pic: '', telephone: '' });
    expect(bob.id).not.toBe(ann.id);
  });
});

describe('POST /designerapi/v1/yiDesigner/modifyInfo', () => {
  it('§5 changes nickname and pic (an uploaded image, kept by its lasting address), trimming the strings', async () => {
    const res = await postInfo(bob.token, {
      nickname: '  Bob the Tailor  ',
      pic: ` ${bobAvatar.link} `,
    });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res)).toMatchObject({
      code: 200,
      data: { id: bob.id, nickname: 'Bob the Tailor', pic: bobAvatar.address, telephone: '' },
    });
    expect(await storedRow(bob.id)).toMatchObject({
      nickname: 'Bob the Tailor',
      pic: bobAvatar.address,
    });
    expect(envelopeOf(await getInfo(bob.token)).data).toMatchObject({ nickname: 'Bob the Tailor' });
  });

  it('changes only the fields sent, and only for the session designer', async () => {
    const res = await postInfo(bob.token, { nickname: 'Robert' });
    expect(envelopeOf(res).data).toMatchObject({
      nickname: 'Robert',
      pic: bobAvatar.address,
    });
    expect(await storedRow(ann.id)).toMatchObject({
      nickname: '安设计师',
      pic: 'https://img.example.com/ann.png',
    });
  });

  it('an empty pic clears the avatar', async () => {
    const res = await postInfo(bob.token, { pic: '' });
    expect(envelopeOf(res).data).toMatchObject({ pic: '' });
    expect((await storedRow(bob.id)).pic).toBe('');
  });

  it('40000 naming telephone: phone changes go through modifyPhone with codes, not modifyInfo', async () => {
    const res = await postInfo(ann.token, { nickname: 'Changed', telephone: '13000000000' });
    expect(res.statusCode).toBe(400);
    const body = envelopeOf(res);
    expect(body.code).toBe(40000);
    expect((body.data as { errors: { path: string }[] }).errors.map((e) => e.path)).toContain('telephone');
    expect(await storedRow(ann.id)).toMatchObject({ phone: '13700000001', nickname: '安设计师' });
  });

  it('40000: a body changing nothing, or a pic that is not a URL', async () => {
    const empty = await postInfo(ann.token, {});
    expect(envelopeOf(empty).code).toBe(40000);
    const notUrl = await postInfo(ann.token, { pic: 'not a url' });
    expect(envelopeOf(notUrl)).toMatchObject({ code: 40000, data: { errors: [{ path: 'pic' }] } });
    expect((await storedRow(ann.id)).pic).toBe('https://img.example.com/ann.png');
  });
});
