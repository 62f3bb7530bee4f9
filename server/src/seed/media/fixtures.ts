import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { designerPrefix } from '../../oss/index.ts';

/**
 * The demo's media files: one tiny real WebM (3 s, made once in Chromium by
 * seed/fixtures/make-fixtures.mjs) and three JPEG covers, committed under seed/fixtures. The seed
 * writes rows only (it has no store); the server writes each object into the store the first
 * time a link to it is made (media/demo-objects.ts).
 */
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');

const fixture = (fileName: string) => ({ fileName, size: statSync(path.join(FIXTURES, fileName)).size });

export const DEMO_VIDEO_FILE = { ...fixture('demo-video.webm'), durationSeconds: 3 };
export const DEMO_COVER_FILES = [1, 2, 3].map((n) => fixture(`demo-cover-${n}.jpg`));

export const demoVideoKey = (designerId: number, index: number) =>
  `${designerPrefix(designerId)}videos/demo-${index + 1}.webm`;
export const demoCoverKey = (designerId: number, index: number) =>
  `${designerPrefix(designerId)}images/demo-cover-${index + 1}.jpg`;

/** Which fixture a demo key stands for. Random keys (32 hex digits) never match. */
export function fixtureOf(key: string): { bytes(): Buffer; contentType: string } | undefined {
  const file = fixtureFileOf(key);
  return file && { bytes: () => readFileSync(path.join(FIXTURES, file.name)), contentType: file.contentType };
}

function fixtureFileOf(key: string): { name: string; contentType: string } | undefined {
  if (/^designers\/\d+\/videos\/demo-\d+\.webm$/.test(key))
    return { name: DEMO_VIDEO_FILE.fileName, contentType: 'video/webm' };
  const cover = /^designers\/\d+\/images\/demo-cover-([1-3])\.jpg$/.exec(key);
  if (cover) return { name: `demo-cover-${cover[1]}.jpg`, contentType: 'image/jpeg' };
  return undefined;
}
