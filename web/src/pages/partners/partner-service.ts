import { type DividendListQuery, type PartnerDynamicsQuery, partnersApi } from '@dc/contract';
import { call } from '../../api/call.ts';

/** 设计师合伙人 (issue 4 item 8): partner companies, dividends with totals, partner news. */

export const partnerKeys = {
  all: ['partners'] as const,
  companies: ['partners', 'companies'] as const,
  dividends: (companyId: number, query: DividendListQuery) =>
    ['partners', 'dividends', companyId, query] as const,
  chart: (companyId: number) => ['partners', 'dividend-chart', companyId] as const,
  dynamics: (query: PartnerDynamicsQuery) => ['partners', 'dynamics', query] as const,
};

export const fetchPartners = () => call(partnersApi.list, { query: { pageSize: 100 } }, { list: true });

export const fetchDividends = (companyId: number, query: DividendListQuery, signal?: AbortSignal) =>
  call(partnersApi.dividends, { params: { id: companyId }, query }, { signal, cancelDuplicate: false });

export const fetchDynamics = (query: PartnerDynamicsQuery, signal?: AbortSignal) =>
  call(partnersApi.dynamics, { query }, { signal, list: true });
