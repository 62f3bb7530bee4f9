import { sql } from 'drizzle-orm';
import { API } from '../../support/test-app.ts';
import { as } from '../support/tenants.ts';
import { type CaseContext, type CaseTable, foreign, notTenant, own, REFUSED_BODY_IDS } from './cases.ts';

const fanId = (x: CaseContext) => x.aId('fans');
const impressionId = (x: CaseContext) =>
  x.aIdOr('impressions', sql`true`, { url: '/impressions', payload: { word: '甲方印象' } });

/** One of A's fans carrying one of A's impression words (given through A's own API when none does). */
async function carriedImpression(x: CaseContext) {
  const find = () =>
    x.first(sql`select fi.fan_id as id from fan_impressions fi join fans f on f.id = fi.fan_id
      where f.designer_id = ${x.tenants.a.id} order by fi.fan_id limit 1`);
  let fan: number;
  try {
    fan = await find();
  } catch {
    const target = await fanId(x);
    await x.tenants.t.app.inject(
      as(x.tenants.a, {
        method: 'POST',
        url: `${API}/fans/${target}/impressions`,
        payload: { word: '甲方印象' },
      }),
    );
    fan = await find();
  }
  const item = await x.first(
    sql`select impression_id as id from fan_impressions where fan_id = ${fan} limit 1`,
  );
  return { params: { id: fan, itemId: item } };
}

/** 粉丝印象 and 招募设置, with the public recruitment page. */
export const engagementCases: CaseTable = {
  'GET /impressions': own(),
  'POST /impressions': own(() => ({ payload: { word: '乙方印象' } })),
  'PUT /impressions/{id}': foreign(async (x) => ({
    params: { id: await impressionId(x) },
    payload: { word: '被改印象' },
  })),
  'DELETE /impressions/{id}': foreign(async (x) => ({ params: { id: await impressionId(x) } }), {
    control: false,
  }),
  'GET /impressions/{id}/fans': foreign(async (x) => ({ params: { id: await impressionId(x) } })),
  'GET /fans/{id}/impressions': foreign(async (x) => ({ params: { id: await fanId(x) } })),
  'POST /fans/{id}/impressions': foreign(
    async (x) => ({ params: { id: await fanId(x) }, payload: { word: '乙方印象' } }),
    {
      control: false,
    },
  ),
  'DELETE /fans/{id}/impressions/{itemId}': foreign(carriedImpression, { control: false }),
  'GET /recruitment': own(),
  // B's recruitment auto-tagging new fans with A's tags.
  'PUT /recruitment': foreign(
    async (x) => ({
      payload: {
        enabled: true,
        welcome: '欢迎',
        benefit: '福利',
        coverUrl: '',
        autoTagIds: [await x.aId('tags')],
      },
    }),
    { codes: REFUSED_BODY_IDS, control: false },
  ),
  'GET /public/recruitment/{slug}': notTenant(
    'the public recruitment page a designer turned on (40400 when off)',
  ),
  'POST /public/recruitment/{slug}/visits': notTenant(
    'anonymous visit counter of a public page, rate-limited',
  ),
  'POST /public/recruitment/{slug}/follow': notTenant('a visitor follows the designer from the public page'),
};
