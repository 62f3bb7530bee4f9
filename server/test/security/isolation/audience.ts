import { sql } from 'drizzle-orm';
import { demoPictureUrl } from '../../../src/modules/image-files/store.ts';
import { type CaseContext, type CaseTable, foreign, own, REFUSED_BODY_IDS } from './cases.ts';

const fanId = (x: CaseContext) => x.aId('fans');
const tagId = (x: CaseContext) => x.aId('tags');
const packId = (x: CaseContext) => x.aId('crowd_packs', sql`kind = 'rule'`);
const tagRule = (tagIds: number[]) => ({
  type: 'group',
  op: 'and',
  children: [{ type: 'condition', field: 'tags', op: 'any', tagIds }],
});

const fanItem = (table: 'fan_wardrobe_items' | 'fan_images') => async (x: CaseContext) => {
  const item = await x.first(sql`select i.id from ${sql.raw(table)} i join fans f on f.id = i.fan_id
    where f.designer_id = ${x.tenants.a.id} order by i.id limit 1`);
  const fan = await x.first(sql`select fan_id as id from ${sql.raw(table)} where id = ${item}`);
  return { params: { id: fan, itemId: item } };
};

/** 标签管理, 粉丝管理, 人群包. */
export const audienceCases: CaseTable = {
  'GET /tags': own(),
  // A tag of B in A's classification.
  'POST /tags': foreign(
    async (x) => ({
      payload: { classificationId: await x.aId('tag_classifications'), name: '乙方标签', color: '#112233' },
    }),
    { codes: REFUSED_BODY_IDS, control: false },
  ),
  'PUT /tags/{id}': foreign(async (x) => ({ params: { id: await tagId(x) }, payload: { color: '#445566' } })),
  'DELETE /tags/{id}': foreign(async (x) => ({ params: { id: await tagId(x) } }), { control: false }),
  'GET /tags/{id}/usage': foreign(async (x) => ({ params: { id: await tagId(x) } })),
  // B's own tag merged into A's tag.
  'POST /tags/{id}/merge': foreign(
    async (x) => ({ params: { id: x.bOwn.tag! }, payload: { intoTagId: await tagId(x) } }),
    { codes: REFUSED_BODY_IDS, control: false },
  ),
  'POST /tag-classifications': own(() => ({ payload: { name: '乙方分类二' } })),
  'PUT /tag-classifications/{id}': foreign(async (x) => ({
    params: { id: await x.aId('tag_classifications') },
    payload: { name: '被改名' },
  })),
  'DELETE /tag-classifications/{id}': foreign(
    async (x) => ({ params: { id: await x.aId('tag_classifications') } }),
    { control: false },
  ),

  'GET /fans': own(),
  'POST /fans/batch-tag': foreign(
    async (x) => ({
      payload: { selection: { kind: 'ids', fanIds: [await fanId(x)] }, addTagIds: [x.bOwn.tag!] },
    }),
    { codes: REFUSED_BODY_IDS, control: false },
  ),
  'GET /fans/{id}': foreign(async (x) => ({ params: { id: await fanId(x) } })),
  // One of A's fans who is a course buyer: boutique orders and course purchases both listed.
  'GET /fans/{id}/orders': foreign(async (x) => ({
    params: { id: await x.aId('fans', sql`platform_user_id is not null`) },
  })),
  'PUT /fans/{id}/measurements': foreign(async (x) => ({
    params: { id: await fanId(x) },
    payload: {
      height: 170,
      weight: 60,
      bust: 90,
      waist: 70,
      hip: 95,
      shoulder: 40,
      sleeve: 58,
      inseam: 78,
    },
  })),
  'PUT /fans/{id}/tags': foreign(async (x) => ({ params: { id: await fanId(x) }, payload: { tagIds: [] } })),
  'POST /fans/{id}/wardrobe': foreign(async (x) => ({
    params: { id: await fanId(x) },
    payload: { category: 'qipao', size: 'M' },
  })),
  'DELETE /fans/{id}/wardrobe/{itemId}': foreign(fanItem('fan_wardrobe_items')),
  'POST /fans/{id}/images': foreign(async (x) => ({
    params: { id: await fanId(x) },
    // One of A's seeded pictures: A's own request (the control) is taken.
    payload: { url: demoPictureUrl(x.tenants.a.id, 'fan-photo-1') },
  })),
  'DELETE /fans/{id}/images/{itemId}': foreign(fanItem('fan_images')),

  'GET /crowd-packs': own(),
  'POST /crowd-packs': foreign(
    async (x) => ({
      payload: { kind: 'rule', name: '乙方人群', refreshMode: 'manual', rule: tagRule([await tagId(x)]) },
    }),
    { codes: REFUSED_BODY_IDS, control: false },
  ),
  'POST /crowd-packs/count': foreign(
    async (x) => ({
      payload: { kind: 'combined', combination: { include: [[await packId(x)]], exclude: [] } },
    }),
    { codes: REFUSED_BODY_IDS },
  ),
  'POST /crowd-packs/overlap': foreign(async (x) => ({ payload: { packIds: [await packId(x)] } }), {
    codes: REFUSED_BODY_IDS,
  }),
  'GET /crowd-packs/{id}': foreign(async (x) => ({ params: { id: await packId(x) } })),
  'PUT /crowd-packs/{id}': foreign(async (x) => ({
    params: { id: await packId(x) },
    payload: { kind: 'rule', name: '被改', refreshMode: 'manual', rule: tagRule([await tagId(x)]) },
  })),
  'DELETE /crowd-packs/{id}': foreign(async (x) => ({ params: { id: await packId(x) } }), { control: false }),
  'POST /crowd-packs/{id}/copy': foreign(async (x) => ({ params: { id: await packId(x) } })),
  'POST /crowd-packs/{id}/refresh': foreign(async (x) => ({ params: { id: await packId(x) } })),
  'GET /crowd-packs/{id}/members': foreign(async (x) => ({ params: { id: await packId(x) } })),
  'GET /crowd-packs/{id}/members/export.csv': foreign(async (x) => ({ params: { id: await packId(x) } })),
  'GET /crowd-packs/{id}/trace': foreign(async (x) => ({
    params: { id: await packId(x) },
    query: { fanId: String(await fanId(x)) },
  })),
  'POST /crowd-packs/{id}/tag-members': foreign(async (x) => ({
    params: { id: await packId(x) },
    payload: { addTagIds: [await tagId(x)] },
  })),
};
