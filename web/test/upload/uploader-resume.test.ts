import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ResumeRecord, resumeRecordKey, type UploadInfo } from '../../src/upload/index.ts';
import {
  FAKE_TIMERS,
  type FakeStore,
  fakeStore,
  MB,
  mapStorage,
  memoryFile,
  until,
  uploadAddress,
  uploadAuth,
  uploaderOn,
} from './support.ts';

beforeEach(() => {
  vi.useFakeTimers(FAKE_TIMERS);
});
afterEach(() => {
  vi.useRealTimers();
});

const SIZE = 6 * MB;

/** A first page that sends parts 1 to `parts` of a.mp4 and is then stopped. */
async function firstPage(store: FakeStore, storage = mapStorage(), parts = 3) {
  let served = 0;
  store.intercept((request) => (request.operation === 'uploadPart' && ++served > parts ? 'hang' : undefined));
  const { uploader } = uploaderOn(store, { storage, parallel: 1 });
  const file = memoryFile('a.mp4', SIZE);
  const added = uploader.addFile(file);
  if (!added.ok) throw new Error('not added');
  uploader.startUpload();
  await until(() => added.item.checkpoint?.doneParts.length === parts, `${parts} parts`);
  uploader.stopUpload();
  store.intercept(() => undefined);
  const record = JSON.parse(storage.values.get(resumeRecordKey(file))!) as ResumeRecord;
  return { storage, file, record };
}

describe('resume from the saved record (§3) on a new page', () => {
  it('the record gives the item its video id and checkpoint; ListParts reconciles; only the missing parts are sent', async () => {
    const store = fakeStore();
    const { storage, record } = await firstPage(store);
    expect(record).toMatchObject({
      fileName: 'a.mp4',
      size: SIZE,
      object: 'designers/7/a.mp4',
      videoId: 'video-1',
      bucket: 'designer-console',
      endpoint: 'http://store.test',
      loaded: 0.5,
      state: 'Stoped',
      checkpoint: { uploadId: 'UPLOAD1', partSize: MB },
    });
    const sentBefore = store.of('uploadPart').length;

    // A new page: another uploader, another File object for the same file on disk.
    const seenAtStart: Array<Pick<UploadInfo, 'videoId' | 'loaded'>> = [];
    const { uploader, log } = uploaderOn(store, {
      storage,
      onUploadstarted: (item) => seenAtStart.push({ videoId: item.videoId, loaded: item.loaded }),
    });
    uploader.addFile(memoryFile('a.mp4', SIZE));
    uploader.startUpload();
    await until(() => log.includes('succeed:a.mp4'));
    expect(seenAtStart).toEqual([{ videoId: 'video-1', loaded: 0.5 }]);
    expect(store.of('initiate')).toHaveLength(1);
    expect(store.of('listParts').length).toBeGreaterThan(0);
    expect(
      store
        .of('uploadPart')
        .slice(sentBefore)
        .map((request) => request.partNumber)
        .sort(),
    ).toEqual([4, 5, 6]);
    expect(store.objects.get('designers/7/a.mp4')).toEqual({ size: SIZE, parts: 6 });
    // §8: done, the record goes.
    expect(storage.values.size).toBe(0);
  });

  it('the store is the truth: parts it lacks are sent again, parts it has that the checkpoint missed are kept', async () => {
    const store = fakeStore();
    const { storage, record } = await firstPage(store);
    const stored = store.uploads.get(record.checkpoint.uploadId)!;
    stored.delete(2);
    stored.set(5, { etag: 'FIVE', size: MB });
    // A part of the wrong size (another part size) is no use: sent again.
    stored.set(6, { etag: 'SIX', size: 10 });
    const sentBefore = store.of('uploadPart').length;

    const { uploader, log } = uploaderOn(store, { storage });
    uploader.addFile(memoryFile('a.mp4', SIZE));
    uploader.startUpload();
    await until(() => log.includes('succeed:a.mp4'));
    expect(
      store
        .of('uploadPart')
        .slice(sentBefore)
        .map((request) => request.partNumber)
        .sort(),
    ).toEqual([2, 4, 6]);
  });

  it('§8 NoSuchUpload on resume removes the record and starts over cleanly', async () => {
    const store = fakeStore();
    const { storage, file, record } = await firstPage(store);
    store.uploads.delete(record.checkpoint.uploadId);
    const sentBefore = store.of('uploadPart').length;

    let recordAtRestart: ResumeRecord | undefined;
    const { uploader, log } = uploaderOn(store, { storage });
    store.intercept((request) => {
      if (request.operation === 'initiate' && store.of('initiate').length === 2)
        recordAtRestart = JSON.parse(storage.values.get(resumeRecordKey(file)) ?? 'null') ?? undefined;
      return undefined;
    });
    uploader.addFile(memoryFile('a.mp4', SIZE));
    uploader.startUpload();
    await until(() => log.includes('succeed:a.mp4'));
    expect(recordAtRestart).toBeUndefined();
    expect(store.of('initiate')).toHaveLength(2);
    expect(store.of('uploadPart').slice(sentBefore)).toHaveLength(6);
    expect(store.objects.get('designers/7/a.mp4')).toEqual({ size: SIZE, parts: 6 });
  });

  it('a completion whose answer was lost: the retry meets FileAlreadyExists and the upload succeeds', async () => {
    const store = fakeStore();
    store.intercept((request) =>
      request.operation === 'complete' ? { status: 409, code: 'FileAlreadyExists' } : undefined,
    );
    const { uploader, log } = uploaderOn(store);
    uploader.addFile(memoryFile('a.mp4', SIZE));
    uploader.startUpload();
    await until(() => log.includes('succeed:a.mp4'));
    expect(log.some((line) => line.startsWith('fail'))).toBe(false);
  });

  it('a record for other bytes (same name, time and size; another file hash) is not used', async () => {
    const store = fakeStore();
    const { storage } = await firstPage(store);
    const other = memoryFile('a.mp4', SIZE);
    other.bytes[0] = (other.bytes[0]! + 1) & 0xff;
    const { uploader, log } = uploaderOn(store, { storage });
    uploader.addFile(other);
    uploader.startUpload();
    await until(() => log.includes('succeed:a.mp4'));
    expect(store.of('listParts')).toHaveLength(0);
    expect(store.of('initiate')).toHaveLength(2);
  });

  it('a record for another object (a new address) is not used', async () => {
    const store = fakeStore();
    const { storage } = await firstPage(store);
    const { uploader, log } = uploaderOn(store, {
      storage,
      answerStart: false,
      onUploadstarted: (item) => {
        uploader.setUploadAuthAndAddress(item, uploadAuth(), uploadAddress('designers/7/renamed.mp4'));
      },
    });
    uploader.addFile(memoryFile('a.mp4', SIZE));
    uploader.startUpload();
    await until(() => log.includes('succeed:a.mp4'));
    expect(store.of('initiate')).toHaveLength(2);
    expect(store.objects.has('designers/7/renamed.mp4')).toBe(true);
  });

  it('§4 leaving the page marks the current upload Stoped in the saved record', async () => {
    const store = fakeStore();
    let served = 0;
    store.intercept((request) => (request.operation === 'uploadPart' && ++served > 2 ? 'hang' : undefined));
    const storage = mapStorage();
    const page = new EventTarget();
    const { uploader } = uploaderOn(store, { storage, pageEvents: page, parallel: 1 });
    const file = memoryFile('a.mp4', SIZE);
    const added = uploader.addFile(file);
    if (!added.ok) throw new Error('not added');
    uploader.startUpload();
    await until(() => added.item.checkpoint?.doneParts.length === 2);
    const saved = () => (JSON.parse(storage.values.get(resumeRecordKey(file))!) as ResumeRecord).state;
    expect(saved()).toBe('Uploading');
    page.dispatchEvent(new Event('pagehide'));
    expect(saved()).toBe('Stoped');

    // beforeunload too; and after dispose the page is no longer listened to.
    storage.values.set(
      resumeRecordKey(file),
      JSON.stringify({
        ...(JSON.parse(storage.values.get(resumeRecordKey(file))!) as object),
        state: 'Uploading',
      }),
    );
    page.dispatchEvent(new Event('beforeunload'));
    expect(saved()).toBe('Stoped');
    uploader.dispose();
    expect(uploader.state).toBe('Stop');
  });
});
