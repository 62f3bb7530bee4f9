import type {
  DividendListQuery,
  DividendPage,
  PartnerCompany,
  PartnerDynamic,
  PartnerDynamicsQuery,
} from '@dc/contract';
import { request } from '../../request/index.ts';

/** 设计师合伙人 (issue 4 item 8): partner companies, dividends with totals, partner news. */
const BASE = '/designerapi/v1';

export const partnerKeys = {
  all: ['partners'] as const,
  companies: ['partners', 'companies'] as const,
  dividends: (companyId: number, query: DividendListQuery) =>
    ['partners', 'dividends', companyId, query] as const,
  chart: (companyId: number) => ['partners', 'dividend-chart', companyId] as const,
  dynamics: (query: PartnerDynamicsQuery) => ['partners', 'dynamics', query] as const,
};

export const fetchPartners = () =>
  request.getList<PartnerCompany>(`${BASE}/partners`, { params: { pageSize: 100 } });

export const fetchDividends = (companyId: number, query: DividendListQuery, signal?: AbortSignal) =>
  request.get<DividendPage>(`${BASE}/partners/${companyId}/dividends`, {
    params: query,
    signal,
    cancelDuplicate: false,
  });

export const fetchDynamics = (query: PartnerDynamicsQuery, signal?: AbortSignal) =>
  request.getList<PartnerDynamic>(`${BASE}/partner-dynamics`, { params: query, signal });
