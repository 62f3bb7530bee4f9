import type {
  LookBackground,
  LookBackgroundBody,
  LookBody,
  LookDetail,
  LookListQuery,
  LookModel,
  LookModelGrant,
  LookModelUpdateBody,
  LookModelUploadBody,
  LookRow,
  LookStats,
} from '@dc/contract';
import { request } from '../../request/index.ts';

const API = '/designerapi/v1';
const quiet = { showErrorMessage: false } as const;
const parallel = { cancelDuplicate: false } as const;

/** react-query keys of 3D recommendation: invalidating `all` refreshes every list and detail. */
export const lookKeys = {
  all: ['looks'] as const,
  list: (query: LookListQuery) => ['looks', 'list', query] as const,
  detail: (id: number) => ['looks', 'detail', id] as const,
  stats: (id: number, days: number) => ['looks', 'stats', id, days] as const,
  backgrounds: ['looks', 'backgrounds'] as const,
  models: ['looks', 'models'] as const,
};

export const fetchLooks = (query: LookListQuery, signal?: AbortSignal) =>
  request.getList<LookRow>(`${API}/looks`, { params: query, signal });
export const fetchLook = (id: number, signal?: AbortSignal) =>
  request.get<LookDetail>(`${API}/looks/${id}`, { signal, showErrorMessage: false });
export const createLook = (body: LookBody) => request.post<LookDetail>(`${API}/looks`, body, quiet);
export const updateLook = async (id: number, body: LookBody) =>
  (await request.put<LookDetail>(`${API}/looks/${id}`, body, quiet)).data.data;
export const setLookOnline = (id: number, online: boolean) =>
  request.post<LookDetail>(`${API}/looks/${id}/online`, { online }, parallel);
export const setLookSortOrder = (id: number, sortOrder: number) =>
  request.post<LookDetail>(`${API}/looks/${id}/sort-order`, { sortOrder }, parallel);
export const deleteLook = (id: number) => request.delete<{ id: number }>(`${API}/looks/${id}`, parallel);
export const fetchLookStats = (id: number, days: number, signal?: AbortSignal) =>
  request.get<LookStats>(`${API}/looks/${id}/stats`, { params: { days }, signal });

export const fetchBackgrounds = (signal?: AbortSignal) =>
  request.getList<LookBackground>(`${API}/look-backgrounds`, { signal });
export const createBackground = (body: LookBackgroundBody) =>
  request.post<LookBackground>(`${API}/look-backgrounds`, body, quiet);
export const updateBackground = async (id: number, body: LookBackgroundBody) =>
  (await request.put<LookBackground>(`${API}/look-backgrounds/${id}`, body, quiet)).data.data;
export const deleteBackground = (id: number) =>
  request.delete<{ id: number }>(`${API}/look-backgrounds/${id}`, parallel);

export const fetchModels = (signal?: AbortSignal) =>
  request.getList<LookModel>(`${API}/look-models`, { signal });
export const createModelUpload = (body: LookModelUploadBody) =>
  request.post<LookModelGrant>(`${API}/look-models/create-upload`, body, { ...quiet, ...parallel });
export const refreshModelUpload = (modelId: number) =>
  request.post<LookModelGrant>(`${API}/look-models/refresh-upload`, { modelId }, parallel);
export const finishModelUpload = (id: number) =>
  request.post<LookModel>(`${API}/look-models/${id}/upload-finished`, undefined, { ...quiet, ...parallel });
export const updateModel = async (id: number, body: LookModelUpdateBody) =>
  (await request.put<LookModel>(`${API}/look-models/${id}`, body, quiet)).data.data;
export const deleteModel = (id: number) =>
  request.delete<{ id: number }>(`${API}/look-models/${id}`, parallel);
