/** The object store the console runs on (OBJECT_STORE), behind one interface. */
import type { Config } from '../config.ts';
import { EmbeddedObjectStore } from './embedded.ts';
import type { ObjectStore } from './object-store.ts';
import { S3ObjectStore } from './s3.ts';

export { ObjectStoreSettingError, ObjectStoreUnavailableError, UploadRefusedError } from './errors.ts';
export { newObjectKey } from './keys.ts';
export type {
  ObjectStore,
  OpenUpload,
  PartSigning,
  ReadLink,
  RequestOrigin,
  StoredObject,
  StoredPart,
  UploadGrant,
} from './object-store.ts';

/** One store per configuration (a process may run several apps, as tests do). */
const stores = new WeakMap<Config, ObjectStore>();

export function objectStoreFor(config: Config): ObjectStore {
  let store = stores.get(config);
  if (!store) {
    const settings = config.objectStore;
    store = settings.kind === 's3' ? new S3ObjectStore(config, settings) : new EmbeddedObjectStore(config);
    stores.set(config, store);
  }
  return store;
}
