import { randomBytes } from 'node:crypto';
import { designerPrefix } from '../oss/credentials.ts';

/**
 * A fresh object key of the designer's: `designers/<id>/<kind>/<32 hex>.<ext>`. Nothing of the
 * file name but a known extension goes in, so `../../x` or any other name stays a plain key.
 */
export function newObjectKey(
  designerId: number,
  kind: 'videos' | 'images' | 'models',
  extension: string,
): string {
  const safeExtension = /^[a-z0-9]{1,8}$/.test(extension) ? `.${extension}` : '';
  return `${designerPrefix(designerId)}${kind}/${randomBytes(16).toString('hex')}${safeExtension}`;
}
