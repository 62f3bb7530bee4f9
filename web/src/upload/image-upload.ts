import type { CreateUploadBody, UploadedImage, UploadGrantAnswer } from '@dc/contract';
import type { UploadSource } from './file-source.ts';
import type { UploadGrant } from './options.ts';
import { VodUploader } from './uploader.ts';

/** The two calls of the image path: create-upload (kind image) and upload-finished. */
export interface ImageUploadApi {
  createUpload(body: CreateUploadBody): Promise<UploadGrantAnswer>;
  finishImageUpload(id: number): Promise<UploadedImage>;
}

/**
 * Uploads one image through the uploader's image path (kind=image, straight to the object
 * store) and answers the stored image: its id and its lasting address
 * (`/designerapi/v1/image-files/<key>`, what upload-finished answers as `address`), the one a form
 * keeps and shows: unlike the signed link, it does not expire. `onProgress` gets 0–100.
 */
export function uploadImageFile(
  file: Blob,
  fileName: string,
  api: ImageUploadApi,
  onProgress?: (percent: number) => void,
): Promise<{ id: number; url: string }> {
  // A File's name is read-only: the uploader gets a view of the bytes under the given name.
  const source: UploadSource = {
    name: fileName,
    lastModified: file instanceof File ? file.lastModified : Date.now(),
    size: file.size,
    type: file.type,
    slice: (start, end) => file.slice(start, end),
  };
  return new Promise((resolve, reject) => {
    let imageId: string | undefined;
    const uploader = new VodUploader({
      pageEvents: undefined,
      getUploadAuth: async (): Promise<UploadGrant> => {
        const grant = await api.createUpload({
          kind: 'image',
          fileName,
          fileSize: file.size,
          mimeType: file.type || undefined,
        });
        imageId = grant.imageId;
        return grant;
      },
      onUploadProgress: (_item, _total, loaded) => onProgress?.(Math.round(loaded * 100)),
      onUploadSucceed: () => {
        uploader.dispose();
        onProgress?.(100);
        api
          .finishImageUpload(Number(imageId))
          .then((image) => resolve({ id: image.id, url: image.address }), reject);
      },
      onUploadFailed: (_item, code, message) => {
        uploader.dispose();
        reject(new Error(`${code}: ${message}`));
      },
    });
    const added = uploader.addFile(source, { isImage: true });
    if (!added.ok) reject(new Error(added.message));
    else uploader.startUpload();
  });
}
