import { type ListPage, type VideoListQuery, type VideoRow, type VideoUpdate, videosApi } from '@dc/contract';
import { call } from '../../api/call.ts';

/** react-query keys: one invalidation of `all` refreshes the list and every open detail. */
export const videoKeys = {
  all: ['videos'] as const,
  list: (query: VideoListQuery) => ['videos', 'list', query] as const,
  detail: (id: number) => ['videos', 'detail', id] as const,
};

// Uploads run side by side: a newer call to the same URL must not cancel an older one.
const parallel = { cancelDuplicate: false } as const;

export const fetchVideos = (query: VideoListQuery, signal?: AbortSignal): Promise<ListPage<VideoRow>> =>
  call(videosApi.list, { query }, { signal, list: true });

export const fetchVideo = (id: number, signal?: AbortSignal) =>
  call(videosApi.detail, { params: { id } }, { signal });

export const updateVideo = async (id: number, body: VideoUpdate) =>
  (await call(videosApi.update, { params: { id }, body }, { ...parallel, showErrorMessage: false })).data
    .data;

/** The cover becomes the frame at `atSeconds` of the playable video (cut by the server). */
export const chooseCoverFrame = (id: number, atSeconds: number) =>
  call(videosApi.coverFrame, { params: { id }, body: { atSeconds } }, parallel);

export const setVideoOnline = (id: number, online: boolean) =>
  call(online ? videosApi.publish : videosApi.offline, { params: { id } }, parallel);

export const deleteVideo = (id: number) => call(videosApi.remove, { params: { id } }, parallel);
