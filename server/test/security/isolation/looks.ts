import { sql } from 'drizzle-orm';
import { type CaseContext, type CaseTable, foreign, notTenant, own, REFUSED_BODY_IDS } from './cases.ts';

const lookId = (x: CaseContext) => x.aId('looks');
const imageId = (x: CaseContext) => x.aId('images');
const backgroundId = (x: CaseContext) =>
  x.aIdOr('look_backgrounds', sql`true`, {
    url: '/look-backgrounds',
    payload: { name: '甲方背景', kind: 'solid', colors: ['#112233'] },
  });
const modelId = (x: CaseContext) =>
  x.aIdOr('look_models', sql`true`, {
    url: '/look-models/create-upload',
    payload: { name: '甲方模特', bodyType: 'female', fileName: 'a.glb', fileSize: 1024 },
  });

/** 3D推荐: looks, their models and backgrounds, and the public page. */
export const looksCases: CaseTable = {
  'GET /public/looks/{id}': notTenant('the public 3D page of a look its designer put online (40400 offline)'),
  'POST /public/looks/{id}/events': notTenant('anonymous view/rotation/tap counters of an online look'),
  'GET /look-assets/{file}': notTenant('shipped models and posters, the same for everyone'),

  'GET /look-backgrounds': own(),
  // B's background showing A's image.
  'POST /look-backgrounds': foreign(
    async (x) => ({ payload: { name: '乙方背景', kind: 'image', imageId: await imageId(x) } }),
    { codes: REFUSED_BODY_IDS, control: false },
  ),
  'PUT /look-backgrounds/{id}': foreign(async (x) => ({
    params: { id: await backgroundId(x) },
    payload: { name: '被改背景', kind: 'solid', colors: ['#445566'] },
  })),
  'DELETE /look-backgrounds/{id}': foreign(async (x) => ({ params: { id: await backgroundId(x) } }), {
    control: false,
  }),

  'GET /look-models': own(),
  'POST /look-models/create-upload': foreign(
    async (x) => ({
      payload: {
        name: '乙方模特',
        bodyType: 'male',
        fileName: 'b.glb',
        fileSize: 1024,
        posterImageId: await imageId(x),
      },
    }),
    { codes: REFUSED_BODY_IDS, control: false },
  ),
  'POST /look-models/refresh-upload': foreign(async (x) => ({ payload: { modelId: await modelId(x) } }), {
    codes: REFUSED_BODY_IDS,
    control: false,
  }),
  'POST /look-models/{id}/upload-finished': foreign(async (x) => ({ params: { id: await modelId(x) } }), {
    control: false,
  }),
  'PUT /look-models/{id}': foreign(async (x) => ({
    params: { id: await modelId(x) },
    payload: { name: '被改模特', bodyType: 'female' },
  })),
  'DELETE /look-models/{id}': foreign(async (x) => ({ params: { id: await modelId(x) } }), {
    control: false,
  }),

  'GET /looks': own(),
  // B's look on A's model and background.
  'POST /looks': foreign(
    async (x) => ({
      payload: { title: '乙方造型', modelId: await modelId(x), backgroundId: await backgroundId(x) },
    }),
    { codes: REFUSED_BODY_IDS, control: false },
  ),
  'GET /looks/{id}': foreign(async (x) => ({ params: { id: await lookId(x) } })),
  'PUT /looks/{id}': foreign(
    async (x) => ({ params: { id: await lookId(x) }, payload: { title: '被改造型' } }),
    {
      control: false,
    },
  ),
  'DELETE /looks/{id}': foreign(async (x) => ({ params: { id: await lookId(x) } }), { control: false }),
  'POST /looks/{id}/online': foreign(async (x) => ({
    params: { id: await lookId(x) },
    payload: { online: false },
  })),
  'POST /looks/{id}/sort-order': foreign(async (x) => ({
    params: { id: await lookId(x) },
    payload: { sortOrder: 3 },
  })),
  'GET /looks/{id}/stats': foreign(async (x) => ({ params: { id: await lookId(x) } })),
};
