/**
 * The upload bench's S3 half (issue 19 point 8): the same VodUploader against a real single-node
 * Ceph RGW, with the credentials the server's S3 backend grants (STS AssumeRole for one key, 5 MiB
 * parts), against one streamed PutObject of the same file to the same bucket.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { cephInstalled, gatewayEnv, startRgw, stopRgw } from '../../scripts/ceph-rgw.mjs';
import { loadConfig } from '../../server/src/config.ts';
import { objectStoreFor } from '../../server/src/storage/index.ts';
import { adminS3Client } from '../../server/test/support/rgw.ts';
import { uploadWithVod } from './vod-upload.ts';

export interface RgwRates {
  uploader: number[];
  put: number[];
  startedInMs: number;
}

/** MB/s of each run, alternating uploader and PUT; undefined when Ceph is not installed. */
export async function rgwUploadRates(
  file: string,
  megabytes: number,
  runs: number,
): Promise<RgwRates | undefined> {
  if (!cephInstalled()) return undefined;
  const gateway = await startRgw();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-bench-s3-'));
  const bucket = 'bench-upload';
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_DIST: 'none',
    LOG_LEVEL: 'silent',
    ...gatewayEnv(gateway, bucket),
  });
  const store = objectStoreFor(config);
  const admin = adminS3Client(gateway);
  try {
    await store.prepare();
    const size = (await fs.stat(file)).size;
    const rates: RgwRates = { uploader: [], put: [], startedInMs: gateway.startedInMs };
    for (let run = 0; run < runs; run++) {
      for (const kind of ['uploader', 'put'] as const) {
        const key = `designers/1/bench/${kind}-${run}.mp4`;
        const startedAt = performance.now();
        if (kind === 'uploader') {
          const grant = await store.uploadGrant(1, key, size, { protocol: 'http', host: '127.0.0.1' });
          await uploadWithVod(file, grant);
        } else {
          await admin.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: key,
              Body: createReadStream(file),
              ContentLength: size,
            }),
          );
        }
        rates[kind].push(megabytes / ((performance.now() - startedAt) / 1000));
        // memstore keeps objects in memory: each run's object goes before the next.
        await admin.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      }
    }
    return rates;
  } finally {
    admin.destroy();
    store.close();
    await stopRgw(gateway.dir);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
