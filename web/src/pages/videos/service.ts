import type { ListPage, VideoDetail, VideoListQuery, VideoRow, VideoUpdate } from '@dc/contract';
import { request } from '../../request/index.ts';

const API = '/designerapi/v1';

/** react-query keys: one invalidation of `all` refreshes the list and every open detail. */
export const videoKeys = {
  all: ['videos'] as const,
  list: (query: VideoListQuery) => ['videos', 'list', query] as const,
  detail: (id: number) => ['videos', 'detail', id] as const,
};

// Uploads run side by side: a newer call to the same URL must not cancel an older one.
const parallel = { cancelDuplicate: false } as const;

export const fetchVideos = (query: VideoListQuery, signal?: AbortSignal): Promise<ListPage<VideoRow>> =>
  request.getList<VideoRow>(`${API}/videos`, { params: query, signal });

export const fetchVideo = (id: number, signal?: AbortSignal) =>
  request.get<VideoDetail>(`${API}/videos/${id}`, { signal });

export const updateVideo = async (id: number, body: VideoUpdate) =>
  (await request.put<VideoDetail>(`${API}/videos/${id}`, body, { ...parallel, showErrorMessage: false })).data
    .data;

export const setVideoOnline = (id: number, online: boolean) =>
  request.post<VideoDetail>(`${API}/videos/${id}/${online ? 'publish' : 'offline'}`, undefined, parallel);

export const deleteVideo = (id: number) => request.delete<{ id: number }>(`${API}/videos/${id}`, parallel);
