/**
 * `npm run bench -- upload [--mb=N] [--runs=N]`: the VOD uploader's throughput against one
 * streamed PUT of the same file to the same store (issue 5 "Done when").
 *
 * The embedded object store listens in this process on a free port over a scratch DATA_DIR. A
 * file of N MB (default 200) of random bytes is uploaded (a) by the web's VodUploader in Node
 * (1 MB parts, 5 in parallel, signed with temporary credentials, resume records kept) and (b) by
 * one PutObject whose body is streamed from disk with the same credentials. Runs alternate; each
 * reports MB/s, and the ratio is uploader ÷ PUT of the medians. When Ceph is installed the same
 * pair runs against a single-node RGW (support/upload-rgw.ts), in the same run.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config.ts';
import { designerPrefix, type ObjectStoreHandle, startObjectStore } from '../server/src/oss/index.ts';
import { ossRequest } from '../server/test/oss/support/store.ts';
import { grantFor, MB, randomFile } from '../server/test/upload/support/uploads.ts';
import { rgwUploadRates } from './support/upload-rgw.ts';
import { uploadWithVod } from './support/vod-upload.ts';

const option = (options: string[], name: string, fallback: number): number => {
  const found = options.find((o) => o.startsWith(`--${name}=`));
  const value = found ? Number(found.slice(name.length + 3)) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
};

const DESIGNER = 1;

async function uploadWithUploader(store: ObjectStoreHandle, file: string, key: string): Promise<void> {
  const credentials = store.authority.issueUploadCredentials({
    designerId: DESIGNER,
    objectKey: key,
    maxBytes: (await fs.stat(file)).size,
    ttlSeconds: 3600,
  });
  const grant = grantFor(credentials, `http://localhost:${store.port}`, key);
  await uploadWithVod(file, grant);
}

async function uploadWithPut(
  store: ObjectStoreHandle,
  file: string,
  key: string,
  size: number,
): Promise<void> {
  const credentials = store.authority.issueUploadCredentials({
    designerId: DESIGNER,
    objectKey: key,
    maxBytes: size,
    ttlSeconds: 3600,
  });
  const answer = await ossRequest(`http://localhost:${store.port}`, {
    method: 'PUT',
    key,
    body: createReadStream(file),
    headers: { 'Content-Length': String(size), 'Content-Type': 'video/mp4' },
    credentials,
  });
  if (answer.status !== 200) throw new Error(`PutObject: ${answer.status} ${answer.code}`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export default async function uploadBench(options: string[]): Promise<void> {
  const megabytes = option(options, 'mb', 200);
  const runs = option(options, 'runs', 3);
  const size = megabytes * MB;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-bench-upload-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: 'none',
    LOG_LEVEL: 'silent',
  });
  const store = await startObjectStore(config);
  try {
    const file = path.join(dataDir, 'source.mp4');
    await randomFile(file, size);
    const rates = { uploader: [] as number[], put: [] as number[] };
    for (let run = 0; run < runs; run++) {
      for (const kind of ['uploader', 'put'] as const) {
        const key = `${designerPrefix(DESIGNER)}bench/${kind}-${run}.mp4`;
        const startedAt = performance.now();
        if (kind === 'uploader') await uploadWithUploader(store, file, key);
        else await uploadWithPut(store, file, key, size);
        const seconds = (performance.now() - startedAt) / 1000;
        rates[kind].push(megabytes / seconds);
        await fs.rm(path.join(dataDir, 'objects', config.ossBucket), { recursive: true, force: true });
      }
    }
    const uploader = median(rates.uploader);
    const put = median(rates.put);
    const format = (values: number[]) => values.map((v) => v.toFixed(1)).join(', ');
    const rgw = await rgwUploadRates(file, megabytes, runs);
    const rgwLines = rgw
      ? [
          `Ceph RGW (single node, memstore; started in ${rgw.startedInMs} ms), same file:`,
          '',
          '| method | MB/s (median) | runs |',
          '|---|---:|---|',
          `| VodUploader (5 MiB parts × 5 parallel, STS credentials) | ${median(rgw.uploader).toFixed(1)} | ${format(rgw.uploader)} |`,
          `| one streamed PutObject | ${median(rgw.put).toFixed(1)} | ${format(rgw.put)} |`,
          '',
          `ratio uploader / PUT on RGW: ${(median(rgw.uploader) / median(rgw.put)).toFixed(2)}`,
          '',
        ]
      : ['Ceph RGW: not installed here, the S3 half was skipped.', ''];
    process.stdout.write(
      [
        `file ${megabytes} MB, ${runs} run(s) each, store in-process on 127.0.0.1:${store.port}`,
        '',
        '| method | MB/s (median) | runs |',
        '|---|---:|---|',
        `| VodUploader (1 MB parts × 5 parallel) | ${uploader.toFixed(1)} | ${format(rates.uploader)} |`,
        `| one streamed PutObject | ${put.toFixed(1)} | ${format(rates.put)} |`,
        '',
        `ratio uploader / PUT: ${(uploader / put).toFixed(2)}`,
        '',
        ...rgwLines,
      ].join('\n'),
    );
  } finally {
    await store.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
