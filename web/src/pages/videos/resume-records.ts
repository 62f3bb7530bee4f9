import { RESUME_KEY_PREFIX, type ResumeRecord, resumeRecordKey } from '../../upload/index.ts';

/** An unfinished upload the uploader left in localStorage (a closed tab, a reload, a pause). */
export interface UnfinishedUpload {
  key: string;
  fileName: string;
  size: number;
  lastModified: number;
  loaded: number;
  videoId: number | undefined;
}

/** Every video resume record in this browser (image records are covers: not offered). */
export function unfinishedUploads(storage: Storage = localStorage): UnfinishedUpload[] {
  const found: UnfinishedUpload[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (!key?.startsWith(RESUME_KEY_PREFIX)) continue;
    try {
      const record = JSON.parse(storage.getItem(key) ?? '') as ResumeRecord;
      if (!record.videoId || typeof record.fileName !== 'string') continue;
      found.push({
        key,
        fileName: record.fileName,
        size: record.size,
        lastModified: record.lastModified,
        loaded: record.loaded,
        videoId: Number(record.videoId) || undefined,
      });
    } catch {
      // Not readable: the uploader drops it when it meets it.
    }
  }
  return found;
}

/** The unfinished upload a picked file continues: same name, size and modification time. */
export const matchUnfinished = (file: File, unfinished: UnfinishedUpload[]) =>
  unfinished.find((upload) => upload.key === resumeRecordKey(file));

export const forgetUnfinished = (upload: UnfinishedUpload, storage: Storage = localStorage) =>
  storage.removeItem(upload.key);
