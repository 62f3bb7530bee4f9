import { type ContractCreateBody, type ContractListQuery, contractsApi } from '@dc/contract';
import { call } from '../../api/call.ts';

/** Contracts with providers (issue 4 item 7). */

export const contractKeys = {
  all: ['contracts'] as const,
  list: (query: ContractListQuery) => ['contracts', 'list', query] as const,
  detail: (id: number) => ['contracts', 'detail', id] as const,
  mains: (providerId: number) => ['contracts', 'mains', providerId] as const,
};

export const fetchContracts = (query: ContractListQuery, signal?: AbortSignal) =>
  call(contractsApi.list, { query }, { signal, list: true });

export const fetchContract = (id: number) => call(contractsApi.detail, { params: { id } });

/** The provider's main contracts a sub-contract or supplement may belong to. */
export const fetchMainContracts = (providerId: number, signal?: AbortSignal) =>
  call(
    contractsApi.list,
    { query: { providerId, type: 0, pageSize: 100 } },
    { signal, cancelDuplicate: false, list: true },
  );

/** `POST /designerapi/v1/contracts`: field problems come back as 40000 on the form. */
export const createContract = (body: ContractCreateBody) =>
  call(contractsApi.create, { body }, { showErrorMessage: false });
