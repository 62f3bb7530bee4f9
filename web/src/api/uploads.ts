import type {
  CreateUploadBody,
  RefreshUploadBody,
  UploadedImage,
  UploadGrantAnswer,
  VideoDetail,
} from '@dc/contract';
import { request } from '../request/index.ts';

/**
 * The upload calls: a VOD upload's grant and its refresh, and the "upload finished" of a video or
 * an image. Used by the video publisher, the image dropzone and the other image uploads.
 */
const API = '/designerapi/v1';

// Uploads run side by side: a newer call to the same URL must not cancel an older one.
const parallel = { cancelDuplicate: false } as const;

export const createUpload = (body: CreateUploadBody) =>
  request.post<UploadGrantAnswer>(`${API}/vod/create-upload`, body, parallel);

export const refreshUpload = (body: RefreshUploadBody) =>
  request.post<UploadGrantAnswer>(`${API}/vod/refresh-upload`, body, parallel);

export const finishVideoUpload = (id: number, durationSeconds: number | undefined) =>
  request.post<VideoDetail>(
    `${API}/videos/${id}/upload-finished`,
    durationSeconds === undefined ? {} : { durationSeconds },
    parallel,
  );

export const finishImageUpload = (id: number) =>
  request.post<UploadedImage>(`${API}/images/${id}/upload-finished`, undefined, parallel);
