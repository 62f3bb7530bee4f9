import type { coursesSchemas } from '../courses.ts';
import { endpointsOf } from '../endpoint.ts';

/** The courses calls: method and path, typed with `coursesSchemas` (no zod at run time). */
export const coursesApi = endpointsOf<typeof coursesSchemas>()({
  list: 'GET /courses',
  videoOptions: 'GET /courses/video-options',
  create: 'POST /courses',
  detail: 'GET /courses/:id',
  update: 'PUT /courses/:id',
  remove: 'DELETE /courses/:id',
  putOnSale: 'POST /courses/:id/on-sale',
  takeOffShelf: 'POST /courses/:id/off-shelf',
  lessonOrder: 'PUT /courses/:id/lesson-order',
  salesTrend: 'GET /courses/:id/sales-trend',
  userCourses: 'GET /user-courses',
});
