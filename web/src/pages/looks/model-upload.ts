import type { LookModel, LookModelUploadBody } from '@dc/contract';
import { type UploadGrant, VodUploader } from '../../upload/index.ts';
import { createModelUpload, finishModelUpload, refreshModelUpload } from './service.ts';

/**
 * Uploads a .glb through the VOD uploader (1 MB parts, resumable) with the model's own
 * create-upload, then asks the server to check it. Rejects with the API error (40000 on a field:
 * `fileName`, `fileSize` before the upload, `file` after the check) or the uploader's failure.
 */
export function uploadModelFile(
  file: File,
  fields: Omit<LookModelUploadBody, 'fileName' | 'fileSize'>,
  onProgress: (fraction: number) => void,
  onChecking: () => void,
): Promise<LookModel> {
  return new Promise((resolve, reject) => {
    let modelId: number | undefined;
    let failure: unknown;
    const uploader = new VodUploader({
      pageEvents: undefined,
      getUploadAuth: async (_item, purpose): Promise<UploadGrant> => {
        try {
          const grant =
            purpose === 'refresh' && modelId
              ? await refreshModelUpload(modelId)
              : await createModelUpload({ ...fields, fileName: file.name, fileSize: file.size });
          modelId = Number(grant.modelId);
          return grant;
        } catch (error) {
          failure = error;
          throw error;
        }
      },
      onUploadProgress: (_item, _total, fraction) => onProgress(fraction),
      onUploadSucceed: () => {
        uploader.dispose();
        onChecking();
        finishModelUpload(modelId!).then(resolve, reject);
      },
      onUploadFailed: (_item, code, message) => {
        uploader.dispose();
        reject(failure ?? new Error(`${code}: ${message}`));
      },
    });
    const added = uploader.addFile(file);
    if (!added.ok) reject(new Error(added.message));
    else uploader.startUpload();
  });
}
