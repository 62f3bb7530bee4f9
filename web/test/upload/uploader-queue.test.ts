import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resumeRecordKey } from '../../src/upload/index.ts';
import {
  FAKE_TIMERS,
  fakeStore,
  type Interception,
  MB,
  mapStorage,
  memoryFile,
  settle,
  until,
  uploadAuth,
  uploaderOn,
} from './support.ts';

beforeEach(() => {
  vi.useFakeTimers(FAKE_TIMERS);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('§4 upload transitions: the queue', () => {
  it('§4 starting picks the first Ready item; on completion it becomes Success and the next starts after 100 ms', async () => {
    const store = fakeStore();
    const { uploader, log } = uploaderOn(store);
    const a = memoryFile('a.mp4', 2 * MB + 10);
    const b = memoryFile('b.mp4', MB);
    uploader.addFile(a);
    uploader.addFile(b);
    expect(uploader.state).toBe('Init');
    expect(uploader.startUpload()).toEqual({ ok: true });
    expect(uploader.state).toBe('Start');
    expect(uploader.listFiles().map((item) => item.state)).toEqual(['Uploading', 'Ready']);

    await until(() => log.includes('succeed:a.mp4'), 'a succeeds');
    expect(uploader.listFiles().map((item) => item.state)).toEqual(['Success', 'Ready']);
    expect(store.objects.get('designers/7/a.mp4')).toEqual({ size: 2 * MB + 10, parts: 3 });

    await vi.advanceTimersByTimeAsync(99);
    expect(uploader.listFiles()[1]!.state).toBe('Ready');
    await vi.advanceTimersByTimeAsync(1);
    expect(uploader.listFiles()[1]!.state).toBe('Uploading');

    await until(() => log.includes('succeed:b.mp4'), 'b succeeds');
    await vi.advanceTimersByTimeAsync(100);
    expect(uploader.state).toBe('End');
    expect(log).toEqual(['started:a.mp4', 'succeed:a.mp4', 'started:b.mp4', 'succeed:b.mp4', 'end:b.mp4']);
  });

  it('§4 on error an item becomes Failure, the uploader is in Failure, and the next Ready item starts after 100 ms', async () => {
    const store = fakeStore();
    store.intercept((request) =>
      request.key.endsWith('a.mp4') && request.operation === 'uploadPart'
        ? { status: 403, code: 'AccessDenied' }
        : undefined,
    );
    const { uploader, log } = uploaderOn(store);
    uploader.addFile(memoryFile('a.mp4', MB));
    uploader.addFile(memoryFile('b.mp4', MB));
    uploader.startUpload();
    await until(() => log.includes('failed:a.mp4:AccessDenied'), 'a fails');
    expect(uploader.listFiles().map((item) => item.state)).toEqual(['Failure', 'Ready']);
    expect(uploader.state).toBe('Failure');

    await vi.advanceTimersByTimeAsync(99);
    expect(uploader.listFiles()[1]!.state).toBe('Ready');
    await vi.advanceTimersByTimeAsync(1);
    expect(uploader.state).toBe('Start');
    expect(uploader.listFiles()[1]!.state).toBe('Uploading');
    await until(() => log.includes('succeed:b.mp4'), 'b succeeds');
  });

  it('§4 the queue ends in End when no Ready item is left, after a failure too', async () => {
    const store = fakeStore();
    store.intercept((request) =>
      request.operation === 'initiate' ? { status: 400, code: 'InvalidArgument' } : undefined,
    );
    const { uploader, log } = uploaderOn(store);
    uploader.addFile(memoryFile('a.mp4', MB));
    uploader.startUpload();
    await until(() => log.includes('failed:a.mp4:InvalidArgument'));
    expect(uploader.state).toBe('Failure');
    await vi.advanceTimersByTimeAsync(100);
    expect(uploader.state).toBe('End');
    expect(log.at(-1)).toBe('end:a.mp4');

    // An empty queue ends at once.
    const { uploader: idle, log: idleLog } = uploaderOn(fakeStore());
    idle.startUpload();
    expect(idle.state).toBe('End');
    expect(idleLog).toEqual(['end:-']);
  });

  it('§4 stopping marks the current item Stoped (and its saved record), aborts its requests, and the uploader Stops', async () => {
    const store = fakeStore();
    let served = 0;
    store.intercept((request) => (request.operation === 'uploadPart' && ++served > 2 ? 'hang' : undefined));
    const storage = mapStorage();
    const { uploader, log } = uploaderOn(store, { storage });
    const file = memoryFile('a.mp4', 10 * MB);
    uploader.addFile(file);
    uploader.startUpload();
    await until(() => store.of('uploadPart').length === 7, 'five parts hang');
    const hanging = store.of('uploadPart').slice(2);

    expect(uploader.stopUpload()).toEqual({ ok: true });
    expect(uploader.state).toBe('Stop');
    expect(uploader.listFiles()[0]!.state).toBe('Stoped');
    expect(hanging.every((request) => request.signal?.aborted)).toBe(true);
    const record = JSON.parse(storage.values.get(resumeRecordKey(file))!) as { state: string };
    expect(record.state).toBe('Stoped');
    await settle();
    expect(log).toEqual(['started:a.mp4']);
  });

  it('§4 starting resets Failure and Stoped items to Ready and picks the first Ready item', async () => {
    const store = fakeStore();
    let breakA = true;
    store.intercept((request) => {
      if (request.key.endsWith('a.mp4') && breakA) return { status: 400, code: 'InvalidArgument' };
      if (request.key.endsWith('b.mp4') && request.operation === 'uploadPart') return 'hang';
      return undefined;
    });
    const { uploader, log } = uploaderOn(store);
    uploader.addFile(memoryFile('a.mp4', MB));
    uploader.addFile(memoryFile('b.mp4', MB));
    uploader.startUpload();
    await until(() => log.includes('failed:a.mp4:InvalidArgument'));
    await vi.advanceTimersByTimeAsync(100);
    await until(() => store.of('uploadPart').length === 1, 'b hangs');
    uploader.stopUpload();
    expect(uploader.listFiles().map((item) => item.state)).toEqual(['Failure', 'Stoped']);

    breakA = false;
    store.intercept(() => undefined);
    uploader.startUpload();
    expect(uploader.listFiles().map((item) => item.state)).toEqual(['Uploading', 'Ready']);
    await until(() => log.includes('succeed:a.mp4'));
    await vi.advanceTimersByTimeAsync(100);
    await until(() => log.includes('succeed:b.mp4'));
  });

  it('§4 cancel makes a non-successful item Canceled and calls the cancel callback; a Success cannot be canceled', async () => {
    const store = fakeStore();
    const { uploader, log } = uploaderOn(store);
    const a = uploader.addFile(memoryFile('a.mp4', MB));
    const b = uploader.addFile(memoryFile('b.mp4', MB));
    if (!a.ok || !b.ok) throw new Error('not added');
    expect(uploader.cancelFile(b.item.id)).toEqual({ ok: true });
    expect(b.item.state).toBe('Canceled');
    expect(log).toEqual(['canceled:b.mp4:Canceled']);

    uploader.startUpload();
    await until(() => log.includes('succeed:a.mp4'));
    await vi.advanceTimersByTimeAsync(100);
    // b was Canceled, so nothing was Ready: the queue ended.
    expect(uploader.state).toBe('End');
    expect(uploader.cancelFile(a.item.id)).toMatchObject({ ok: false, code: 'InvalidState' });
    expect(a.item.state).toBe('Success');
  });

  it('§4 a Canceled item can be resumed to Ready, and uploads on the next start', async () => {
    const store = fakeStore();
    const { uploader, log } = uploaderOn(store);
    const added = uploader.addFile(memoryFile('a.mp4', MB));
    if (!added.ok) throw new Error('not added');
    uploader.cancelFile(added.item.id);
    expect(uploader.resumeFile(added.item.id)).toEqual({ ok: true });
    expect(added.item.state).toBe('Ready');
    expect(uploader.resumeFile(added.item.id)).toMatchObject({ ok: false, code: 'InvalidState' });
    uploader.startUpload();
    await until(() => log.includes('succeed:a.mp4'));
  });

  it('§4 canceling the uploading item aborts its requests and the next starts after 100 ms', async () => {
    const store = fakeStore();
    store.intercept((request) =>
      request.key.endsWith('a.mp4') && request.operation === 'uploadPart' ? 'hang' : undefined,
    );
    const { uploader, log } = uploaderOn(store);
    const a = uploader.addFile(memoryFile('a.mp4', 3 * MB));
    uploader.addFile(memoryFile('b.mp4', MB));
    if (!a.ok) throw new Error('not added');
    uploader.startUpload();
    await until(() => store.of('uploadPart').length === 3);
    uploader.cancelFile(a.item.id);
    expect(a.item.state).toBe('Canceled');
    expect(store.of('uploadPart').every((request) => request.signal?.aborted)).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    await until(() => log.includes('succeed:b.mp4'));
    expect(log).toEqual(['started:a.mp4', 'canceled:a.mp4:Canceled', 'started:b.mp4', 'succeed:b.mp4']);
  });

  it('deleteFile removes an item by id, stopping it if it is uploading', async () => {
    const store = fakeStore();
    store.intercept((request) =>
      request.key.endsWith('a.mp4') && request.operation === 'uploadPart' ? 'hang' : undefined,
    );
    const { uploader, log } = uploaderOn(store);
    const a = uploader.addFile(memoryFile('a.mp4', MB));
    const b = uploader.addFile(memoryFile('b.mp4', MB));
    if (!a.ok || !b.ok) throw new Error('not added');
    uploader.startUpload();
    await until(() => store.of('uploadPart').length === 1);
    expect(uploader.deleteFile(a.item.id)).toEqual({ ok: true });
    expect(uploader.listFiles().map((item) => item.file.name)).toEqual(['b.mp4']);
    expect(uploader.deleteFile(a.item.id)).toMatchObject({ ok: false, code: 'NotFound' });
    await vi.advanceTimersByTimeAsync(100);
    await until(() => log.includes('succeed:b.mp4'));
  });

  it('§8 UploadAlearyStarted: startUpload while the queue runs is refused', async () => {
    const store = fakeStore();
    store.intercept((request) => (request.operation === 'uploadPart' ? 'hang' : undefined));
    const { uploader } = uploaderOn(store);
    uploader.addFile(memoryFile('a.mp4', MB));
    uploader.startUpload();
    expect(uploader.startUpload()).toEqual({
      ok: false,
      code: 'UploadAlearyStarted',
      message: expect.any(String),
    });
    uploader.stopUpload();
    expect(uploader.startUpload()).toEqual({ ok: true });
    uploader.stopUpload();
  });
});

describe('§4 token expiry: Expire, then back to Start with new credentials', () => {
  for (const code of ['SecurityTokenExpired', 'InvalidAccessKeyId', 'SignatureDoesNotMatch']) {
    it(`§8 ${code} sets Expire and calls onUploadTokenExpired; resumeUploadWithAuth continues from the same checkpoint`, async () => {
      const store = fakeStore();
      const accepted = new Map<number, number>();
      let served = 0;
      store.intercept((request): Interception => {
        if (request.operation !== 'uploadPart') return undefined;
        if (request.headers['x-oss-security-token'] === 'token' && ++served > 3) return { status: 403, code };
        accepted.set(request.partNumber!, (accepted.get(request.partNumber!) ?? 0) + 1);
        return undefined;
      });
      const { uploader, log } = uploaderOn(store, { parallel: 1 });
      const added = uploader.addFile(memoryFile('a.mp4', 8 * MB));
      if (!added.ok) throw new Error('not added');
      uploader.startUpload();
      await until(() => log.includes('expired:a.mp4'), 'expiry');
      expect(uploader.state).toBe('Expire');
      expect(added.item.state).toBe('Uploading');
      expect(added.item.checkpoint?.doneParts.map((part) => part.partNumber)).toEqual([1, 2, 3]);
      const uploadId = added.item.checkpoint?.uploadId;

      // Still Expire: bad credentials are refused and the wait goes on.
      expect(uploader.resumeUploadWithAuth('')).toMatchObject({
        ok: false,
        code: 'InvalidParameter.EmptyValue',
      });
      expect(uploader.state).toBe('Expire');

      expect(uploader.resumeUploadWithAuth(uploadAuth({ SecurityToken: 'token2' }))).toEqual({ ok: true });
      expect(uploader.state).toBe('Start');
      await until(() => log.includes('succeed:a.mp4'));
      expect(store.of('initiate')).toHaveLength(1);
      expect(store.of('complete')[0]?.uploadId).toBe(uploadId);
      // Every part landed exactly once: none lost, none sent again after landing.
      expect([...accepted.entries()].sort(([x], [y]) => x - y)).toEqual(
        Array.from({ length: 8 }, (_, i) => [i + 1, 1]),
      );
      expect(log).toEqual(['started:a.mp4', 'expired:a.mp4', 'succeed:a.mp4']);
    });
  }

  it('resumeUploadWithAuth outside Expire is refused', () => {
    const { uploader } = uploaderOn(fakeStore());
    expect(uploader.resumeUploadWithAuth(uploadAuth())).toMatchObject({ ok: false, code: 'InvalidState' });
  });

  it('§8 UploadAlearyStarted during Expire; stopping in Expire goes to Stop', async () => {
    const store = fakeStore();
    store.intercept((request) =>
      request.operation === 'uploadPart' ? { status: 403, code: 'SecurityTokenExpired' } : undefined,
    );
    const { uploader, log } = uploaderOn(store);
    uploader.addFile(memoryFile('a.mp4', MB));
    uploader.startUpload();
    await until(() => log.includes('expired:a.mp4'));
    expect(uploader.startUpload()).toMatchObject({ ok: false, code: 'UploadAlearyStarted' });
    uploader.stopUpload();
    expect(uploader.state).toBe('Stop');
    expect(uploader.listFiles()[0]!.state).toBe('Stoped');
  });
});

describe('§9 upload defaults', () => {
  it('§9 parts of 1 MB, 5 in flight at once', async () => {
    const store = fakeStore();
    const release: Array<() => void> = [];
    store.intercept((request) =>
      request.operation === 'uploadPart'
        ? new Promise<Interception>((resolve) => release.push(() => resolve(undefined)))
        : undefined,
    );
    const { uploader, log } = uploaderOn(store);
    uploader.addFile(memoryFile('a.mp4', 12 * MB + 1));
    uploader.startUpload();
    await until(() => release.length === 5, 'five parts in flight');
    await settle();
    expect(release).toHaveLength(5);
    while (!log.includes('succeed:a.mp4')) {
      release.shift()?.();
      await settle(5);
    }
    expect(store.maxInFlight()).toBe(5);
    expect(store.of('uploadPart')).toHaveLength(13);
    const sizes = [...store.objects.values()];
    expect(sizes).toEqual([{ size: 12 * MB + 1, parts: 13 }]);
  });

  it('§4 progress: onUploadProgress(item, totalSize, fraction) rises to 1', async () => {
    const store = fakeStore();
    const progress: Array<[number, number]> = [];
    const { uploader, log } = uploaderOn(store, {
      parallel: 1,
      onUploadProgress: (_item, total, loaded) => progress.push([total, loaded]),
    });
    uploader.addFile(memoryFile('a.mp4', 4 * MB));
    uploader.startUpload();
    await until(() => log.includes('succeed:a.mp4'));
    expect(progress).toEqual([
      [4 * MB, 0],
      [4 * MB, 0.25],
      [4 * MB, 0.5],
      [4 * MB, 0.75],
      [4 * MB, 1],
    ]);
  });
});
