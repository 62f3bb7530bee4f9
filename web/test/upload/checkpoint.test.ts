import { describe, expect, it } from 'vitest';
import { type ResumeRecord, ResumeRecords, resumeRecordKey } from '../../src/upload/index.ts';
import { mapStorage } from './support.ts';

const record = (overrides: Partial<ResumeRecord> = {}): ResumeRecord => ({
  fileName: 'clip.mp4',
  lastModified: 1_700_000_000_000,
  size: 3_000_000,
  fileHash: 'abc',
  object: 'designers/7/clip.mp4',
  videoId: 'video-1',
  bucket: 'designer-console',
  endpoint: 'http://store.test',
  checkpoint: {
    bucket: 'designer-console',
    object: 'designers/7/clip.mp4',
    uploadId: 'U1',
    partSize: 1_048_576,
    fileSize: 3_000_000,
    doneParts: [{ partNumber: 1, etag: 'E1' }],
  },
  loaded: 0.35,
  state: 'Uploading',
  ...overrides,
});

describe('§3 saved resume record', () => {
  it('is keyed by file name, last modified time and size, and nothing else', () => {
    const file = { name: 'clip.mp4', lastModified: 1, size: 2 };
    expect(resumeRecordKey(file)).toBe(resumeRecordKey({ ...file }));
    expect(resumeRecordKey(file)).not.toBe(resumeRecordKey({ ...file, name: 'other.mp4' }));
    expect(resumeRecordKey(file)).not.toBe(resumeRecordKey({ ...file, lastModified: 3 }));
    expect(resumeRecordKey(file)).not.toBe(resumeRecordKey({ ...file, size: 3 }));
    // Names cannot run into the numbers: "a_1" with time 2 is not "a" with time "1_2".
    expect(resumeRecordKey({ name: 'a_1', lastModified: 2, size: 3 })).not.toBe(
      resumeRecordKey({ name: 'a', lastModified: 12, size: 3 }),
    );
  });

  it('holds the §3 fields: file name, last modified, size, object, video id, bucket, endpoint, checkpoint, loaded, state', () => {
    const storage = mapStorage();
    const records = new ResumeRecords(storage);
    records.save(record());
    const file = { name: 'clip.mp4', lastModified: 1_700_000_000_000, size: 3_000_000 };
    const stored = JSON.parse(storage.values.get(resumeRecordKey(file))!) as Record<string, unknown>;
    expect(Object.keys(stored)).toEqual(
      expect.arrayContaining([
        'fileName',
        'lastModified',
        'size',
        'object',
        'videoId',
        'bucket',
        'endpoint',
        'checkpoint',
        'loaded',
        'state',
      ]),
    );
    expect(records.load(file)).toEqual(record());
    records.markState(file, 'Stoped');
    expect(records.load(file)?.state).toBe('Stoped');
    records.remove(file);
    expect(records.load(file)).toBeUndefined();
  });

  it('an unreadable or malformed record is dropped, not trusted', () => {
    const storage = mapStorage();
    const records = new ResumeRecords(storage);
    const file = { name: 'clip.mp4', lastModified: 1_700_000_000_000, size: 3_000_000 };
    storage.setItem(resumeRecordKey(file), '{not json');
    expect(records.load(file)).toBeUndefined();
    expect(storage.values.size).toBe(0);
    storage.setItem(resumeRecordKey(file), JSON.stringify({ ...record(), checkpoint: { uploadId: 5 } }));
    expect(records.load(file)).toBeUndefined();
    expect(storage.values.size).toBe(0);
  });

  it('a storage that throws (quota, blocked) costs only the record', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const records = new ResumeRecords(broken);
    expect(() => records.save(record())).not.toThrow();
    expect(
      records.load({ name: 'clip.mp4', lastModified: 1_700_000_000_000, size: 3_000_000 }),
    ).toBeUndefined();
  });
});
