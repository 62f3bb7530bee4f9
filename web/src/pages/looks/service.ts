import {
  type LookBackgroundBody,
  type LookBody,
  type LookListQuery,
  type LookModelUpdateBody,
  type LookModelUploadBody,
  looksApi,
} from '@dc/contract';
import { call } from '../../api/call.ts';

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
  call(looksApi.list, { query }, { signal, list: true });
export const fetchLook = (id: number, signal?: AbortSignal) =>
  call(looksApi.detail, { params: { id } }, { signal, showErrorMessage: false });
export const createLook = (body: LookBody) => call(looksApi.create, { body }, quiet);
export const updateLook = async (id: number, body: LookBody) =>
  (await call(looksApi.update, { params: { id }, body }, quiet)).data.data;
export const setLookOnline = (id: number, online: boolean) =>
  call(looksApi.setOnline, { params: { id }, body: { online } }, parallel);
export const setLookSortOrder = (id: number, sortOrder: number) =>
  call(looksApi.setSortOrder, { params: { id }, body: { sortOrder } }, parallel);
export const deleteLook = (id: number) => call(looksApi.remove, { params: { id } }, parallel);
export const fetchLookStats = (id: number, days: number, signal?: AbortSignal) =>
  call(looksApi.stats, { params: { id }, query: { days } }, { signal });

export const fetchBackgrounds = (signal?: AbortSignal) =>
  call(looksApi.listBackgrounds, {}, { signal, list: true });
export const createBackground = (body: LookBackgroundBody) =>
  call(looksApi.createBackground, { body }, quiet);
export const updateBackground = async (id: number, body: LookBackgroundBody) =>
  (await call(looksApi.updateBackground, { params: { id }, body }, quiet)).data.data;
export const deleteBackground = (id: number) => call(looksApi.removeBackground, { params: { id } }, parallel);

export const fetchModels = (signal?: AbortSignal) => call(looksApi.listModels, {}, { signal, list: true });
export const createModelUpload = (body: LookModelUploadBody) =>
  call(looksApi.createModelUpload, { body }, { ...quiet, ...parallel });
export const refreshModelUpload = (modelId: number) =>
  call(looksApi.refreshModelUpload, { body: { modelId } }, parallel);
export const finishModelUpload = (id: number) =>
  call(looksApi.finishModelUpload, { params: { id } }, { ...quiet, ...parallel });
export const updateModel = async (id: number, body: LookModelUpdateBody) =>
  (await call(looksApi.updateModel, { params: { id }, body }, quiet)).data.data;
export const deleteModel = (id: number) => call(looksApi.removeModel, { params: { id } }, parallel);
