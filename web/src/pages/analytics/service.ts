import {
  type AnalyticsFanSort,
  type AnalyticsFanType,
  analyticsApi,
  type BucketListQuery,
  type DateType,
  type Endpoint,
  endpointUrl,
  type IncomeListType,
  type PeriodQuery,
  type SalesItemType,
  type SalesOrderListQuery,
} from '@dc/contract';
import { call } from '../../api/call.ts';
import { downloadCsvFile } from '../../components/csv-download.ts';

export interface ListParams {
  page: number;
  pageSize: number;
  sortBy: string;
  order: 'asc' | 'desc';
}

/** react-query keys, all under `analytics`. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  overview: (period: PeriodQuery) => ['analytics', 'overview', period] as const,
  list: (path: AnalysisPath | null, query: object) =>
    ['analytics', 'list', path?.csv.path, path?.params, query] as const,
  ranking: (kind: RankingKind, query: object) => ['analytics', 'ranking', kind, query] as const,
};

export const fetchOverview = (period: PeriodQuery) => call(analyticsApi.overview, { query: period });

/** An analysis list's path parameters and its CSV call (its fetch names the list's call). */
export interface AnalysisPath {
  params: Record<string, string>;
  csv: Endpoint;
}

export const fansPath = (type: AnalyticsFanType) => ({ params: { type }, csv: analyticsApi.exportFansCsv });
export const incomePath = (type: IncomeListType, dateType: DateType) => ({
  params: { type, dateType },
  csv: analyticsApi.exportIncomeCsv,
});
export const salesPath = (type: SalesItemType, dateType: DateType) => ({
  params: { type, dateType },
  csv: analyticsApi.exportSalesCsv,
});
export const ordersPath = (type: SalesItemType, dateType: DateType, createdAt: string) => ({
  params: { type, dateType, createdAt },
  csv: analyticsApi.exportSalesOrdersCsv,
});

export const fetchFans = (
  path: ReturnType<typeof fansPath>,
  query: PeriodQuery & ListParams & { sortBy: AnalyticsFanSort },
) => call(analyticsApi.fans, { params: path.params, query });
export const fetchIncome = (path: ReturnType<typeof incomePath>, query: BucketListQuery) =>
  call(analyticsApi.income, { params: path.params, query });
export const fetchSales = (path: ReturnType<typeof salesPath>, query: BucketListQuery) =>
  call(analyticsApi.sales, { params: path.params, query });
export const fetchOrders = (path: ReturnType<typeof ordersPath>, query: SalesOrderListQuery) =>
  call(analyticsApi.salesOrders, { params: path.params, query });

export type RankingKind = 'shows' | 'designer-courses' | 'user-courses';
const rankings = {
  shows: analyticsApi.showRanking,
  'designer-courses': analyticsApi.designerCourseRanking,
  'user-courses': analyticsApi.userCourseRanking,
} as const;
export const fetchRanking = (
  kind: RankingKind,
  query: PeriodQuery & { metric: string; page: number; pageSize: number },
) =>
  // The metric is one of the kind's (RankingView's list); to this service it is a string.
  call(rankings[kind], { query: query as { metric: never } & typeof query });

/** Downloads a list's streamed CSV (its `export.csv` call) of the rows as listed. */
export const downloadCsv = (path: AnalysisPath, query: object) =>
  downloadCsvFile(endpointUrl(path.csv, path.params), query, 'export.csv');
