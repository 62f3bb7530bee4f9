import { ErrorCode } from '@dc/contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { images } from '../../db/schema/index.ts';
import { ApiError } from '../../http/api-error.ts';
import { invalidField } from '../../http/failures.ts';
import { say } from '../../http/messages.ts';
import { objectStoreFor } from '../../storage/index.ts';
import { type PictureFormat, preparePicture } from '../../uploads/pictures.ts';
import { imageFilesMessages } from './messages.ts';
import { deletePicture, pictureWorkDir, storeRenditions } from './renditions.ts';

const FORMAT_OF_TYPE: Record<string, PictureFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

interface AcceptedImage {
  id: number;
  objectKey: string;
  fileSize: number;
}

const setFileSize = (db: Database, id: number, fileSize: number) =>
  db.update(images).set({ fileSize }).where(eq(images.id, id));

/**
 * After upload-finished accepted the picture (`type`, from its bytes): its metadata removed and its
 * renditions made (uploads/pictures.ts), the cleaned original written over the stored one. Answers
 * the size now stored. A picture that cannot be processed is refused like one that does not
 * decode: 40000 on `file`, the original and any rendition deleted, temporary files removed.
 *
 * The row's `fileSize` follows the cleaned original: the quota counts what is stored, `storage
 * verify` finds the size the row records, and a repeated upload-finished finds the stored size
 * equal to the row's (and nothing left to clean, so the object stays as it is). The row is set
 * before the object is written and set back if the write fails, so a failure leaves the two
 * agreeing. Renditions are the platform's, not counted in the quota (at most 60 + 60 + 200 KB).
 */
export async function cleanAcceptedPicture(
  ctx: { db: Database; config: Config },
  image: AcceptedImage,
  type: string,
): Promise<number> {
  const store = objectStoreFor(ctx.config);
  const format = FORMAT_OF_TYPE[type];
  if (!format) throw new Error(`no picture format for ${type}`);
  const prepared = await store.withLocalFile(image.objectKey, (file) =>
    preparePicture(file, format, pictureWorkDir(ctx.config)),
  );
  if (!prepared) throw new ApiError(ErrorCode.conflict, imageFilesMessages.imageNotStored);
  if ('problem' in prepared) {
    await deletePicture(ctx.config, image.objectKey);
    const wording = imageFilesMessages.pictureUnusable;
    throw invalidField('file', {
      'zh-CN': say('zh-CN', wording, { reason: prepared.problem['zh-CN'] }),
      'en-US': say('en-US', wording, { reason: prepared.problem['en-US'] }),
    });
  }
  try {
    const { cleaned } = prepared;
    if (cleaned) {
      await setFileSize(ctx.db, image.id, cleaned.size);
      try {
        await store.putFile(image.objectKey, cleaned.path, type);
      } catch (error) {
        await setFileSize(ctx.db, image.id, image.fileSize);
        throw error;
      }
    }
    await storeRenditions(store, image.objectKey, prepared.renditions);
    return cleaned?.size ?? image.fileSize;
  } finally {
    await prepared.discard();
  }
}
