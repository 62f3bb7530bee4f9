import { createUpload, finishImageUpload } from '../../api/uploads.ts';
import { uploadImageFile } from '../../upload/image-upload.ts';

/**
 * Uploads an image (kind=image) through the uploader's image path and answers the stored image's
 * id and a link to show it.
 */
export const uploadImage = (file: Blob, fileName: string): Promise<{ id: number; url: string }> =>
  uploadImageFile(file, fileName, { createUpload, finishImageUpload });
