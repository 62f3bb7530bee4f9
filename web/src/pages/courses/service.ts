import type {
  CourseBody,
  CourseDetail,
  CourseItem,
  CourseVideoOption,
  courseListQuerySchema,
  LessonOrderBody,
  SalesTrend,
  UserCourseItem,
  userCourseListQuerySchema,
} from '@dc/contract';
import type { z } from 'zod';
import { request } from '../../request/index.ts';

/** The course list's query as the page holds it (numbers, not strings). */
export type CourseListQuery = z.output<typeof courseListQuerySchema>;
/** The user-course list's query as the page holds it. */
export type UserCourseListQuery = z.output<typeof userCourseListQuerySchema>;

const COURSES = '/designerapi/v1/courses';
const USER_COURSES = '/designerapi/v1/user-courses';

/** react-query keys: everything under `all`, so one invalidation refreshes lists and details. */
export const courseKeys = {
  all: ['courses'] as const,
  list: (query: CourseListQuery) => ['courses', 'list', query] as const,
  detail: (id: number) => ['courses', 'detail', id] as const,
  trend: (id: number, days: number) => ['courses', 'trend', id, days] as const,
  videoOptions: ['courses', 'video-options'] as const,
  userCourses: (query: UserCourseListQuery) => ['courses', 'user-courses', query] as const,
  options: ['courses', 'options'] as const,
};

export const fetchCourses = (query: CourseListQuery, signal?: AbortSignal) =>
  request.getList<CourseItem>(COURSES, { params: query, signal });

/** Every course of the designer (at most 100), for the course filter of user courses. */
export const fetchCourseOptions = () =>
  request.getList<CourseItem>(COURSES, { params: { pageSize: 100, sortBy: 'createdAt' } });

export const fetchCourse = (id: number, signal?: AbortSignal) =>
  request.get<CourseDetail>(`${COURSES}/${id}`, { signal });

export const fetchVideoOptions = () => request.get<CourseVideoOption[]>(`${COURSES}/video-options`);

export const createCourse = (body: CourseBody) =>
  request.post<CourseDetail>(COURSES, body, { showErrorMessage: false });

/** PUT answers the raw response (spec section 7); the saved course is its envelope's data. */
export const updateCourse = async (id: number, body: CourseBody) =>
  (await request.put<CourseDetail>(`${COURSES}/${id}`, body, { showErrorMessage: false })).data.data;

export const putCourseOnSale = (id: number) => request.post<CourseDetail>(`${COURSES}/${id}/on-sale`);

export const takeCourseOffShelf = (id: number) => request.post<CourseDetail>(`${COURSES}/${id}/off-shelf`);

export const deleteCourse = (id: number) => request.delete(`${COURSES}/${id}`);

export const saveLessonOrder = (id: number, body: LessonOrderBody) =>
  request.put<CourseDetail>(`${COURSES}/${id}/lesson-order`, body);

export const fetchSalesTrend = (id: number, days: number, signal?: AbortSignal) =>
  request.get<SalesTrend>(`${COURSES}/${id}/sales-trend`, { params: { days }, signal });

export const fetchUserCourses = (query: UserCourseListQuery, signal?: AbortSignal) =>
  request.getList<UserCourseItem>(USER_COURSES, { params: query, signal });
