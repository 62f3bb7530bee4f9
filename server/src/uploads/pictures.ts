import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_RENDITION_WIDTHS, type ImageRenditionWidth, type Language } from '@dc/contract';
import sharp, { type OutputInfo, type SharpOptions } from 'sharp';
import { DECODE_SECONDS, decodeOneAtATime } from './decode-queue.ts';
import { IMAGE_MAX_PIXELS, PICTURE_FORMATS, WHOLE_FRAME_MAX_BYTES, wholeFrameBytes } from './inspect.ts';
import { carriesMetadata, gifWithoutMetadata, webpIsLossless } from './picture-metadata.ts';

/**
 * What upload-finished makes of a picture it accepted (issue 20 point 3), for every kind of
 * picture (covers, avatars, portfolio, products, brands, fan photos, look backgrounds), all
 * through `images`:
 *
 * - the original without its metadata: oriented first (`rotate()`), then written again in its own
 *   format with nothing but its pixels, in sRGB (a Display P3 or CMYK picture is converted, not
 *   merely untagged, so its colours stay): no EXIF and its GPS position, no XMP, IPTC, ICC or
 *   comments. A picture that carries none (picture-metadata.ts) is kept byte for byte. A GIF
 *   loses its comment and application blocks without being encoded again: it has no EXIF and no
 *   orientation, and a new encoding would quantise every frame anew;
 * - its renditions: WebP, IMAGE_RENDITION_WIDTHS on the longer side, never enlarged, each within
 *   its budget (RENDITION_BUDGET_BYTES), made from the cleaned picture (an animated one: its first
 *   frame).
 *
 * The work takes its turn in the decode queue, one picture at a time in the process.
 */

type Message = Record<Language, string>;
export type PictureFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/**
 * The most a rendition may weigh: the thumbnails lists and cards show (160, 480) 60 KB, the
 * preview (1280) 200 KB. Past it the quality steps down, then the size.
 */
export const RENDITION_BUDGET_BYTES: Record<ImageRenditionWidth, number> = {
  160: 60 * 1024,
  480: 60 * 1024,
  1280: 200 * 1024,
};

/** WebP qualities tried in turn until the rendition fits its budget. */
const RENDITION_QUALITIES = [78, 60, 40];

/** The cleaned original's JPEG quality: visually the same as a phone's, without the metadata. */
export const CLEANED_JPEG_QUALITY = 90;

export interface Rendition {
  width: ImageRenditionWidth;
  bytes: Buffer;
}

export interface PreparedPicture {
  /**
   * The cleaned original, in a temporary file the caller removes (`discard`), or undefined when
   * the picture carried nothing to remove and stays as stored.
   */
  cleaned: { path: string; size: number } | undefined;
  renditions: Rendition[];
  /** Removes the temporary file, if any. */
  discard(): Promise<void>;
}

export type Prepared = PreparedPicture | { problem: Message };

const decoding = (extra: SharpOptions = {}): SharpOptions => ({
  limitInputPixels: IMAGE_MAX_PIXELS,
  failOn: 'truncated',
  ...extra,
});

const problemOf = (error: unknown): Message => {
  const text = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(text))
    return {
      'zh-CN': `超过 ${IMAGE_MAX_PIXELS / 1_000_000} 百万像素`,
      'en-US': `more than ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`,
    };
  if (/timeout/i.test(text))
    return {
      'zh-CN': `${DECODE_SECONDS} 秒内未能处理完`,
      'en-US': `not processed within ${DECODE_SECONDS} s`,
    };
  return { 'zh-CN': '无法解码', 'en-US': 'it does not decode' };
};

/**
 * Writes the picture at `source` without its metadata to `target`, in the same format: 'kept'
 * when there was nothing to remove after all (a GIF without blocks of its own), or why it cannot
 * be. Turning a picture (orientation 2–8) needs its whole frame; one larger than
 * WHOLE_FRAME_MAX_BYTES is refused.
 */
async function writeCleaned(
  source: string,
  target: string,
  format: PictureFormat,
): Promise<'written' | 'kept' | { problem: Message }> {
  if (format === 'gif') {
    const original = await fs.readFile(source);
    const stripped = gifWithoutMetadata(original);
    if (stripped?.length === original.length) return 'kept';
    if (stripped) {
      await fs.writeFile(target, stripped, { mode: 0o600 });
      return 'written';
    }
    // Blocks that cannot be walked, though the frames decode: written again by the encoder.
    await sharp(source, decoding({ animated: true }))
      .gif()
      .timeout({ seconds: DECODE_SECONDS })
      .toFile(target);
    return 'written';
  }
  const meta = await sharp(source, decoding()).metadata();
  const animated = (meta.pages ?? 1) > 1;
  if (!animated && (meta.orientation ?? 1) > 1) {
    const frame = meta.width * meta.height * meta.channels * (meta.depth === 'ushort' ? 2 : 1);
    if (frame > WHOLE_FRAME_MAX_BYTES)
      return {
        problem: {
          'zh-CN': `旋转需要 ${Math.round(frame / 2 ** 20)} MB，超过 ${WHOLE_FRAME_MAX_BYTES / 2 ** 20} MB`,
          'en-US': `turning it needs ${Math.round(frame / 2 ** 20)} MB, more than ${WHOLE_FRAME_MAX_BYTES / 2 ** 20} MB`,
        },
      };
  }
  // An animated WebP cannot be turned (libvips turns single pages); its orientation tag goes.
  let image = animated ? sharp(source, decoding({ animated: true })) : sharp(source, decoding()).rotate();
  if (format === 'jpeg') image = image.jpeg({ quality: CLEANED_JPEG_QUALITY });
  else if (format === 'png') image = image.png({ compressionLevel: 9 });
  else
    image = image.webp(
      (await webpIsLossless(source)) ? { lossless: true } : { quality: CLEANED_JPEG_QUALITY },
    );
  await image.timeout({ seconds: DECODE_SECONDS }).toFile(target);
  return 'written';
}

/**
 * One rendition of the decoded frame, within its budget: the quality steps down first; a picture
 * still too heavy at the lowest (noise, fine texture) is made smaller, by the area the budget
 * allows. A photo fits at the first try; the hardest (RGBA noise) within six.
 */
async function renditionOf(
  frame: { data: Buffer; info: OutputInfo },
  width: ImageRenditionWidth,
): Promise<Buffer> {
  const { data, info } = frame;
  const budget = RENDITION_BUDGET_BYTES[width];
  const encode = (side: number, quality: number) =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality, alphaQuality: quality, effort: 4 })
      .toBuffer();
  let side = Math.min(width, Math.max(info.width, info.height));
  let bytes = Buffer.alloc(0);
  for (const quality of RENDITION_QUALITIES) {
    bytes = await encode(side, quality);
    if (bytes.length <= budget) return bytes;
  }
  const lowest = RENDITION_QUALITIES.at(-1)!;
  for (let attempt = 0; attempt < 3 && bytes.length > budget; attempt++) {
    side = Math.max(16, Math.floor(side * Math.sqrt(budget / bytes.length) * 0.9));
    bytes = await encode(side, lowest);
  }
  return bytes;
}

/**
 * The renditions of the picture at `source` (its first frame): one decode, shrunk on load, to the
 * largest width, turned by its orientation; each width made from that frame.
 */
async function makeRenditions(source: string): Promise<Rendition[]> {
  const largest = Math.max(...IMAGE_RENDITION_WIDTHS);
  const frame = await sharp(source, decoding())
    .rotate()
    .resize(largest, largest, { fit: 'inside', withoutEnlargement: true })
    .raw({ depth: 'uchar' })
    .timeout({ seconds: DECODE_SECONDS })
    .toBuffer({ resolveWithObject: true });
  const renditions: Rendition[] = [];
  for (const width of IMAGE_RENDITION_WIDTHS)
    renditions.push({ width, bytes: await renditionOf(frame, width) });
  return renditions;
}

const temporaryName = (format: PictureFormat) => `picture-${randomBytes(12).toString('hex')}.${format}`;

/**
 * Cleans the picture at `source` (unless it carries nothing) and makes its renditions, in the
 * decode queue. The cleaned copy goes to a temporary file in `workDir` (DATA_DIR/tmp); on a
 * problem nothing is left there.
 */
export function preparePicture(source: string, format: PictureFormat, workDir: string): Promise<Prepared> {
  return decodeOneAtATime(async () => {
    const target = path.join(workDir, temporaryName(format));
    const discard = () => fs.rm(target, { force: true });
    try {
      let cleaned: PreparedPicture['cleaned'];
      if (format === 'gif' || (await carriesMetadata(source, format))) {
        await fs.mkdir(workDir, { recursive: true });
        const outcome = await writeCleaned(source, target, format);
        if (typeof outcome === 'object') {
          await discard();
          return outcome;
        }
        if (outcome === 'written') cleaned = { path: target, size: (await fs.stat(target)).size };
      }
      const renditions = await makeRenditions(cleaned ? target : source);
      return { cleaned, renditions, discard };
    } catch (error) {
      await discard();
      return { problem: problemOf(error) };
    }
  });
}

/**
 * The renditions alone, of a picture already stored (one uploaded before renditions, a demo
 * picture). Its upload may never have been checked (upload-finished not called), so it is held
 * to the same rules first: one of the four formats (an SVG or anything else is never rendered),
 * within the pixel and whole-frame limits, every pixel decoded.
 */
export function prepareRenditions(source: string): Promise<Rendition[] | { problem: Message }> {
  return decodeOneAtATime(async () => {
    try {
      const meta = await sharp(source, decoding()).metadata();
      if (!(meta.format in PICTURE_FORMATS) || wholeFrameBytes(meta) > WHOLE_FRAME_MAX_BYTES)
        return { problem: { 'zh-CN': '不是可显示的图片', 'en-US': 'not a picture that can be shown' } };
      return await makeRenditions(source);
    } catch (error) {
      return { problem: problemOf(error) };
    }
  });
}
