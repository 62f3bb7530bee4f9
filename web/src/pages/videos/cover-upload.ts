import { createUpload, finishImageUpload } from '../../api/uploads.ts';
import { uploadImageFile } from '../../upload/image-upload.ts';
import { captureFrame } from './video-file.ts';

/**
 * Uploads an image (kind=image) through the uploader's image path and answers the stored image's
 * id and a link to show it.
 */
export const uploadImage = (file: Blob, fileName: string): Promise<{ id: number; url: string }> =>
  uploadImageFile(file, fileName, { createUpload, finishImageUpload });

/** A frame of the video as its cover: the stored image's id, or undefined when no frame could be drawn. */
export async function uploadCover(video: Blob, videoId: number): Promise<number | undefined> {
  const frame = await captureFrame(video);
  if (!frame) return undefined;
  return (await uploadImage(frame, `cover-${videoId}.jpg`)).id;
}
