import { type TagBody, type TagClassificationBody, type TagUpdateBody, tagsApi } from '@dc/contract';
import { call } from '../../api/call.ts';

/** react-query keys of the tags: one invalidation refreshes the overview and every picker. */
export const tagKeys = { all: ['tags'] as const, overview: ['tags', 'overview'] as const };

export const fetchTagOverview = (signal?: AbortSignal) => call(tagsApi.overview, {}, { signal });

const quiet = { showErrorMessage: false };

export const createTag = (body: TagBody) => call(tagsApi.create, { body }, quiet);
export const updateTag = async (id: number, body: TagUpdateBody) =>
  (await call(tagsApi.update, { params: { id }, body }, quiet)).data.data;
export const fetchTagUsage = (id: number) => call(tagsApi.usage, { params: { id } });
export const deleteTag = (id: number) => call(tagsApi.remove, { params: { id } });
export const mergeTag = (id: number, intoTagId: number) =>
  call(tagsApi.merge, { params: { id }, body: { intoTagId } });

export const createClassification = (body: TagClassificationBody) =>
  call(tagsApi.createClassification, { body }, quiet);
export const renameClassification = async (id: number, body: TagClassificationBody) =>
  (await call(tagsApi.renameClassification, { params: { id }, body }, quiet)).data.data;
export const deleteClassification = (id: number) => call(tagsApi.removeClassification, { params: { id } });
