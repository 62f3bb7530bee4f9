import { originalOfRendition } from '../media/renditions.ts';
import type { ObjectStore } from '../storage/index.ts';
import type { ObjectReference } from './storage-references.ts';

/**
 * `storage verify`: every key the database references is in the store, at the size its row
 * records. The store is listed once (a page of a thousand keys a request on S3) rather than asked
 * key by key.
 */

const LISTED = 20;

/**
 * The demo's media, written into the store the first time it is shown (image-files/store.ts,
 * seed/media/fixtures.ts): pictures `images/demo-<name>.png`, covers `images/demo-cover-N.jpg`,
 * videos `videos/demo-N.webm`. Uploads' keys are 32 hex digits, never `demo-`. By shape, so the
 * CLI does not load the seed.
 */
const DEMO_MEDIA =
  /^(?:designers\/\d+|platform)\/(?:images\/demo-[a-z0-9-]+\.(?:png|jpg)|videos\/demo-\d+\.webm)$/;

/** A demo object the server writes on first view (SEED=demo): not there yet is not missing. */
export const drawnOnFirstView = (key: string) => DEMO_MEDIA.test(key);

export interface VerifyReport {
  referenced: number;
  present: number;
  sizesChecked: number;
  missing: string[];
  /** `key: …` lines, one per object whose size is not the row's. */
  sizeDiffers: string[];
  drawnOnFirstView: number;
  uploading: number;
  /** Image rows under a day old whose upload has not arrived (yet). */
  notArrived: number;
  /** Renditions of pictures (media/renditions.ts): no row names them, their original's row does. */
  renditions: number;
  /** Renditions whose original no row references: the storage clean-up removes them. */
  strayRenditions: number;
}

export async function verifyObjects(store: ObjectStore, refs: ObjectReference[]): Promise<VerifyReport> {
  const stored = new Map<string, number>();
  const renditionsOf: string[] = [];
  for await (const object of store.list('')) {
    const original = originalOfRendition(object.key);
    if (original === undefined) stored.set(object.key, object.size);
    else renditionsOf.push(original);
  }
  const referenced = new Set(refs.map((ref) => ref.key));
  const report: VerifyReport = {
    referenced: refs.length,
    present: 0,
    sizesChecked: 0,
    missing: [],
    sizeDiffers: [],
    drawnOnFirstView: 0,
    uploading: 0,
    notArrived: 0,
    renditions: renditionsOf.length,
    strayRenditions: renditionsOf.filter((original) => !referenced.has(original)).length,
  };
  for (const ref of refs) {
    if (ref.state === 'uploading') {
      report.uploading++;
      continue;
    }
    const size = stored.get(ref.key);
    if (size === undefined) {
      if (drawnOnFirstView(ref.key)) report.drawnOnFirstView++;
      else if (ref.state === 'recent') report.notArrived++;
      else report.missing.push(ref.key);
      continue;
    }
    report.present++;
    if (ref.size === undefined) continue;
    report.sizesChecked++;
    if (size !== ref.size)
      report.sizeDiffers.push(`${ref.key}: the row records ${ref.size} bytes, the store holds ${size}`);
  }
  return report;
}

export const verifyFailed = (r: VerifyReport) => r.missing.length > 0 || r.sizeDiffers.length > 0;

export function verifyLines(r: VerifyReport, where: string): string[] {
  const first = (title: string, items: string[]) =>
    items.length === 0
      ? []
      : [
          `${title} (${items.length > LISTED ? `first ${LISTED} of ` : ''}${items.length}):`,
          ...items.slice(0, LISTED).map((item) => `  ${item}`),
        ];
  return [
    `storage verify: ${r.referenced} object key(s) referenced, checked against ${where}`,
    `  present: ${r.present} (${r.sizesChecked} with a recorded size checked)`,
    `  missing: ${r.missing.length}`,
    `  size differs: ${r.sizeDiffers.length}`,
    `  drawn on first view (demo media, not stored yet): ${r.drawnOnFirstView}`,
    `  uploading (no object expected yet): ${r.uploading + r.notArrived}`,
    `  picture renditions: ${r.renditions} (${r.strayRenditions} of a picture no row references, for the storage clean-up)`,
    ...first('missing', r.missing),
    ...first('size differs', r.sizeDiffers),
    verifyFailed(r) ? 'storage verify: FAILED' : 'storage verify: every referenced object is in place',
  ];
}
