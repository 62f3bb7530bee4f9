import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../support/test-app.ts';
import { ossRequest, startTestStore, type TestStore, xmlText } from './support/store.ts';

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
});
afterAll(() => t?.close());

const MB = 1024 * 1024;

/** 64 MB produced on demand from one reused 64 KB block, hashed as it goes: the client holds no copy. */
function generatedBody(totalBytes: number) {
  const block = randomBytes(64 * 1024);
  const hash = createHash('md5');
  let sent = 0;
  const peak = process.memoryUsage();
  const stream = new Readable({
    read() {
      const now = process.memoryUsage();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
      if (sent >= totalBytes) {
        this.push(null);
        return;
      }
      sent += block.length;
      hash.update(block);
      this.push(block);
    },
  });
  return { stream, md5: () => hash.digest('hex').toUpperCase(), peak };
}

describe.runIf(testDatabaseKind() === 'pglite')('bodies are streamed to disk, never held in memory', () => {
  it('a 64 MB part: the process grows far less than 64 MB, and the ETag is the MD5 of all of it', async () => {
    const credentials = t.credentialsFor(7);
    const key = 'designers/7/big.mp4';
    const init = await ossRequest(t.endpoint, {
      method: 'POST',
      key,
      subres: { uploads: null },
      credentials,
    });
    const uploadId = xmlText(init, 'UploadId')!;

    const sendPart = (partNumber: number, size: number, body: ReturnType<typeof generatedBody>) =>
      ossRequest(t.endpoint, {
        method: 'PUT',
        key,
        subres: { partNumber, uploadId },
        headers: { 'Content-Length': String(size) },
        body: body.stream,
        credentials,
      });
    // A first, smaller part warms up the socket and stream machinery, which grow once.
    expect((await sendPart(1, 8 * MB, generatedBody(8 * MB))).status).toBe(200);

    const baseline = process.memoryUsage();
    const body = generatedBody(64 * MB);
    const answer = await sendPart(2, 64 * MB, body);
    expect(answer.status).toBe(200);
    expect(answer.headers.etag).toBe(`"${body.md5()}"`);
    // Buffers live outside the JS heap: a part held in memory would add 64 MB of them. Loose on
    // purpose, since the GC collects chunks when it likes. RSS is only a backstop: on a loaded
    // machine the allocator keeps freed pages a while, so it gets the whole 64 MB as its bound.
    const grown = (field: 'rss' | 'arrayBuffers') => body.peak[field] - baseline[field];
    expect(grown('arrayBuffers'), 'Buffer memory grew by').toBeLessThan(32 * MB);
    expect(grown('rss'), 'RSS grew by').toBeLessThan(64 * MB);
  });
});
