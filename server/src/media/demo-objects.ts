import { createHash } from 'node:crypto';
import type { Config } from '../config.ts';
import type { ObjectStore } from '../storage/index.ts';

/**
 * The demo's media, as the runtime sees it: objects the server writes into its store the first
 * time a link to one is made, so a fresh DATA_DIR shows the demo without a set-up step. The
 * content itself is seed code (seed/media); the app wires it in only when SEED=demo, so without
 * the demo no key is ever written this way.
 */
export interface DemoObjects {
  /** The object a demo fixture key stands for (a demo video or cover), or undefined. */
  fixture(key: string): { bytes(): Buffer; contentType: string } | undefined;
  /** The PNG of a demo picture by its name (see image-files/store.ts for the keys). */
  picture(name: string): Buffer;
}

/** Per configuration: a process may run several apps (tests do), seeded or not. */
const wired = new WeakMap<Config, DemoObjects>();

/** Serves the demo's media for the app of this configuration (SEED=demo). */
export function serveDemoObjects(config: Config, objects: DemoObjects): void {
  wired.set(config, objects);
}

export const demoObjectsOf = (config: Config): DemoObjects | undefined => wired.get(config);

export const md5Etag = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex').toUpperCase();

/** Keys known to be in each store (a process may open several data directories, as tests do). */
const present = new WeakMap<ObjectStore, Set<string>>();

/** Writes a demo fixture into the store when it is not there yet; any other key: nothing. */
export async function ensureDemoObject(config: Config, store: ObjectStore, key: string): Promise<void> {
  const demo = demoObjectsOf(config)?.fixture(key);
  if (!demo) return;
  let known = present.get(store);
  if (!known) {
    known = new Set();
    present.set(store, known);
  }
  if (known.has(key)) return;
  if (!(await store.head(key))) {
    const bytes = demo.bytes();
    await store.put(key, bytes, demo.contentType);
  }
  known.add(key);
}
