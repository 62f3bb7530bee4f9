import { UPLOAD_HTTP_TIMEOUT_MS, UPLOAD_RETRY_COUNT, UPLOAD_RETRY_WAIT_MS } from '@dc/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeBase64Json, resumeRecordKey, type UploadInfo, VodUploader } from '../../src/upload/index.ts';
import {
  credentials,
  FAKE_TIMERS,
  fakeStore,
  type Interception,
  MB,
  mapStorage,
  memoryFile,
  settle,
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

describe('§5 adding files', () => {
  it('§5 an empty file (size 0) fails with EmptyFile and is not queued', () => {
    const failed: Array<[string, string]> = [];
    const uploader = new VodUploader({
      storage: mapStorage(),
      pageEvents: undefined,
      onUploadFailed: (item, code) => failed.push([item.file.name, code]),
    });
    const outcome = uploader.addFile(memoryFile('empty.mp4', 0));
    expect(outcome).toMatchObject({ ok: false, code: 'EmptyFile' });
    expect(failed).toEqual([['empty.mp4', 'EmptyFile']]);
    expect(uploader.listFiles()).toEqual([]);
  });

  it('§5 a file already in the list is rejected with FileDuplication', () => {
    const failed: string[] = [];
    const uploader = new VodUploader({
      storage: mapStorage(),
      pageEvents: undefined,
      onUploadFailed: (_item, code) => failed.push(code),
    });
    const file = memoryFile('a.mp4', 10);
    expect(uploader.addFile(file)).toMatchObject({ ok: true, item: { state: 'Ready', file } });
    expect(uploader.addFile(file)).toMatchObject({ ok: false, code: 'FileDuplication' });
    expect(failed).toEqual(['FileDuplication']);
    expect(uploader.listFiles()).toHaveLength(1);
    // The same file picked again (another File object, same name, time and size) is the same file…
    expect(uploader.addFile(memoryFile('a.mp4', 10))).toMatchObject({ ok: false, code: 'FileDuplication' });
    // …a file of the same name changed since, or of another size, is another file.
    expect(uploader.addFile(memoryFile('a.mp4', 10, { lastModified: 5 })).ok).toBe(true);
    expect(uploader.addFile(memoryFile('a.mp4', 11)).ok).toBe(true);
  });

  it('§3 an item carries the details it was added with, and a request id', () => {
    const uploader = new VodUploader({ storage: mapStorage(), pageEvents: undefined });
    const added = uploader.addFile(memoryFile('cover.png', 10, { type: 'image/png' }), {
      isImage: true,
      videoInfo: { Title: 'Spring', CateId: 3, Tags: 'a,b' },
      userData: '{"x":1}',
    });
    expect(added).toMatchObject({
      ok: true,
      item: {
        isImage: true,
        videoInfo: { Title: 'Spring', CateId: 3, Tags: 'a,b' },
        userData: '{"x":1}',
        loaded: 0,
        ri: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    });
  });
});

describe('§5 auth and address given to setUploadAuthAndAddress', () => {
  const cases: Array<[string, string, string, string]> = [
    ['no auth', '', uploadAddress(), 'InvalidParameter.EmptyValue'],
    ['no address', uploadAuth(), '', 'InvalidParameter.EmptyValue'],
    ['address without FileName', uploadAuth(), uploadAddress('', {}), 'InvalidParameter.EmptyValue'],
    [
      'credentials missing the token',
      encodeBase64Json({ ...credentials(), SecurityToken: undefined }),
      uploadAddress(),
      'InvalidParameter.TokenInvalid',
    ],
    ['auth that is not base64 JSON', 'garbage!', uploadAddress(), 'InvalidParameter.TokenInvalid'],
  ];
  for (const [label, auth, address, code] of cases) {
    it(`§5 ${label} → ${code}; the waiting item fails and nothing is sent`, async () => {
      const store = fakeStore();
      const answers: unknown[] = [];
      const failed: string[] = [];
      const uploader: VodUploader = new VodUploader({
        fetch: store.fetch,
        storage: mapStorage(),
        pageEvents: undefined,
        onUploadstarted: (item) => answers.push(uploader.setUploadAuthAndAddress(item, auth, address)),
        onUploadFailed: (_item, failure) => failed.push(failure),
      });
      uploader.addFile(memoryFile('a.mp4', MB));
      uploader.startUpload();
      await until(() => failed.length > 0);
      expect(answers).toEqual([{ ok: false, code, message: expect.any(String) }]);
      expect(failed).toEqual([code]);
      expect(uploader.listFiles()[0]!.state).toBe('Failure');
      expect(store.requests).toEqual([]);
    });
  }
});

describe('§8 upload errors', () => {
  it('§8 ReadFileError: a file that cannot be read fails the item', async () => {
    const { uploader, log } = uploaderOn(fakeStore());
    uploader.addFile(memoryFile('gone.mp4', MB, { unreadable: true }));
    uploader.startUpload();
    await until(() => log.includes('failed:gone.mp4:ReadFileError'));
    expect(uploader.listFiles()[0]!.state).toBe('Failure');
  });

  it('§8 GetUploadAuthFailed: the auth request rejects', async () => {
    const store = fakeStore();
    const { uploader, log } = uploaderOn(store, {
      answerStart: false,
      getUploadAuth: () => Promise.reject(new Error('create-upload answered 500')),
    });
    uploader.addFile(memoryFile('a.mp4', MB));
    uploader.startUpload();
    await until(() => log.includes('failed:a.mp4:GetUploadAuthFailed'));
    expect(store.requests).toEqual([]);
  });

  it('getUploadAuth: create on start, refresh on expiry, without the app answering callbacks', async () => {
    const store = fakeStore();
    store.intercept((request) =>
      request.headers['x-oss-security-token'] === 'token' && request.partNumber === 2
        ? { status: 403, code: 'SecurityTokenExpired' }
        : undefined,
    );
    const purposes: string[] = [];
    const { uploader, log } = uploaderOn(store, {
      answerStart: false,
      parallel: 1,
      getUploadAuth: async (item: UploadInfo, purpose) => {
        purposes.push(purpose);
        return purpose === 'create'
          ? {
              uploadAuth: uploadAuth(),
              uploadAddress: uploadAddress(`designers/7/${item.file.name}`),
              videoId: 'v9',
            }
          : { uploadAuth: uploadAuth({ SecurityToken: 'fresh' }) };
      },
    });
    uploader.addFile(memoryFile('a.mp4', 3 * MB));
    uploader.startUpload();
    await until(() => log.includes('succeed:a.mp4'));
    expect(purposes).toEqual(['create', 'refresh']);
    expect(log).toEqual(['started:a.mp4', 'expired:a.mp4', 'succeed:a.mp4']);
    expect(uploader.listFiles()[0]!.videoId).toBe('v9');
  });

  it(`§8 network errors are retried ${UPLOAD_RETRY_COUNT} times, ${UPLOAD_RETRY_WAIT_MS} ms apart, then the item fails`, async () => {
    const store = fakeStore();
    store.intercept((request) => (request.operation === 'initiate' ? 'network' : undefined));
    const { uploader, log } = uploaderOn(store);
    uploader.addFile(memoryFile('a.mp4', MB));
    uploader.startUpload();
    await until(() => store.of('initiate').length === 1);
    for (let retry = 1; retry <= UPLOAD_RETRY_COUNT; retry++) {
      await vi.advanceTimersByTimeAsync(UPLOAD_RETRY_WAIT_MS - 1);
      await settle();
      expect(store.of('initiate')).toHaveLength(retry);
      await vi.advanceTimersByTimeAsync(1);
      await until(() => store.of('initiate').length === retry + 1, `retry ${retry}`);
    }
    await until(() => log.includes('failed:a.mp4:RequestError'));
    await vi.advanceTimersByTimeAsync(10 * UPLOAD_RETRY_WAIT_MS);
    expect(store.of('initiate')).toHaveLength(1 + UPLOAD_RETRY_COUNT);
  });

  it('§8 5xx answers are retried, and a later success carries on', async () => {
    const store = fakeStore();
    let failures = 2;
    store.intercept(
      (request): Interception =>
        request.operation === 'uploadPart' && failures-- > 0
          ? { status: 503, code: 'ServiceUnavailable' }
          : undefined,
    );
    const { uploader, log } = uploaderOn(store);
    uploader.addFile(memoryFile('a.mp4', MB));
    uploader.startUpload();
    await until(() => store.of('uploadPart').length === 1);
    await vi.advanceTimersByTimeAsync(UPLOAD_RETRY_WAIT_MS);
    await until(() => store.of('uploadPart').length === 2);
    await vi.advanceTimersByTimeAsync(UPLOAD_RETRY_WAIT_MS);
    await until(() => log.includes('succeed:a.mp4'));
    expect(store.of('uploadPart')).toHaveLength(3);
  });

  it(`§8 a request timeout (§9: ${UPLOAD_HTTP_TIMEOUT_MS / 1000} s) is retried like a network error, then ConnectionTimeoutError`, async () => {
    const store = fakeStore();
    store.intercept((request) => (request.operation === 'uploadPart' ? 'hang' : undefined));
    const { uploader, log } = uploaderOn(store);
    uploader.addFile(memoryFile('a.mp4', MB));
    uploader.startUpload();
    for (let attempt = 1; attempt <= 1 + UPLOAD_RETRY_COUNT; attempt++) {
      await until(() => store.of('uploadPart').length === attempt, `attempt ${attempt}`);
      await vi.advanceTimersByTimeAsync(UPLOAD_HTTP_TIMEOUT_MS - 1);
      await settle();
      expect(log).toEqual(['started:a.mp4']);
      await vi.advanceTimersByTimeAsync(1 + UPLOAD_RETRY_WAIT_MS);
    }
    await until(() => log.includes('failed:a.mp4:ConnectionTimeoutError'));
    expect(store.of('uploadPart')).toHaveLength(1 + UPLOAD_RETRY_COUNT);
  });

  it('§8 a 4xx answer is not retried', async () => {
    const store = fakeStore();
    store.intercept((request) =>
      request.operation === 'uploadPart' ? { status: 403, code: 'AccessDenied' } : undefined,
    );
    const { uploader, log } = uploaderOn(store);
    uploader.addFile(memoryFile('a.mp4', MB));
    uploader.startUpload();
    await until(() => log.includes('failed:a.mp4:AccessDenied'));
    expect(store.of('uploadPart')).toHaveLength(1);
  });

  it('§8 NoSuchUpload while sending parts fails the item and removes its resume record', async () => {
    const store = fakeStore();
    let served = 0;
    store.intercept((request) => {
      if (request.operation === 'uploadPart' && ++served === 3) store.uploads.clear();
      return undefined;
    });
    const storage = mapStorage();
    const { uploader, log } = uploaderOn(store, { storage, parallel: 1 });
    const file = memoryFile('a.mp4', 5 * MB);
    uploader.addFile(file);
    uploader.startUpload();
    await until(() => log.includes('failed:a.mp4:NoSuchUpload'));
    expect(storage.values.has(resumeRecordKey(file))).toBe(false);
    expect(uploader.listFiles()[0]).toMatchObject({ state: 'Failure', checkpoint: undefined, loaded: 0 });
  });

  it('§8 abort removes the record, discards the upload on the store and reports OSSAbort', async () => {
    const store = fakeStore();
    let served = 0;
    store.intercept((request) => (request.operation === 'uploadPart' && ++served > 2 ? 'hang' : undefined));
    const storage = mapStorage();
    const { uploader, log } = uploaderOn(store, { storage, parallel: 1 });
    const file = memoryFile('a.mp4', 5 * MB);
    const added = uploader.addFile(file);
    if (!added.ok) throw new Error('not added');
    uploader.startUpload();
    await until(() => store.of('uploadPart').length === 3);
    const uploadId = added.item.checkpoint!.uploadId;
    expect(storage.values.has(resumeRecordKey(file))).toBe(true);

    expect(await uploader.abortFile(added.item.id)).toEqual({ ok: true });
    expect(added.item.state).toBe('Canceled');
    expect(storage.values.has(resumeRecordKey(file))).toBe(false);
    expect(store.of('abort').map((request) => request.uploadId)).toEqual([uploadId]);
    expect(store.uploads.has(uploadId)).toBe(false);
    expect(log).toEqual(['started:a.mp4', 'canceled:a.mp4:OSSAbort']);

    // Resumed after an abort, it starts from the first byte.
    store.intercept(() => undefined);
    uploader.resumeFile(added.item.id);
    await vi.advanceTimersByTimeAsync(100);
    uploader.startUpload();
    await until(() => log.includes('succeed:a.mp4'));
    expect(store.of('initiate')).toHaveLength(2);
    expect(store.of('listParts')).toHaveLength(0);
  });
});
