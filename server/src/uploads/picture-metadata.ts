import fs from 'node:fs/promises';

/**
 * Whether a stored picture carries anything besides its pixels, read from its structure rather
 * than from what a decoder chooses to report: a picture that carries nothing is kept byte for byte
 * (no second lossy encoding, the same size, so a repeated upload-finished changes nothing), one
 * that carries anything is re-encoded without it (pictures.ts).
 *
 * - JPEG: any APP1–APP15 segment (EXIF with its GPS and thumbnail, XMP, ICC, MPF gain and depth
 *   maps, IPTC, Adobe) or comment before the scan, or an APP0 longer than a bare JFIF header (a
 *   JFXX or JFIF thumbnail, which can show the picture before it was cropped);
 * - PNG: any chunk but those that make the pixels and their colour (IHDR, PLTE, IDAT, IEND, tRNS,
 *   gAMA, cHRM, sRGB, sBIT, bKGD, pHYs, hIST) and the APNG frames: text (XMP lives there), eXIf,
 *   iCCP, tIME, C2PA and other private chunks;
 * - WebP: any chunk but the image's own (VP8, VP8L, VP8X, ALPH, ANIM, ANMF): EXIF, XMP, ICCP;
 * - any of the three: bytes after the end of the image (a motion photo's video, a vendor's
 *   trailer, an appended page).
 *
 * GIF has no EXIF and no orientation; its comments and application blocks are removed without
 * re-encoding (gifWithoutMetadata), as re-encoding would quantise every frame again.
 */

const PNG_PIXEL_CHUNKS = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'sBIT',
  'bKGD',
  'pHYs',
  'hIST',
  'acTL',
  'fcTL',
  'fdAT',
]);
const WEBP_IMAGE_CHUNKS = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF']);

/** A bare JFIF APP0 (no thumbnail) is 16 bytes long, its length field included. */
const BARE_JFIF_LENGTH = 16;
const SOS = 0xda;
const EOI = 0xd9;

/**
 * Segments up to the first scan, then the entropy-coded data (where 0xFF is followed by 0x00 or a
 * restart marker) and the tables between the scans of a progressive JPEG, to the end of image,
 * which must be the file's last bytes: bytes after it (a motion photo's video, a vendor's trailer,
 * an appended page) count as metadata too.
 */
function jpegCarriesMetadata(jpeg: Buffer): boolean {
  let at = 2;
  let scanned = false;
  while (at + 1 < jpeg.length) {
    if (jpeg[at] !== 0xff) {
      if (!scanned) return true;
      at += 1; // entropy-coded data
      continue;
    }
    const marker = jpeg[at + 1]!;
    if (marker === 0xff || (scanned && (marker === 0x00 || (marker >= 0xd0 && marker <= 0xd7)))) {
      at += marker === 0xff ? 1 : 2; // a fill byte, a stuffed 0xFF, a restart marker
      continue;
    }
    if (marker === EOI) return at + 2 !== jpeg.length;
    if (at + 4 > jpeg.length) return true;
    const length = jpeg.readUInt16BE(at + 2);
    if ((marker >= 0xe1 && marker <= 0xef) || marker === 0xfe) return true;
    if (marker === 0xe0 && length > BARE_JFIF_LENGTH) return true;
    if (marker === SOS) scanned = true;
    at += 2 + length;
  }
  return true;
}

function pngCarriesMetadata(png: Buffer): boolean {
  let at = 8;
  while (at + 8 <= png.length) {
    const type = png.toString('latin1', at + 4, at + 8);
    if (!PNG_PIXEL_CHUNKS.has(type)) return true;
    at += 12 + png.readUInt32BE(at);
    if (type === 'IEND') return at !== png.length;
  }
  return true;
}

function webpCarriesMetadata(webp: Buffer): boolean {
  if (webp.length < 12 || webp.readUInt32LE(4) + 8 !== webp.length) return true;
  return webpChunks(webp).some((name) => !WEBP_IMAGE_CHUNKS.has(name));
}

/**
 * Whether the JPEG, PNG or WebP at `file` carries metadata (see above). The whole file is read:
 * an upload is at most IMAGE_MAX_BYTES, and this runs one picture at a time.
 */
export async function carriesMetadata(file: string, format: 'jpeg' | 'png' | 'webp'): Promise<boolean> {
  const bytes = await fs.readFile(file);
  if (format === 'jpeg') return jpegCarriesMetadata(bytes);
  if (format === 'png') return pngCarriesMetadata(bytes);
  return webpCarriesMetadata(bytes);
}

/** The four-letter names of a WebP's top-level chunks, in order. */
function webpChunks(webp: Buffer): string[] {
  const names: string[] = [];
  for (let at = 12; at + 8 <= webp.length; ) {
    names.push(webp.toString('latin1', at, at + 4));
    const length = webp.readUInt32LE(at + 4);
    at += 8 + length + (length % 2);
  }
  return names;
}

/** Whether a still WebP is lossless (a VP8L image chunk): its cleaned copy must stay lossless. */
export async function webpIsLossless(file: string): Promise<boolean> {
  return webpChunks(await fs.readFile(file)).includes('VP8L');
}

const LOOPING_BLOCKS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);
const GRAPHIC_CONTROL = 0xf9;

/**
 * The GIF with its frames, palettes, frame timings and looping kept byte for byte, and nothing
 * else: comment blocks, plain-text blocks, application blocks (XMP, ICC, any vendor's) and bytes
 * after the trailer go. Undefined when the blocks cannot be walked to the trailer.
 */
export function gifWithoutMetadata(gif: Buffer): Buffer | undefined {
  if (gif.length < 13) return undefined;
  const tableSize = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  /** Where a run of sub-blocks that starts at `from` ends (after its empty block), or -1. */
  const subBlocksEnd = (from: number) => {
    let at = from;
    while (at < gif.length) {
      const length = gif[at]!;
      at += 1 + length;
      if (length === 0) return at;
    }
    return -1;
  };
  let at = 13 + tableSize(gif[10]!);
  const kept: Buffer[] = [gif.subarray(0, at)];
  while (at < gif.length) {
    const introducer = gif[at];
    if (introducer === 0x3b) {
      kept.push(gif.subarray(at, at + 1));
      return Buffer.concat(kept);
    }
    let end: number;
    if (introducer === 0x2c) {
      // Image descriptor, local colour table, LZW code size, then the frame's data.
      if (at + 10 >= gif.length) return undefined;
      end = subBlocksEnd(at + 10 + tableSize(gif[at + 9]!) + 1);
      if (end < 0) return undefined;
      kept.push(gif.subarray(at, end));
    } else if (introducer === 0x21) {
      end = subBlocksEnd(at + 2);
      if (end < 0) return undefined;
      const label = gif[at + 1];
      const looping =
        label === 0xff && gif[at + 2] === 11 && LOOPING_BLOCKS.has(gif.toString('latin1', at + 3, at + 14));
      if (label === GRAPHIC_CONTROL || looping) kept.push(gif.subarray(at, end));
    } else {
      return undefined;
    }
    at = end;
  }
  return undefined;
}
