import type {
  Tag,
  TagBody,
  TagClassification,
  TagClassificationBody,
  TagDeleteAnswer,
  TagMergeAnswer,
  TagOverview,
  TagUpdateBody,
  TagUsage,
} from '@dc/contract';
import { request } from '../../request/index.ts';

const API = '/designerapi/v1';

/** react-query keys of the tags: one invalidation refreshes the overview and every picker. */
export const tagKeys = { all: ['tags'] as const, overview: ['tags', 'overview'] as const };

export const fetchTagOverview = (signal?: AbortSignal) => request.get<TagOverview>(`${API}/tags`, { signal });

const quiet = { showErrorMessage: false };

export const createTag = (body: TagBody) => request.post<Tag>(`${API}/tags`, body, quiet);
export const updateTag = async (id: number, body: TagUpdateBody) =>
  (await request.put<Tag>(`${API}/tags/${id}`, body, quiet)).data.data;
export const fetchTagUsage = (id: number) => request.get<TagUsage>(`${API}/tags/${id}/usage`);
export const deleteTag = (id: number) =>
  request.delete<TagDeleteAnswer>(`${API}/tags/${id}`) as Promise<TagDeleteAnswer>;
export const mergeTag = (id: number, intoTagId: number) =>
  request.post<TagMergeAnswer>(`${API}/tags/${id}/merge`, { intoTagId });

export const createClassification = (body: TagClassificationBody) =>
  request.post<TagClassification>(`${API}/tag-classifications`, body, quiet);
export const renameClassification = async (id: number, body: TagClassificationBody) =>
  (await request.put<TagClassification>(`${API}/tag-classifications/${id}`, body, quiet)).data.data;
export const deleteClassification = (id: number) => request.delete(`${API}/tag-classifications/${id}`);
