import type { KeyValueStorage } from './environment.ts';
import type { UploadItemState } from './states.ts';

/** A part the store has, as CompleteMultipartUpload will list it. */
export interface DonePart {
  partNumber: number;
  etag: string;
}

/** Where a multipart upload stands: enough to continue it from another page load. */
export interface Checkpoint {
  bucket: string;
  /** The object key the upload will create. */
  object: string;
  uploadId: string;
  /** Fixed when the upload is initiated; every part but the last has this size. */
  partSize: number;
  fileSize: number;
  doneParts: DonePart[];
}

/** What identifies a file across page loads without reading it (spec §3, resume record key). */
export interface FileIdentity {
  name: string;
  lastModified: number;
  size: number;
}

/** Spec §3 "Saved resume record", plus the file hash that confirms the file is the same. */
export interface ResumeRecord {
  fileName: string;
  lastModified: number;
  size: number;
  /** MD5 of the first 1024 bytes (spec §9). */
  fileHash: string;
  object: string;
  videoId: string | undefined;
  bucket: string;
  endpoint: string;
  checkpoint: Checkpoint;
  /** Fraction 0..1 of the bytes the store has. */
  loaded: number;
  state: UploadItemState;
}

/** Every resume record's storage key starts with this (a page lists unfinished uploads by it). */
export const RESUME_KEY_PREFIX = 'dc-vod-upload:';

/** The storage key of a file's record: its name, last modified time and size. */
export const resumeRecordKey = (file: FileIdentity): string =>
  `${RESUME_KEY_PREFIX}${JSON.stringify([file.name, file.lastModified, file.size])}`;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown): value is string => typeof value === 'string';

function isCheckpoint(value: unknown): value is Checkpoint {
  if (typeof value !== 'object' || value === null) return false;
  const checkpoint = value as Record<string, unknown>;
  return (
    isText(checkpoint.bucket) &&
    isText(checkpoint.object) &&
    isText(checkpoint.uploadId) &&
    isNumber(checkpoint.partSize) &&
    checkpoint.partSize > 0 &&
    isNumber(checkpoint.fileSize) &&
    Array.isArray(checkpoint.doneParts) &&
    checkpoint.doneParts.every(
      (part: unknown) =>
        typeof part === 'object' &&
        part !== null &&
        isNumber((part as DonePart).partNumber) &&
        isText((part as DonePart).etag),
    )
  );
}

function isResumeRecord(value: unknown): value is ResumeRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    isText(record.fileName) &&
    isNumber(record.lastModified) &&
    isNumber(record.size) &&
    isText(record.fileHash) &&
    isText(record.object) &&
    (record.videoId === undefined || isText(record.videoId)) &&
    isText(record.bucket) &&
    isText(record.endpoint) &&
    isNumber(record.loaded) &&
    isText(record.state) &&
    isCheckpoint(record.checkpoint)
  );
}

/**
 * Resume records in (local) storage. Storage is best effort: a full or blocked storage only
 * costs the ability to resume after a reload, never the upload itself.
 */
export class ResumeRecords {
  constructor(private readonly storage: KeyValueStorage) {}

  /** The file's record, if one is stored, readable and for a file of this identity. */
  load(file: FileIdentity): ResumeRecord | undefined {
    let text: string | null;
    try {
      text = this.storage.getItem(resumeRecordKey(file));
    } catch {
      return undefined;
    }
    if (text === null) return undefined;
    try {
      const record: unknown = JSON.parse(text);
      if (isResumeRecord(record) && record.size === file.size) return record;
    } catch {
      // An unreadable record is dropped below.
    }
    this.remove(file);
    return undefined;
  }

  save(record: ResumeRecord): void {
    const key = resumeRecordKey({
      name: record.fileName,
      lastModified: record.lastModified,
      size: record.size,
    });
    try {
      this.storage.setItem(key, JSON.stringify(record));
    } catch {
      // Quota exceeded or storage blocked: the upload goes on without a way to resume.
    }
  }

  remove(file: FileIdentity): void {
    try {
      this.storage.removeItem(resumeRecordKey(file));
    } catch {
      // Nothing to do: the record is unreachable anyway.
    }
  }

  /** Changes only the saved state (leaving the page, stopping). */
  markState(file: FileIdentity, state: UploadItemState): void {
    const record = this.load(file);
    if (record) this.save({ ...record, state });
  }
}
