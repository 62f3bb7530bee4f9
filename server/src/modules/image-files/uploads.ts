import {
  type createImageUploadSchema,
  ErrorCode,
  fileExtension,
  IMAGE_EXTENSIONS,
  type Language,
  type UploadedImage,
  type UploadGrantAnswer,
} from '@dc/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { images } from '../../db/schema/index.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { invalidField } from '../../http/failures.ts';
import { message } from '../../http/messages.ts';
import { objectReadLink } from '../../media/read-links.ts';
import { newObjectKey, objectStoreFor, type RequestOrigin } from '../../storage/index.ts';
import { inspectStoredUpload, refuseStoredUpload } from '../../uploads/inspect.ts';
import { withinStorageQuota } from '../storage-quota/index.ts';
import { cleanAcceptedPicture } from './cleaning.ts';
import { imageFilesMessages } from './messages.ts';
import { deletePicture, pictureWork } from './renditions.ts';
import { imageFileUrl } from './store.ts';

type NewImage = z.output<typeof createImageUploadSchema>;

/** What an image upload needs: the database, the settings, the clock and where the request came in. */
export interface ImageUploadCtx {
  db: Database;
  config: Config;
  designerId: number;
  now: Date;
  origin: RequestOrigin;
}

/** One of the designer's images (40000 on `path` when not theirs). */
export async function ownImage(ctx: ImageUploadCtx, id: number, path: string) {
  const [row] = await ctx.db
    .select()
    .from(images)
    .where(and(eq(images.id, id), eq(images.designerId, ctx.designerId)));
  if (!row) throw invalidField(path, imageFilesMessages.noSuchImage);
  return row;
}

/** `POST /vod/create-upload` kind image (a cover). */
export async function createImageUpload(
  ctx: ImageUploadCtx,
  body: NewImage,
  lang: Language = 'zh-CN',
): Promise<UploadGrantAnswer> {
  const extension = fileExtension(body.fileName);
  const typeSaysImage = body.mimeType ? body.mimeType.startsWith('image/') : true;
  if (!(extension in IMAGE_EXTENSIONS) || !typeSaysImage) {
    throw invalidField(
      body.mimeType && !typeSaysImage ? 'mimeType' : 'fileName',
      message(imageFilesMessages.notImageFile, { known: Object.keys(IMAGE_EXTENSIONS).join(', ') }),
    );
  }
  const key = newObjectKey(ctx.designerId, 'images', extension);
  const grant = await objectStoreFor(ctx.config).uploadGrant(ctx.designerId, key, body.fileSize, ctx.origin);
  const [row] = await withinStorageQuota(ctx, body.fileSize, lang, (tx) =>
    tx
      .insert(images)
      .values({
        designerId: ctx.designerId,
        objectKey: key,
        fileName: body.fileName,
        fileSize: body.fileSize,
        mimeType: IMAGE_EXTENSIONS[extension]!,
        createdAt: ctx.now,
      })
      .returning({ id: images.id }),
  );
  return { imageId: String(row!.id), ...grant };
}

/** `POST /vod/refresh-upload` for an image: new credentials for the same object. */
export async function refreshImageUpload(ctx: ImageUploadCtx, imageId: string): Promise<UploadGrantAnswer> {
  const image = await ownImage(ctx, Number(imageId), 'imageId');
  return {
    imageId,
    ...(await objectStoreFor(ctx.config).uploadGrant(
      ctx.designerId,
      image.objectKey,
      image.fileSize,
      ctx.origin,
    )),
  };
}

/**
 * `POST /images/:id/upload-finished`: the stored object must decode as a JPEG, PNG, WebP or GIF
 * picture of the declared size (uploads/inspect.ts); its metadata is then removed and its
 * renditions made (cleaning.ts). Answers a link to show it, and the size now stored. A refused
 * file is deleted with any rendition (40000 on `file` or `fileSize`); the image can be uploaded
 * again.
 */
export async function finishImageUpload(
  ctx: ImageUploadCtx,
  id: number,
  lang: Language = 'zh-CN',
): Promise<UploadedImage> {
  const [image] = await ctx.db
    .select()
    .from(images)
    .where(and(eq(images.id, id), eq(images.designerId, ctx.designerId)));
  if (!image) throw notFound();
  // Two upload-finished of one image take turns: the second finds the first's cleaned picture
  // and the row's size already following it.
  const fileSize = await pictureWork.run(image.objectKey, async () => {
    const inspected = await inspectStoredUpload(ctx.config, image.objectKey, {
      kind: 'image',
      declaredSize: image.fileSize,
    });
    if (inspected.state === 'missing')
      throw new ApiError(ErrorCode.conflict, imageFilesMessages.imageNotStored);
    if (inspected.state === 'refused') {
      await deletePicture(ctx.config, image.objectKey);
      throw await refuseStoredUpload(ctx.config, image.objectKey, inspected, lang);
    }
    return cleanAcceptedPicture(ctx, image, inspected.type);
  });
  const link = await objectReadLink(ctx.config, image.objectKey, ctx.origin, ctx.now);
  if (!link) throw new ApiError(ErrorCode.conflict, imageFilesMessages.imageNotStored);
  return {
    id: image.id,
    fileName: image.fileName,
    fileSize,
    url: link.url,
    address: imageFileUrl(image.objectKey),
  };
}
