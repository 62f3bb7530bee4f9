import { type CreateUploadBody, type RefreshUploadBody, videosApi } from '@dc/contract';
import { call } from './call.ts';

/**
 * The upload calls: a VOD upload's grant and its refresh, and the "upload finished" of a video or
 * an image. Used by the video publisher, the image dropzone and the other image uploads.
 */

// Uploads run side by side: a newer call to the same URL must not cancel an older one.
const parallel = { cancelDuplicate: false } as const;

export const createUpload = (body: CreateUploadBody) => call(videosApi.createUpload, { body }, parallel);

export const refreshUpload = (body: RefreshUploadBody) => call(videosApi.refreshUpload, { body }, parallel);

export const finishVideoUpload = (id: number, durationSeconds: number | undefined) =>
  call(
    videosApi.finishVideoUpload,
    { params: { id }, body: durationSeconds === undefined ? {} : { durationSeconds } },
    parallel,
  );

export const finishImageUpload = (id: number) =>
  call(videosApi.finishImageUpload, { params: { id } }, parallel);
