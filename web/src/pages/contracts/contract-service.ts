import type { ContractCreateBody, ContractDetail, ContractItem, ContractListQuery } from '@dc/contract';
import { request } from '../../request/index.ts';

/** Contracts with providers (issue 4 item 7). */
const BASE = '/designerapi/v1/contracts';

export const contractKeys = {
  all: ['contracts'] as const,
  list: (query: ContractListQuery) => ['contracts', 'list', query] as const,
  detail: (id: number) => ['contracts', 'detail', id] as const,
  mains: (providerId: number) => ['contracts', 'mains', providerId] as const,
};

export const fetchContracts = (query: ContractListQuery, signal?: AbortSignal) =>
  request.getList<ContractItem>(BASE, { params: query, signal });

export const fetchContract = (id: number) => request.get<ContractDetail>(`${BASE}/${id}`);

/** The provider's main contracts a sub-contract or supplement may belong to. */
export const fetchMainContracts = (providerId: number, signal?: AbortSignal) =>
  request.getList<ContractItem>(BASE, {
    params: { providerId, type: 0, pageSize: 100 },
    signal,
    cancelDuplicate: false,
  });

/** `POST /designerapi/v1/contracts`: field problems come back as 40000 on the form. */
export const createContract = (body: ContractCreateBody) =>
  request.post<ContractDetail>(BASE, body, { showErrorMessage: false });
