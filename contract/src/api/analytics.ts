import type { analyticsSchemas } from '../analytics.ts';
import { endpointsOf } from '../endpoint.ts';

/** The analytics calls: method and path, typed with `analyticsSchemas` (no zod at run time). */
export const analyticsApi = endpointsOf<typeof analyticsSchemas>()({
  overview: 'GET /analytics/overview',
  fans: 'GET /analytics/fans/:type',
  exportFansCsv: 'GET /analytics/fans/:type/export.csv',
  income: 'GET /analytics/income/:type/:dateType',
  exportIncomeCsv: 'GET /analytics/income/:type/:dateType/export.csv',
  sales: 'GET /analytics/sales/:type/:dateType',
  exportSalesCsv: 'GET /analytics/sales/:type/:dateType/export.csv',
  salesOrders: 'GET /analytics/sales/:type/:dateType/:createdAt',
  exportSalesOrdersCsv: 'GET /analytics/sales/:type/:dateType/:createdAt/export.csv',
  showRanking: 'GET /analytics/rankings/shows',
  designerCourseRanking: 'GET /analytics/rankings/designer-courses',
  userCourseRanking: 'GET /analytics/rankings/user-courses',
});
