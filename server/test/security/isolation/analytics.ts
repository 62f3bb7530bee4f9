import { type CaseTable, own } from './cases.ts';

const PERIOD = { start: '2025-09-15', end: '2026-03-15' };

/** 数据分析: every figure of B's own period, none of A's rows. */
export const analyticsCases: CaseTable = {
  'GET /analytics/overview': own(() => ({ query: PERIOD })),
  'GET /analytics/fans/{type}': own(() => ({ params: { type: 'all' }, query: PERIOD })),
  'GET /analytics/fans/{type}/export.csv': own(() => ({ params: { type: 'all' }, query: PERIOD })),
  'GET /analytics/income/{type}/{dateType}': own(() => ({
    params: { type: 'all', dateType: 'day' },
    query: PERIOD,
  })),
  'GET /analytics/income/{type}/{dateType}/export.csv': own(() => ({
    params: { type: 'all', dateType: 'month' },
    query: PERIOD,
  })),
  'GET /analytics/sales/{type}/{dateType}': own(() => ({
    params: { type: 'boutique', dateType: 'day' },
    query: PERIOD,
  })),
  'GET /analytics/sales/{type}/{dateType}/export.csv': own(() => ({
    params: { type: 'course', dateType: 'week' },
    query: PERIOD,
  })),
  'GET /analytics/sales/{type}/{dateType}/{createdAt}': own(() => ({
    params: { type: 'boutique', dateType: 'year', createdAt: '2026-01-01' },
  })),
  'GET /analytics/sales/{type}/{dateType}/{createdAt}/export.csv': own(() => ({
    params: { type: 'course', dateType: 'year', createdAt: '2026-01-01' },
  })),
  'GET /analytics/rankings/shows': own(() => ({ query: PERIOD })),
  'GET /analytics/rankings/designer-courses': own(() => ({ query: PERIOD })),
  'GET /analytics/rankings/user-courses': own(() => ({ query: PERIOD })),
};
