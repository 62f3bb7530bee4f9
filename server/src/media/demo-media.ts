import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { designerPrefix } from '../oss/index.ts';
import type { MediaStore } from './media-store.ts';

/**
 * The demo's media: one tiny real WebM (3 s, made once in Chromium by
 * seed/fixtures/make-fixtures.mjs) and three JPEG covers, committed under seed/fixtures. The seed
 * writes rows only (it has no store); each demo object is written into the store the first time
 * a link to it is made, so a fresh DATA_DIR plays the demo videos without any set-up step.
 */
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../seed/fixtures');

const fixture = (fileName: string) => ({ fileName, size: statSync(path.join(FIXTURES, fileName)).size });

export const DEMO_VIDEO_FILE = { ...fixture('demo-video.webm'), durationSeconds: 3 };
export const DEMO_COVER_FILES = [1, 2, 3].map((n) => fixture(`demo-cover-${n}.jpg`));

export const demoVideoKey = (designerId: number, index: number) =>
  `${designerPrefix(designerId)}videos/demo-${index + 1}.webm`;
export const demoCoverKey = (designerId: number, index: number) =>
  `${designerPrefix(designerId)}images/demo-cover-${index + 1}.jpg`;

/** Which fixture a demo key stands for. Random keys (32 hex digits) never match. */
function fixtureOf(key: string): { file: string; contentType: string } | undefined {
  if (/^designers\/\d+\/videos\/demo-\d+\.webm$/.test(key))
    return { file: DEMO_VIDEO_FILE.fileName, contentType: 'video/webm' };
  const cover = /^designers\/\d+\/images\/demo-cover-([1-3])\.jpg$/.exec(key);
  if (cover) return { file: `demo-cover-${cover[1]}.jpg`, contentType: 'image/jpeg' };
  return undefined;
}

/** Keys known to be in each store (a process may open several data directories, as tests do). */
const present = new WeakMap<MediaStore, Set<string>>();

/** Writes a demo object into the store when it is not there yet; any other key: nothing. */
export async function ensureDemoObject(store: MediaStore, key: string): Promise<void> {
  const demo = fixtureOf(key);
  if (!demo) return;
  let known = present.get(store);
  if (!known) {
    known = new Set();
    present.set(store, known);
  }
  if (known.has(key)) return;
  if (!(await store.head(key))) {
    const bytes = readFileSync(path.join(FIXTURES, demo.file));
    const etag = createHash('md5').update(bytes).digest('hex').toUpperCase();
    await store.put(key, bytes, demo.contentType, etag);
  }
  known.add(key);
}
