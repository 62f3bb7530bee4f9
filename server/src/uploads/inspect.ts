import type { Language } from '@dc/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import type { Config } from '../config.ts';
import type { ApiError } from '../http/api-error.ts';
import { invalidField } from '../http/failures.ts';
import { SNIFF_BYTES } from '../oss/served-type.ts';
import { objectStoreFor } from '../storage/index.ts';
import { DECODE_SECONDS, decodeOneAtATime } from './decode-queue.ts';

/**
 * What `upload-finished` checks, for every kind of upload, against the object actually stored
 * (never the uploader's word): the size it declared when it asked for the grant, and that the
 * bytes are what the kind says.
 *
 * - image: decodes, every pixel, with sharp as JPEG, PNG, WebP or GIF (HTML, SVG, XML and every
 *   other format sharp could read are refused), within IMAGE_MAX_PIXELS, streamed to a thumbnail
 *   and one picture at a time in the process, so memory stays bounded however many arrive;
 * - video: a video container signature (mp4, mov, webm, mkv, avi…) in its first bytes;
 * - model: the size only here; the looks module's glTF check (glb-check.ts) reads the header
 *   and the JSON chunk and says precisely what is wrong with a file that is no glTF 2.0.
 *
 * A refusal is 40000 on `fileSize` (the size differs from the declared one) or on `file` (the
 * bytes are not of the kind), and the object is deleted: a refused upload leaves nothing stored.
 */
export type UploadKind = 'image' | 'video' | 'model';

/**
 * The largest picture decoded (width × height): 64 megapixels, a 48–50 MP camera original fits
 * (phones give 12–48 MP). Memory does not grow with it for the streamable formats; the ones libvips
 * holds whole (interlaced PNG, progressive JPEG, GIF) take a frame, one picture at a time.
 */
export const IMAGE_MAX_PIXELS = 64_000_000;

/** What sharp reports for the four picture formats, and the type a signature must show. */
export const PICTURE_FORMATS: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

type Message = Record<Language, string>;

export type Inspection =
  | { state: 'missing' }
  | { state: 'accepted'; size: number; type: string }
  | { state: 'refused'; field: 'file' | 'fileSize'; message: Message };

const refused = (field: 'file' | 'fileSize', zh: string, en: string): Inspection => ({
  state: 'refused',
  field,
  message: { 'zh-CN': zh, 'en-US': en },
});

const KIND_NAMES: Record<Exclude<UploadKind, 'model'>, Message> = {
  image: { 'zh-CN': '图片（JPEG、PNG、WebP 或 GIF）', 'en-US': 'an image (JPEG, PNG, WebP or GIF)' },
  video: { 'zh-CN': '视频文件（MP4、MOV、WebM、MKV 等）', 'en-US': 'a video file (MP4, MOV, WebM, MKV…)' },
};

const notOfKind = (kind: keyof typeof KIND_NAMES, detail?: Message): Inspection =>
  refused(
    'file',
    `文件不是${KIND_NAMES[kind]['zh-CN']}${detail ? `：${detail['zh-CN']}` : ''}`,
    `the file is not ${KIND_NAMES[kind]['en-US']}${detail ? `: ${detail['en-US']}` : ''}`,
  );

/**
 * libvips' operation cache keeps recent results (and their pixels) for reuse; an upload check
 * never repeats, so it would only hold a decoded frame after the answer was sent.
 */
sharp.cache(false);

/**
 * Interlaced PNG, progressive JPEG and GIF cannot be read in strips: libvips decodes the whole
 * frame first. Their frame (pixels × channels × bytes a sample) is held to this, so a 16-bit
 * interlaced PNG of 64 MP (770 KB, 540 MB decoded) is refused; an 8-bit RGBA one of 64 MP fits.
 */
export const WHOLE_FRAME_MAX_BYTES = 256 * 1024 * 1024;

/** The bytes a picture's frame takes when libvips must hold it whole, or 0 when it streams. */
export function wholeFrameBytes(meta: Metadata): number {
  const heldWhole = meta.format === 'gif' || meta.isProgressive === true;
  if (!heldWhole) return 0;
  const bytesPerSample = meta.depth === 'ushort' ? 2 : 1;
  return (meta.width ?? 0) * (meta.height ?? 0) * (meta.channels ?? 4) * bytesPerSample;
}

/**
 * Decodes every pixel of the picture at `dataPath`; the format sharp read it as, or why not.
 *
 * The pixels stream through a shrink to a thumbnail of at most 64×64: libvips reads the file
 * sequentially in strips (and WebP and JPEG decode straight at a reduced scale), so a 64-megapixel
 * picture is never held whole (`stats()`, which it used before, materialised the full frame, about
 * 500 MB for an 8000×8000 WebP of 2.5 KB). Every pixel is still decoded: a body cut short fails
 * (`failOn: 'truncated'`), as does a corrupt lossless (PNG, GIF, lossless WebP) body.
 */
function decodePicture(dataPath: string): Promise<{ format: string } | { problem: Message }> {
  return decodeOneAtATime(async () => {
    try {
      const image = sharp(dataPath, {
        limitInputPixels: IMAGE_MAX_PIXELS,
        failOn: 'truncated',
        sequentialRead: true,
      });
      const meta = await image.metadata();
      const { format } = meta;
      if (!(format in PICTURE_FORMATS))
        return { problem: { 'zh-CN': `${format} 格式`, 'en-US': `${format}` } };
      if (wholeFrameBytes(meta) > WHOLE_FRAME_MAX_BYTES) {
        const megabytes = Math.round(wholeFrameBytes(meta) / 2 ** 20);
        return {
          problem: {
            'zh-CN': `隔行/渐进式图片解码需要 ${megabytes} MB，超过 ${WHOLE_FRAME_MAX_BYTES / 2 ** 20} MB`,
            'en-US': `an interlaced or progressive picture that needs ${megabytes} MB decoded, more than ${WHOLE_FRAME_MAX_BYTES / 2 ** 20} MB`,
          },
        };
      }
      await image.resize(64, 64, { fit: 'inside' }).raw().timeout({ seconds: DECODE_SECONDS }).toBuffer();
      return { format };
    } catch (error) {
      const text = error instanceof Error ? error.message : '';
      if (/pixel limit/i.test(text))
        return {
          problem: {
            'zh-CN': `超过 ${IMAGE_MAX_PIXELS / 1_000_000} 百万像素`,
            'en-US': `more than ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`,
          },
        };
      return { problem: { 'zh-CN': '无法解码', 'en-US': 'it does not decode' } };
    }
  });
}

/** Checks the stored object `key` against the kind and the size declared for it. */
export async function inspectStoredUpload(
  config: Config,
  key: string,
  expected: { kind: UploadKind; declaredSize: number },
): Promise<Inspection> {
  const store = objectStoreFor(config);
  const meta = await store.head(key);
  const head = meta && (await store.readBytes(key, 0, Math.min(SNIFF_BYTES, meta.size)));
  if (!meta || !head) return { state: 'missing' };
  if (meta.size !== expected.declaredSize) {
    return refused(
      'fileSize',
      `存储的文件有 ${meta.size} 字节，而不是声明的 ${expected.declaredSize} 字节`,
      `the stored file has ${meta.size} bytes, not the declared ${expected.declaredSize}`,
    );
  }
  if (meta.size === 0) return refused('file', '文件是空的', 'the file is empty');
  const signature = await fileTypeFromBuffer(head).catch(() => undefined);
  switch (expected.kind) {
    case 'video':
      if (!signature?.mime.startsWith('video/')) return notOfKind('video');
      return { state: 'accepted', size: meta.size, type: signature.mime };
    case 'model':
      return { state: 'accepted', size: meta.size, type: 'model/gltf-binary' };
    case 'image': {
      // The signature first: SVG, HTML, XML and formats sharp reads but we do not show never
      // reach the decoder.
      if (!signature || !Object.values(PICTURE_FORMATS).includes(signature.mime)) return notOfKind('image');
      // The size matched the declared one above, so a local copy (S3) is bounded by the grant.
      const decoded = await store.withLocalFile(key, (dataPath) => decodePicture(dataPath));
      if (!decoded) return { state: 'missing' };
      if ('problem' in decoded) return notOfKind('image', decoded.problem);
      if (PICTURE_FORMATS[decoded.format] !== signature.mime) return notOfKind('image');
      return { state: 'accepted', size: meta.size, type: signature.mime };
    }
  }
}

/** Deletes the refused object and answers the 40000 naming its field, in the caller's language. */
export async function refuseStoredUpload(
  config: Config,
  key: string,
  refusal: Extract<Inspection, { state: 'refused' }>,
  lang: Language,
): Promise<ApiError> {
  await objectStoreFor(config).delete(key);
  return invalidField(refusal.field, refusal.message[lang]);
}
