import type {
  FanBatchTagAnswer,
  FanRow,
  PackBody,
  PackCount,
  PackCountBody,
  PackDetail,
  PackListQuery,
  PackOverlap,
  PackRow,
  PackTrace,
} from '@dc/contract';
import { useLanguage } from '../../locales/index.ts';
import { request } from '../../request/index.ts';
import { readStoredToken } from '../../stores/session.ts';

const BASE = '/designerapi/v1/crowd-packs';
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
  request.getList<PackRow>(BASE, { params: query, signal });
export const fetchPack = (id: number, signal?: AbortSignal) =>
  request.get<PackDetail>(`${BASE}/${id}`, { signal });
export const createPack = (body: PackBody) => request.post<PackRow>(BASE, body, quiet);
export const updatePack = async (id: number, body: PackBody) =>
  (await request.put<PackRow>(`${BASE}/${id}`, body, quiet)).data.data;
export const deletePack = (id: number) => request.delete(`${BASE}/${id}`, quiet);
export const copyPack = (id: number) => request.post<PackRow>(`${BASE}/${id}/copy`);
export const refreshPack = (id: number) => request.post<PackRow>(`${BASE}/${id}/refresh`);
/** Live counts fail quietly: the editor shows the problem beside the conditions instead. */
export const countPack = (body: PackCountBody, signal?: AbortSignal) =>
  request.post<PackCount>(`${BASE}/count`, body, { ...quiet, signal });
export const fetchOverlap = (packIds: number[], signal?: AbortSignal) =>
  request.post<PackOverlap>(`${BASE}/overlap`, { packIds }, { ...quiet, signal });
export const fetchMembers = (id: number, page: number, pageSize: number, signal?: AbortSignal) =>
  request.getList<FanRow>(`${BASE}/${id}/members`, { params: { page, pageSize }, signal });
export const fetchTrace = (id: number, fanId: number, signal?: AbortSignal) =>
  request.get<PackTrace>(`${BASE}/${id}/trace`, { params: { fanId }, signal });
export const tagMembers = (id: number, addTagIds: number[]) =>
  request.post<FanBatchTagAnswer>(`${BASE}/${id}/tag-members`, { addTagIds }, { timeout: 120_000 });

/** Every rule pack (the pickers of a combined pack): at most 100, as sources are at most 50. */
export const fetchRulePacks = (signal?: AbortSignal) =>
  request.getList<PackRow>(BASE, { params: { kind: 'rule', pageSize: 100 }, signal });

/**
 * Downloads the members CSV. The token goes in a header (never in a URL); saved from a blob.
 */
export async function downloadMembersCsv(id: number): Promise<void> {
  const token = readStoredToken();
  const response = await fetch(`${BASE}/${id}/members/export.csv`, {
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
