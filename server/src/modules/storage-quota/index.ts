/**
 * Storage per designer: the quota every upload is registered within, and the clean-up of what
 * the store holds that no row registers (or that was abandoned).
 */
export { runStorageCleanup, type StorageCleanupReport, startStorageCleanup } from './cleanup.ts';
export { quotaExceeded, sizeText, withinStorageQuota } from './quota.ts';
export { registeredKeys } from './registry.ts';
export { storedBytesOf } from './usage.ts';
