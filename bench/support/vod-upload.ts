import { fileSource, mapStorage } from '../../server/test/upload/support/uploads.ts';
import { type UploadGrant, VodUploader } from '../../web/src/upload/index.ts';

/** Uploads `file` with the web's VodUploader in Node under `grant`; resolves when it succeeds. */
export async function uploadWithVod(file: string, grant: UploadGrant): Promise<void> {
  const source = await fileSource(file);
  await new Promise<void>((resolve, reject) => {
    const uploader = new VodUploader({
      pageEvents: undefined,
      storage: mapStorage(),
      getUploadAuth: async () => grant,
      onUploadSucceed: () => resolve(),
      onUploadFailed: (_item, code, message) => reject(new Error(`${code}: ${message}`)),
    });
    uploader.addFile(source);
    uploader.startUpload();
  });
}
