import { API_PREFIX, type ImageRenditionWidth } from '@dc/contract';

/** Where our stored pictures are addressed: `/designerapi/v1/image-files/<object key>`. */
const IMAGE_FILES = `${API_PREFIX}/image-files/`;

/**
 * The address to show a picture at `width` px (its longer side): for one of our stored pictures
 * (its lasting address, what every row keeps), the WebP rendition of that width (`?w=160`), so a
 * list or a card never loads a full-size original; anything else (a picture outside this
 * server, a shipped asset, a signed store link) as it is. None ('' or null): undefined, so an
 * antd Avatar or Image shows its fallback.
 *
 * 160 for table cells, avatars and small cards (up to 80 CSS px on a 2× screen), 480 for large
 * cards and form previews, 1280 for a picture shown alone (a preview, a detail page).
 */
export function pictureAt(url: string | null | undefined, width: ImageRenditionWidth): string | undefined {
  if (!url) return undefined;
  if (!url.startsWith(IMAGE_FILES) || /[?#]/.test(url)) return url;
  return `${url}?w=${width}`;
}
