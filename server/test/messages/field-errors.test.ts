import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  authHeader,
  createDesigner,
  createTestApp,
  loginAs,
  type TestApp,
} from '../support/test-app.ts';

/**
 * Issue 17 point 5: a schema failure reads as a sentence in the console's language, naming the
 * field. For a sample of real calls of every area: a required field left out, a value of the
 * wrong type and a value past its limit answer 40000 with that field in `data.errors` and the
 * envelope's `msg`, in Chinese under `Accept-Language: zh-CN` and with no Accept-Language, in
 * English under `en-US`.
 */

type Said = { 'zh-CN': string; 'en-US': string };
const required = (f: string): Said => ({ 'zh-CN': `${f} 为必填项`, 'en-US': `${f} is required` });
const number = (f: string): Said => ({ 'zh-CN': `${f} 须为数字`, 'en-US': `${f} must be a number` });
const text = (f: string): Said => ({ 'zh-CN': `${f} 须为文本`, 'en-US': `${f} must be text` });
const bool = (f: string): Said => ({
  'zh-CN': `${f} 须为 true 或 false`,
  'en-US': `${f} must be true or false`,
});
const list = (f: string): Said => ({ 'zh-CN': `${f} 须为列表`, 'en-US': `${f} must be a list` });
const maxChars = (f: string, n: number): Said => ({
  'zh-CN': `${f} 最多 ${n} 个字符`,
  'en-US': `${f} must be at most ${n} characters`,
});
const maxNumber = (f: string, n: number): Said => ({
  'zh-CN': `${f} 不能大于 ${n}`,
  'en-US': `${f} must be at most ${n}`,
});
const maxItems = (f: string, n: number): Said => ({
  'zh-CN': `${f} 最多 ${n} 项`,
  'en-US': `${f} takes at most ${n} items`,
});

interface Attempt {
  /** The query string or JSON body sent. */
  send: string | Record<string, unknown>;
  field: string;
  says: Said;
}

interface Sample {
  area: string;
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  missing: Attempt;
  wrongType: Attempt;
  pastLimit: Attempt;
}

const long = (n: number) => 'x'.repeat(n);

const SAMPLES: Sample[] = [
  {
    area: 'auth',
    method: 'POST',
    url: '/yiDesigner/modifyPassword',
    missing: { send: { password: 'new-pass-2026' }, field: 'oldPassword', says: required('oldPassword') },
    wrongType: {
      send: { oldPassword: 12345678, password: 'x' },
      field: 'oldPassword',
      says: text('oldPassword'),
    },
    pastLimit: {
      send: { oldPassword: 'x', password: long(129) },
      field: 'password',
      says: maxChars('password', 128),
    },
  },
  {
    area: 'designer',
    method: 'POST',
    url: '/yiDesigner/modifyDesc',
    missing: { send: {}, field: 'description', says: required('description') },
    wrongType: { send: { description: 5 }, field: 'description', says: text('description') },
    // The schema words this limit itself: its own wording follows the field.
    pastLimit: {
      send: { description: long(2001) },
      field: 'description',
      says: { 'zh-CN': 'description：最多 2000 个字符', 'en-US': 'description: at most 2000 characters' },
    },
  },
  {
    area: 'exclusive (query number)',
    method: 'GET',
    url: '/yiDesigner/applysubDetail',
    missing: { send: '', field: 'provider_id', says: required('provider_id') },
    wrongType: { send: 'provider_id=abc', field: 'provider_id', says: number('provider_id') },
    pastLimit: {
      send: 'provider_id=3000000000',
      field: 'provider_id',
      says: maxNumber('provider_id', 2147483647),
    },
  },
  {
    area: 'contracts',
    method: 'POST',
    url: '/contracts',
    missing: { send: {}, field: 'title', says: required('title') },
    wrongType: { send: { amount: 'abc' }, field: 'amount', says: number('amount') },
    pastLimit: { send: { title: long(65) }, field: 'title', says: maxChars('title', 64) },
  },
  {
    area: 'addresses',
    method: 'POST',
    url: '/shop-addresses',
    missing: { send: {}, field: 'consignee', says: required('consignee') },
    wrongType: { send: { isDefault: 'perhaps' }, field: 'isDefault', says: bool('isDefault') },
    pastLimit: { send: { detail: long(121) }, field: 'detail', says: maxChars('detail', 120) },
  },
  {
    area: 'tags',
    method: 'POST',
    url: '/tags',
    missing: { send: {}, field: 'name', says: required('name') },
    wrongType: {
      send: { classificationId: 'abc' },
      field: 'classificationId',
      says: number('classificationId'),
    },
    pastLimit: { send: { name: long(16) }, field: 'name', says: maxChars('name', 15) },
  },
  {
    area: 'fans',
    method: 'PUT',
    url: '/fans/1/measurements',
    missing: { send: {}, field: 'height', says: required('height') },
    wrongType: { send: { weight: 'abc' }, field: 'weight', says: number('weight') },
    pastLimit: { send: { height: 251 }, field: 'height', says: maxNumber('height', 250) },
  },
  {
    area: 'impressions',
    method: 'POST',
    url: '/impressions',
    missing: { send: {}, field: 'word', says: required('word') },
    wrongType: { send: { word: 5 }, field: 'word', says: text('word') },
    pastLimit: { send: { word: long(13) }, field: 'word', says: maxChars('word', 12) },
  },
  {
    area: 'recruitment',
    method: 'PUT',
    url: '/recruitment',
    missing: { send: {}, field: 'welcome', says: required('welcome') },
    wrongType: { send: { enabled: 'perhaps' }, field: 'enabled', says: bool('enabled') },
    pastLimit: { send: { welcome: long(201) }, field: 'welcome', says: maxChars('welcome', 200) },
  },
  {
    area: 'courses',
    method: 'POST',
    url: '/courses',
    missing: { send: {}, field: 'title', says: required('title') },
    wrongType: { send: { price: 'abc' }, field: 'price', says: number('price') },
    pastLimit: { send: { title: long(61) }, field: 'title', says: maxChars('title', 60) },
  },
  {
    area: 'videos',
    method: 'PUT',
    url: '/videos/1',
    missing: { send: {}, field: 'title', says: required('title') },
    wrongType: { send: { cateId: 'abc' }, field: 'cateId', says: number('cateId') },
    pastLimit: { send: { title: long(101) }, field: 'title', says: maxChars('title', 100) },
  },
  {
    area: 'boutique',
    method: 'POST',
    url: '/brands',
    missing: { send: {}, field: 'name', says: required('name') },
    wrongType: { send: { name: 5 }, field: 'name', says: text('name') },
    pastLimit: { send: { name: long(31) }, field: 'name', says: maxChars('name', 30) },
  },
  {
    area: 'looks',
    method: 'POST',
    url: '/looks',
    missing: { send: {}, field: 'title', says: required('title') },
    wrongType: { send: { sortOrder: 'abc' }, field: 'sortOrder', says: number('sortOrder') },
    pastLimit: { send: { sortOrder: 10000 }, field: 'sortOrder', says: maxNumber('sortOrder', 9999) },
  },
  {
    area: 'vault',
    method: 'POST',
    url: '/vault/withdrawals',
    missing: { send: {}, field: 'amount', says: required('amount') },
    wrongType: { send: { amount: 'abc' }, field: 'amount', says: number('amount') },
    pastLimit: { send: { amount: 100000001 }, field: 'amount', says: maxNumber('amount', 100000000) },
  },
  {
    area: 'crowd packs',
    method: 'POST',
    url: '/crowd-packs/overlap',
    missing: { send: {}, field: 'packIds', says: required('packIds') },
    wrongType: { send: { packIds: 'abc' }, field: 'packIds', says: list('packIds') },
    pastLimit: {
      send: { packIds: Array.from({ length: 13 }, (_, i) => i + 1) },
      field: 'packIds',
      says: maxItems('packIds', 12),
    },
  },
  {
    area: 'members',
    method: 'POST',
    url: '/yiDesigner/unbindMember',
    missing: { send: {}, field: 'member_id', says: required('member_id') },
    wrongType: { send: { member_id: 'abc' }, field: 'member_id', says: number('member_id') },
    pastLimit: {
      send: { member_id: 3000000000 },
      field: 'member_id',
      says: maxNumber('member_id', 2147483647),
    },
  },
  {
    area: 'profile',
    method: 'PUT',
    url: '/designer-profile',
    missing: { send: {}, field: 'nickname', says: required('nickname') },
    wrongType: {
      send: { yearsOfExperience: 'abc' },
      field: 'yearsOfExperience',
      says: number('yearsOfExperience'),
    },
    pastLimit: {
      send: { yearsOfExperience: 61 },
      field: 'yearsOfExperience',
      says: maxNumber('yearsOfExperience', 60),
    },
  },
];

const LANGUAGES = [
  { header: 'zh-CN,zh;q=0.9', language: 'zh-CN' },
  { header: undefined, language: 'zh-CN' },
  { header: 'en-US,en;q=0.9', language: 'en-US' },
] as const;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await createDesigner(t.db, { account: 'fielderrors', password: 'field-pass-2026', nickname: 'Fields' });
  token = await loginAs(t.app, 'fielderrors', 'field-pass-2026');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function attempt(sample: Sample, { send }: Attempt, header: string | undefined) {
  const query = typeof send === 'string' ? send : '';
  const res = await t.app.inject({
    method: sample.method,
    url: `${API}${sample.url}${query ? `?${query}` : ''}`,
    headers: { ...authHeader(token), ...(header ? { 'accept-language': header } : {}) },
    ...(typeof send === 'string' ? {} : { payload: send }),
  });
  return {
    status: res.statusCode,
    body: res.json() as {
      code: number;
      msg: string;
      data: { errors: Array<{ path: string; message: string }> };
    },
  };
}

describe.each(SAMPLES.map((sample) => [sample.area, sample] as const))('%s', (_area, sample) => {
  it.each([
    ['a required field left out', sample.missing],
    ['a value of the wrong type', sample.wrongType],
    ['a value past its limit', sample.pastLimit],
  ] as const)(
    `${sample.method} ${sample.url}: %s is 40000 naming the field in the request's language`,
    async (_what, tried) => {
      for (const { header, language } of LANGUAGES) {
        const { status, body } = await attempt(sample, tried, header);
        const why = `${header ?? 'no Accept-Language'}: ${JSON.stringify(body)}`;
        expect(status, why).toBe(400);
        expect(body.code, why).toBe(40000);
        expect(body.data.errors, why).toContainEqual({ path: tried.field, message: tried.says[language] });
        // The envelope's message is the first field's sentence: it names a field, in that language.
        expect(body.msg, why).toBe(body.data.errors[0]?.message);
        if (language === 'zh-CN') expect(body.msg, why).toMatch(/[\u4e00-\u9fff]/);
      }
    },
  );
});
