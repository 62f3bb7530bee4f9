import { bPicture } from './b-picture.ts';
import { type CaseContext, type CaseTable, foreign, notTenant, own, REFUSED_BODY_IDS } from './cases.ts';

const courseId = (x: CaseContext) => x.aId('courses');
const videoId = (x: CaseContext) => x.aId('videos');
const productId = (x: CaseContext) => x.aId('products');
const brandId = (x: CaseContext) => x.aId('brands');

const course = (videoIdOfLesson: number) => ({
  title: '乙方课程',
  category: 'tailoring',
  price: 100,
  originalPrice: 200,
  chapters: [{ title: '第一章', lessons: [{ title: '第一课', kind: 'video', videoId: videoIdOfLesson }] }],
});

const product = async (x: CaseContext, brand: number | null) => ({
  title: '乙方商品',
  brandId: brand,
  category: 'qipao',
  images: [await bPicture(x)],
  status: 'draft',
  variants: [{ size: 'M', color: '红', sku: 'B-SKU-1', price: 100, originalPrice: 200, stock: 1 }],
});

/** 课程管理, 短视频, 商家精品. */
export const contentCases: CaseTable = {
  'GET /courses': own(),
  // B's course with a lesson playing A's video.
  'POST /courses': foreign(async (x) => ({ payload: course(await videoId(x)) }), {
    codes: REFUSED_BODY_IDS,
    control: false,
  }),
  'GET /courses/video-options': own(),
  'GET /courses/{id}': foreign(async (x) => ({ params: { id: await courseId(x) } })),
  'PUT /courses/{id}': foreign(
    async (x) => ({ params: { id: await courseId(x) }, payload: course(await videoId(x)) }),
    { control: false },
  ),
  'DELETE /courses/{id}': foreign(async (x) => ({ params: { id: await courseId(x) } }), { control: false }),
  'POST /courses/{id}/on-sale': foreign(async (x) => ({ params: { id: await courseId(x) } })),
  'POST /courses/{id}/off-shelf': foreign(async (x) => ({ params: { id: await courseId(x) } })),
  'PUT /courses/{id}/lesson-order': foreign(
    async (x) => ({ params: { id: await courseId(x) }, payload: { chapters: [] } }),
    { control: false },
  ),
  'GET /courses/{id}/sales-trend': foreign(async (x) => ({ params: { id: await courseId(x) } })),
  'GET /user-courses': own(async (x) => ({ query: { courseId: String(await courseId(x)) } }), [200, 40400]),

  'POST /object-uploads/initiate': notTenant(
    'authenticated by an upload grant bound to one key, never the session; another designer’s key is refused in storage/presigned-uploads-on-s3.test.ts',
  ),
  'POST /object-uploads/part': notTenant(
    'authenticated by an upload grant bound to one key, never the session; another designer’s key is refused in storage/presigned-uploads-on-s3.test.ts',
  ),
  'POST /object-uploads/list': notTenant(
    'authenticated by an upload grant bound to one key, never the session; another designer’s key is refused in storage/presigned-uploads-on-s3.test.ts',
  ),
  'POST /object-uploads/complete': notTenant(
    'authenticated by an upload grant bound to one key, never the session; another designer’s key is refused in storage/presigned-uploads-on-s3.test.ts',
  ),
  'POST /object-uploads/abort': notTenant(
    'authenticated by an upload grant bound to one key, never the session; another designer’s key is refused in storage/presigned-uploads-on-s3.test.ts',
  ),

  'POST /vod/create-upload': own(() => ({
    payload: { kind: 'video', title: '乙方视频', fileName: 'b.mp4', fileSize: 1024 },
  })),
  'POST /vod/refresh-upload': foreign(async (x) => ({ payload: { videoId: String(await videoId(x)) } }), {
    codes: REFUSED_BODY_IDS,
    control: false,
  }),
  'POST /videos/{id}/upload-finished': foreign(
    async (x) => ({ params: { id: await videoId(x) }, payload: {} }),
    {
      control: false,
    },
  ),
  'POST /images/{id}/upload-finished': foreign(async (x) => ({ params: { id: await x.aId('images') } }), {
    control: false,
  }),
  'GET /videos': own(),
  'GET /videos/{id}': foreign(async (x) => ({ params: { id: await videoId(x) } })),
  'PUT /videos/{id}': foreign(async (x) => ({
    params: { id: await videoId(x) },
    payload: { title: '被改' },
  })),
  'DELETE /videos/{id}': foreign(async (x) => ({ params: { id: await videoId(x) } }), { control: false }),
  'POST /videos/{id}/cover-frame': foreign(
    async (x) => ({ params: { id: await videoId(x) }, payload: { atSeconds: 0 } }),
    { control: false },
  ),
  'POST /videos/{id}/offline': foreign(async (x) => ({ params: { id: await videoId(x) } }), {
    control: false,
  }),
  'POST /videos/{id}/publish': foreign(async (x) => ({ params: { id: await videoId(x) } }), {
    control: false,
  }),

  'GET /products': own(),
  'POST /products': foreign(async (x) => ({ payload: await product(x, await brandId(x)) }), {
    codes: REFUSED_BODY_IDS,
    control: false,
  }),
  'POST /products/batch-status': foreign(
    async (x) => ({ payload: { ids: [await productId(x)], status: 'off_shelf' } }),
    { codes: REFUSED_BODY_IDS },
  ),
  'GET /products/{id}': foreign(async (x) => ({ params: { id: await productId(x) } })),
  'PUT /products/{id}': foreign(
    async (x) => ({ params: { id: await productId(x) }, payload: await product(x, null) }),
    { control: false },
  ),
  'DELETE /products/{id}': foreign(async (x) => ({ params: { id: await productId(x) } }), { control: false }),
  'POST /products/{id}/duplicate': foreign(async (x) => ({ params: { id: await productId(x) } })),
  'GET /products/{id}/orders': foreign(async (x) => ({ params: { id: await productId(x) } })),
  'GET /products/{id}/stock-history': foreign(async (x) => ({ params: { id: await productId(x) } })),
  'GET /brands': own(),
  'POST /brands': own(() => ({ payload: { name: '乙方品牌' } })),
  'GET /brands/{id}': foreign(async (x) => ({ params: { id: await brandId(x) } })),
  'PUT /brands/{id}': foreign(async (x) => ({
    params: { id: await brandId(x) },
    payload: { name: '被改品牌' },
  })),
  'DELETE /brands/{id}': foreign(async (x) => ({ params: { id: await brandId(x) } }), { control: false }),
};
