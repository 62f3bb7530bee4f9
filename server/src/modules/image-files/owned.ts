import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { escapeHtml } from '../../http/escape-html.ts';
import { invalidField } from '../../http/failures.ts';
import { decodeEntities } from '../../http/sanitize-html.ts';
import { designerPrefix } from '../../oss/index.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { objectStoreFor, type RequestOrigin } from '../../storage/index.ts';
import { imageFilesMessages } from './messages.ts';
import { imageFileUrl, imageInStore, imageKeyOfStoreLink, imageKeyOfUrl, imageRowOf } from './store.ts';

export interface ImageCheckCtx {
  db: Database;
  config: Config;
  designerId: number;
  origin: RequestOrigin;
}

/** The image checks' context of a request with a session. */
export const imageCheckCtxOf = (app: FastifyInstance, request: FastifyRequest): ImageCheckCtx => ({
  db: app.db,
  config: app.config,
  designerId: designerIdOf(request),
  origin: { protocol: request.protocol, host: request.host },
});

/**
 * Where an image field may point: `uploads` only at the designer's uploaded images (issue 7:
 * product and fan photos are "uploaded through the image path"); `uploadsOrOutside` also at an
 * http(s) address outside this server and its object store, kept as it is.
 */
export type ImageSource = 'uploads' | 'uploadsOrOutside';

/** The object key of an address of our images: the lasting address or a signed link of our store. */
function storedKeyOf(ctx: ImageCheckCtx, url: string): string | undefined {
  const key = imageKeyOfUrl(url) ?? imageKeyOfStoreLink(url, ctx.config, ctx.origin);
  if (key || !/^https?:\/\//i.test(url)) return key;
  // The lasting address written out in full, with this server's host.
  try {
    const parsed = new URL(url);
    return parsed.host === ctx.origin.host && !parsed.search ? imageKeyOfUrl(parsed.pathname) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the text points at this server (a path) or at our object store: such an address is an
 * image of ours or nothing, never an outside image.
 */
function isOurs(ctx: ImageCheckCtx, url: string): boolean {
  if (/^\/(?!\/)/.test(url) || storedKeyOf(ctx, url)) return true;
  try {
    return new URL(url).origin === objectStoreFor(ctx.config).publicOrigin(ctx.origin);
  } catch {
    return false;
  }
}

/**
 * An image the designer uploaded to our object store (issue 7: photos "uploaded through the
 * image path"): its lasting address `/designerapi/v1/image-files/<key>`, or the signed link the
 * upload answered, for a key under the designer's own `images/` that is one of their images and
 * is in the store. Answers the lasting address to keep; anything else is 40000 on `field`.
 */
export async function ownStoredImageUrl(ctx: ImageCheckCtx, url: string, field: string): Promise<string> {
  const key = storedKeyOf(ctx, url);
  if (!key?.startsWith(`${designerPrefix(ctx.designerId)}images/`))
    throw invalidField(field, imageFilesMessages.mustBeUploadedImage);
  if (!(await imageRowOf(ctx.db, ctx.designerId, key)))
    throw invalidField(field, imageFilesMessages.noSuchImage);
  if (!(await imageInStore(ctx.db, ctx.config, key)))
    throw invalidField(field, imageFilesMessages.imageNotStored);
  return imageFileUrl(key);
}

/**
 * One image field as a row keeps it: '' stays '' (none); an image of ours (its lasting address
 * or a signed link of our store) must be one the designer uploaded and is kept by its lasting
 * address; an outside http(s) address is kept as sent where `source` allows it. Anything else
 * (another designer's image, an address on this server that is no image of theirs, an outside
 * address where only uploads count) is 40000 on `field`.
 */
export async function keptImageUrl(
  ctx: ImageCheckCtx,
  url: string,
  field: string,
  source: ImageSource,
): Promise<string> {
  if (url === '') return '';
  if (source === 'uploads' || isOurs(ctx, url)) return ownStoredImageUrl(ctx, url, field);
  if (!/^https?:\/\//i.test(url)) throw invalidField(field, imageFilesMessages.urlOrUploadedImage);
  return url;
}

/**
 * A list of image fields (`field.N` names the one refused); two entries that are the same
 * image (its signed link and its lasting address) are refused as a duplicate.
 */
export async function keptImageUrls(
  ctx: ImageCheckCtx,
  urls: readonly string[],
  field: string,
  source: ImageSource,
): Promise<string[]> {
  const kept: string[] = [];
  for (const [index, url] of urls.entries()) {
    const address = await keptImageUrl(ctx, url, `${field}.${index}`, source);
    if (kept.includes(address)) throw invalidField(`${field}.${index}`, imageFilesMessages.imageListedTwice);
    kept.push(address);
  }
  return kept;
}

const IMG_SRC = /(<img\b[^>]*?\ssrc=")([^"]*)(")/gi;

/**
 * The one rule of pictures in rich text (product descriptions and brand stories alike): the
 * HTML is already sanitised, and each `<img src>` must be an image the designer uploaded to our
 * store, kept by its lasting address. An outside picture is refused (40000 on `field`): shown on
 * every page that displays the text, it tells its owner who looked and when (a tracking pixel),
 * and it can change after review (issue 16 item 6).
 */
export async function keptRichTextImages(ctx: ImageCheckCtx, html: string, field: string): Promise<string> {
  const sources = [...html.matchAll(IMG_SRC)].map((match) => decodeEntities(match[2]!));
  const kept = new Map<string, string>();
  for (const src of new Set(sources)) {
    if (!isOurs(ctx, src)) throw invalidField(field, imageFilesMessages.noOutsidePictures);
    kept.set(src, await ownStoredImageUrl(ctx, src, field));
  }
  if (kept.size === 0) return html;
  return html.replace(IMG_SRC, (whole, start: string, src: string, end: string) => {
    const address = kept.get(decodeEntities(src));
    return address === undefined ? whole : `${start}${escapeHtml(address)}${end}`;
  });
}
