import {
  crowdPacksApi,
  endpointUrl,
  type PackBody,
  type PackCountBody,
  type PackListQuery,
} from '@dc/contract';
import { call } from '../../api/call.ts';
import { useLanguage } from '../../locales/index.ts';
import { readStoredToken } from '../../stores/session.ts';

const quiet = { showErrorMessage: false };

export const packKeys = {
  all: ['crowd-packs'] as const,
  list: (query: PackListQuery) => ['crowd-packs', 'list', query] as const,
  detail: (id: number) => ['crowd-packs', 'detail', id] as const,
  members: (id: number, page: number, pageSize: number) =>
    ['crowd-packs', 'members', id, page, pageSize] as const,
  count: (body: PackCountBody) => ['crowd-packs', 'count', body] as const,
  overlap: (ids: number[]) => ['crowd-packs', 'overlap', ids] as const,
  trace: (id: number, fanId: number) => ['crowd-packs', 'trace', id, fanId] as const,
  rulePacks: ['crowd-packs', 'rule-options'] as const,
};

export const fetchPacks = (query: PackListQuery, signal?: AbortSignal) =>
  call(crowdPacksApi.list, { query }, { signal, list: true });
export const fetchPack = (id: number, signal?: AbortSignal) =>
  call(crowdPacksApi.detail, { params: { id } }, { signal });
export const createPack = (body: PackBody) => call(crowdPacksApi.create, { body }, quiet);
export const updatePack = async (id: number, body: PackBody) =>
  (await call(crowdPacksApi.update, { params: { id }, body }, quiet)).data.data;
export const deletePack = (id: number) => call(crowdPacksApi.remove, { params: { id } }, quiet);
export const copyPack = (id: number) => call(crowdPacksApi.copy, { params: { id } });
export const refreshPack = (id: number) => call(crowdPacksApi.refresh, { params: { id } });
/** Live counts fail quietly: the editor shows the problem beside the conditions instead. */
export const countPack = (body: PackCountBody, signal?: AbortSignal) =>
  call(crowdPacksApi.count, { body }, { ...quiet, signal });
export const fetchOverlap = (packIds: number[], signal?: AbortSignal) =>
  call(crowdPacksApi.overlap, { body: { packIds } }, { ...quiet, signal });
export const fetchMembers = (
  id: number,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
  cursor?: string,
) =>
  call(
    crowdPacksApi.members,
    { params: { id }, query: cursor ? { page, pageSize, cursor } : { page, pageSize } },
    { signal, list: true },
  );
export const fetchTrace = (id: number, fanId: number, signal?: AbortSignal) =>
  call(crowdPacksApi.trace, { params: { id }, query: { fanId } }, { signal });
export const tagMembers = (id: number, addTagIds: number[]) =>
  call(crowdPacksApi.tagMembers, { params: { id }, body: { addTagIds } }, { timeout: 120_000 });

/** Every rule pack (the pickers of a combined pack): at most 100, as sources are at most 50. */
export const fetchRulePacks = (signal?: AbortSignal) =>
  call(crowdPacksApi.list, { query: { kind: 'rule', pageSize: 100 } }, { signal, list: true });

/**
 * Downloads the members CSV. The token goes in a header (never in a URL); saved from a blob.
 */
export async function downloadMembersCsv(id: number): Promise<void> {
  const token = readStoredToken();
  const response = await fetch(endpointUrl(crowdPacksApi.exportCsv, { id }), {
    headers: { ...(token ? { authToken: token } : {}), 'Accept-Language': useLanguage.getState().language },
  });
  if (!response.ok) throw new Error(`export failed: HTTP ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `crowd-pack-${id}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
