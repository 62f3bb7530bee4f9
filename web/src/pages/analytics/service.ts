import type {
  AnalyticsFanPage,
  AnalyticsFanType,
  AnalyticsOverview,
  BucketListQuery,
  DateType,
  IncomeListPage,
  IncomeListType,
  PeriodQuery,
  RankingPage,
  SalesItemType,
  SalesListPage,
  SalesOrderListQuery,
  SalesOrderPage,
} from '@dc/contract';
import { downloadCsvFile } from '../../components/csv-download.ts';
import { request } from '../../request/index.ts';

const BASE = '/designerapi/v1/analytics';

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
  list: (path: string, query: object) => ['analytics', 'list', path, query] as const,
  ranking: (kind: RankingKind, query: object) => ['analytics', 'ranking', kind, query] as const,
};

export const fetchOverview = (period: PeriodQuery) =>
  request.get<AnalyticsOverview>(`${BASE}/overview`, { params: period });

export const fansPath = (type: AnalyticsFanType) => `/fans/${type}`;
export const incomePath = (type: IncomeListType, dateType: DateType) => `/income/${type}/${dateType}`;
export const salesPath = (type: SalesItemType, dateType: DateType) => `/sales/${type}/${dateType}`;
export const ordersPath = (type: SalesItemType, dateType: DateType, createdAt: string) =>
  `/sales/${type}/${dateType}/${createdAt}`;

export const fetchFans = (path: string, query: PeriodQuery & ListParams) =>
  request.get<AnalyticsFanPage>(`${BASE}${path}`, { params: query });
export const fetchIncome = (path: string, query: BucketListQuery) =>
  request.get<IncomeListPage>(`${BASE}${path}`, { params: query });
export const fetchSales = (path: string, query: BucketListQuery) =>
  request.get<SalesListPage>(`${BASE}${path}`, { params: query });
export const fetchOrders = (path: string, query: SalesOrderListQuery) =>
  request.get<SalesOrderPage>(`${BASE}${path}`, { params: query });

export type RankingKind = 'shows' | 'designer-courses' | 'user-courses';
export const fetchRanking = (
  kind: RankingKind,
  query: PeriodQuery & { metric: string; page: number; pageSize: number },
) => request.get<RankingPage>(`${BASE}/rankings/${kind}`, { params: query });

/** Downloads a list's streamed CSV (`<path>/export.csv`) of the rows as listed. */
export const downloadCsv = (path: string, query: object) =>
  downloadCsvFile(`${BASE}${path}/export.csv`, query, 'export.csv');
