import {
  type CourseBody,
  type courseListQuerySchema,
  coursesApi,
  type LessonOrderBody,
  type userCourseListQuerySchema,
} from '@dc/contract';
import type { z } from 'zod';
import { call } from '../../api/call.ts';

/** The course list's query as the page holds it (numbers, not strings). */
export type CourseListQuery = z.output<typeof courseListQuerySchema>;
/** The user-course list's query as the page holds it. */
export type UserCourseListQuery = z.output<typeof userCourseListQuerySchema>;

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
  call(coursesApi.list, { query }, { list: true, signal });

/** Every course of the designer (at most 100), for the course filter of user courses. */
export const fetchCourseOptions = () =>
  call(coursesApi.list, { query: { pageSize: 100, sortBy: 'createdAt' } }, { list: true });

export const fetchCourse = (id: number, signal?: AbortSignal) =>
  call(coursesApi.detail, { params: { id } }, { signal });

export const fetchVideoOptions = () => call(coursesApi.videoOptions);

export const createCourse = (body: CourseBody) =>
  call(coursesApi.create, { body }, { showErrorMessage: false });

/** PUT answers the raw response (spec section 7); the saved course is its envelope's data. */
export const updateCourse = async (id: number, body: CourseBody) =>
  (await call(coursesApi.update, { params: { id }, body }, { showErrorMessage: false })).data.data;

export const putCourseOnSale = (id: number) => call(coursesApi.putOnSale, { params: { id } });

export const takeCourseOffShelf = (id: number) => call(coursesApi.takeOffShelf, { params: { id } });

export const deleteCourse = (id: number) => call(coursesApi.remove, { params: { id } });

export const saveLessonOrder = (id: number, body: LessonOrderBody) =>
  call(coursesApi.lessonOrder, { params: { id }, body });

export const fetchSalesTrend = (id: number, days: number, signal?: AbortSignal) =>
  call(coursesApi.salesTrend, { params: { id }, query: { days } }, { signal });

export const fetchUserCourses = (query: UserCourseListQuery, signal?: AbortSignal) =>
  call(coursesApi.userCourses, { query }, { list: true, signal });
