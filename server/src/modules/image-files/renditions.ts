import path from 'node:path';
import type { ImageRenditionWidth } from '@dc/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { renditionKey, renditionKeysOf } from '../../media/renditions.ts';
import { KeyedLock } from '../../oss/keyed-lock.ts';
import { type ObjectStore, objectStoreFor } from '../../storage/index.ts';
import { prepareRenditions, type Rendition } from '../../uploads/pictures.ts';
import { forgetImage, imageRowOf } from './store.ts';

/**
 * A picture's renditions in the object store (media/renditions.ts names their keys): written by
 * upload-finished, made on the first `?w=` for a picture that has none (a demo picture, one
 * uploaded before renditions), deleted with their original.
 */

/**
 * One picture's work at a time in this process (upload-finished and a rendition made on demand):
 * a rendition is never made from an original that a refusal is deleting, nor from the original a
 * clean-up is replacing.
 */
export const pictureWork = new KeyedLock();

/** Where the cleaned copy of a picture is written before it replaces the original. */
export const pictureWorkDir = (config: Config) => path.join(config.dataDir, 'tmp');

export async function storeRenditions(
  store: ObjectStore,
  key: string,
  renditions: Rendition[],
): Promise<void> {
  for (const { width, bytes } of renditions) await store.put(renditionKey(key, width), bytes, 'image/webp');
}

/** Deletes the picture and every rendition of it. */
export async function deletePicture(config: Config, key: string): Promise<void> {
  const store = objectStoreFor(config);
  await store.delete(key);
  for (const rendition of renditionKeysOf(key)) await store.delete(rendition);
  forgetImage(config, key);
}

/** Pictures whose renditions could not be made: key → the original's lastModified then. */
const unrenderable = new WeakMap<Config, Map<string, number>>();
const UNRENDERABLE_REMEMBERED = 1000;

/** Renditions being made, by the original's key: twenty <img> of one picture make them once. */
const making = new WeakMap<Config, Map<string, Promise<boolean>>>();

const mapOf = <V>(maps: WeakMap<Config, Map<string, V>>, config: Config): Map<string, V> => {
  let map = maps.get(config);
  if (!map) {
    map = new Map();
    maps.set(config, map);
  }
  return map;
};

/**
 * Whether the server may write renditions of `key`: a designer's picture only when it is one of
 * their `images` rows (an object under their prefix that no row registers, a forged key, gets
 * none); a platform picture is one the image address already admitted (the providers' logos).
 */
async function mayRender(db: Database, key: string): Promise<boolean> {
  const owner = /^designers\/(\d+)\//.exec(key);
  return !owner || (await imageRowOf(db, Number(owner[1]), key)) !== undefined;
}

async function makeRenditions(config: Config, key: string): Promise<boolean> {
  const store = objectStoreFor(config);
  const failed = mapOf(unrenderable, config);
  return pictureWork.run(key, async () => {
    const original = await store.head(key);
    if (!original) return false;
    // A picture that did not decode is not decoded again on every request, until it changes.
    if (failed.get(key) === original.lastModified.getTime()) return false;
    const made = await store.withLocalFile(key, (file) => prepareRenditions(file));
    if (!made) return false;
    if ('problem' in made) {
      if (failed.size >= UNRENDERABLE_REMEMBERED) failed.clear();
      failed.set(key, original.lastModified.getTime());
      return false;
    }
    await storeRenditions(store, key, made);
    return true;
  });
}

/**
 * `GET /image-files/<key>?w=`: the key of the rendition to show, for an original the caller found
 * in the store. A missing rendition is made from the original (all widths at once, in the decode
 * queue, once however many ask at the same time) and kept. Undefined: none can be made (the
 * picture is nobody's image, or does not decode).
 */
export async function shownRendition(
  db: Database,
  config: Config,
  key: string,
  width: ImageRenditionWidth,
): Promise<string | undefined> {
  const wanted = renditionKey(key, width);
  if (await objectStoreFor(config).head(wanted)) return wanted;
  if (!(await mayRender(db, key))) return undefined;
  const inFlight = mapOf(making, config);
  let made = inFlight.get(key);
  if (!made) {
    made = makeRenditions(config, key).finally(() => inFlight.delete(key));
    inFlight.set(key, made);
  }
  return (await made) ? wanted : undefined;
}
