import fs from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';

/**
 * The content type the store answers for an object, decided from its first bytes and never from
 * what the uploader declared: an uploader who says `text/html` (or whose bytes are HTML, SVG or
 * XML) gets `application/octet-stream`. Only formats no browser executes are answered as what
 * they are; everything else is opaque bytes, and a download.
 */

/** Enough of the head of a file for every signature `file-type` knows of the formats below. */
export const SNIFF_BYTES = 64 * 1024;

export const OPAQUE_TYPE = 'application/octet-stream';

/** Pictures the console shows in an <img>: the four formats upload-finished accepts. */
const PICTURE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
/** Binary glTF, fetched by the 3D viewer. */
const MODEL_TYPES = new Set(['model/gltf-binary']);
/** Documents offered for download only (Content-Disposition: attachment). */
const DOWNLOAD_TYPES = new Set(['application/pdf']);

/** A type file-type recognised from a signature, kept only when it is one of the inert formats. */
function inertType(detected: string | undefined): string {
  if (!detected) return OPAQUE_TYPE;
  // Every video/* file-type names is a binary container (mp4, mov, webm, mkv, avi…) found by its
  // signature: a browser plays it or does not, it never runs it.
  if (detected.startsWith('video/')) return detected;
  if (PICTURE_TYPES.has(detected) || MODEL_TYPES.has(detected) || DOWNLOAD_TYPES.has(detected))
    return detected;
  return OPAQUE_TYPE;
}

/** The served type of bytes whose head is `head`. */
export async function servedTypeOfHead(head: Uint8Array): Promise<string> {
  if (head.length === 0) return OPAQUE_TYPE;
  try {
    return inertType((await fileTypeFromBuffer(head))?.mime);
  } catch {
    // A parser that chokes on crafted bytes: they are nothing we serve as what they claim.
    return OPAQUE_TYPE;
  }
}

/** The first SNIFF_BYTES (or fewer) of an open file. */
export async function readHead(file: fs.FileHandle, length = SNIFF_BYTES): Promise<Buffer> {
  const head = Buffer.alloc(length);
  const { bytesRead } = await file.read(head, 0, length, 0);
  return head.subarray(0, bytesRead);
}

/** The served type of a file on disk (a received upload, before it is committed). */
export async function servedTypeOfFile(filePath: string): Promise<string> {
  const file = await fs.open(filePath, 'r');
  try {
    return await servedTypeOfHead(await readHead(file));
  } finally {
    await file.close();
  }
}

/**
 * Whether the console shows this type in place (an <img>, a <video>, the 3D viewer's fetch);
 * anything else is answered with `Content-Disposition: attachment`.
 */
export const isShownInline = (servedType: string): boolean =>
  PICTURE_TYPES.has(servedType) || MODEL_TYPES.has(servedType) || servedType.startsWith('video/');
