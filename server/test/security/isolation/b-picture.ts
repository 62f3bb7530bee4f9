import { images } from '../../../src/db/schema/index.ts';
import { demoPictureKey, demoPictureUrl } from '../../../src/modules/image-files/store.ts';
import { pictureBytes } from '../../../src/seed/media/pictures.ts';
import type { CaseContext } from './cases.ts';

/**
 * A picture among B's own images, by its lasting address: product images, portfolio pieces and
 * avatars are uploads.
 */
export async function bPicture(x: CaseContext): Promise<string> {
  const designerId = x.tenants.b.id;
  const name = 'garment-qipao-black';
  await x.tenants.t.db
    .insert(images)
    .values({
      designerId,
      objectKey: demoPictureKey(designerId, name),
      fileName: `${name}.png`,
      fileSize: pictureBytes(name).length,
      mimeType: 'image/png',
      createdAt: new Date(),
    })
    .onConflictDoNothing();
  return demoPictureUrl(designerId, name);
}
