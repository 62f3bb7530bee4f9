// @vitest-environment node
import { createHash, randomBytes } from 'node:crypto';
import {
  S3Client as AdminS3,
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
} from '@aws-sdk/client-s3';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cephInstalled,
  type Gateway,
  NO_CEPH,
  restartGateway,
  startRgw,
  stopGateway,
  stopRgw,
} from '../../../scripts/ceph-rgw.mjs';
import type { FetchLike, Timers } from '../../src/upload/environment.ts';
import {
  decodeUploadAuth,
  encodeBase64Json,
  memoryStorage,
  type ResumeRecord,
  resumeRecordKey,
  type UploadGrant,
  VodUploader,
} from '../../src/upload/index.ts';
import { S3Client } from '../../src/upload/s3-client.ts';
import { OssServiceError } from '../../src/upload/store-client.ts';
import { nodeFetch } from './support.ts';

/**
 * Issue 19: the browser's uploader (the same module, in Node) against a real Ceph RGW, with
 * credentials minted as the server mints them: STS AssumeRole narrowed to one key by a session
 * policy. 64 MB goes up in 5 MiB parts, is killed mid-way, resumes from its checkpoint and lands
 * whole.
 */

const installed = cephInstalled();
const MB = 1024 * 1024;
const SIZE = 64 * MB;
const PARTS = Math.ceil(SIZE / (5 * MB));
const BUCKET = 'designer-console';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

interface SentRequest {
  partNumber: number | undefined;
  initiate: boolean;
}

/** Node's fetch in the uploader's FetchLike shape, noting each request and the parts ListParts answered. */
function recordingFetch() {
  const sent: SentRequest[] = [];
  const listedParts = new Set<number>();
  const fetch: FetchLike = async (url, init) => {
    const query = new URL(url).searchParams;
    const partNumber = query.get('partNumber');
    sent.push({
      partNumber: partNumber === null ? undefined : Number(partNumber),
      initiate: query.has('uploads'),
    });
    const answer = await nodeFetch(url, init);
    const text = await answer.text();
    if (init.method === 'GET' && query.has('uploadId'))
      for (const part of text.matchAll(/<Part>([\s\S]*?)<\/Part>/g))
        listedParts.add(Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(part[1]!)?.[1]));
    return answer;
  };
  const partsSent = () =>
    sent.filter((request) => request.partNumber !== undefined).map((r) => r.partNumber!);
  return { fetch, sent, listedParts, partsSent };
}

describe.skipIf(!installed)(
  `issue 19: the uploader on a real Ceph RGW${installed ? '' : ` — ${NO_CEPH}`}`,
  () => {
    let gateway: Gateway;
    let admin: AdminS3;
    let sts: STSClient;

    beforeAll(async () => {
      gateway = await startRgw();
      const credentials = { accessKeyId: gateway.accessKeyId, secretAccessKey: gateway.secretAccessKey };
      admin = new AdminS3({
        endpoint: gateway.endpoint,
        region: gateway.region,
        forcePathStyle: true,
        credentials,
      });
      sts = new STSClient({ endpoint: gateway.endpoint, region: gateway.region, credentials });
      await admin.send(new CreateBucketCommand({ Bucket: BUCKET }));
    }, 120_000);

    afterAll(async () => {
      admin?.destroy();
      sts?.destroy();
      if (gateway) await stopRgw(gateway.dir);
    }, 60_000);

    /** What create-upload answers in S3 mode: credentials for exactly `key`, and its address. */
    async function grantFor(key: string): Promise<Required<Omit<UploadGrant, 'videoId'>>> {
      const policy = {
        Version: '2012-10-17',
        Statement: [
          {
            Effect: 'Allow',
            Action: ['s3:PutObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts'],
            Resource: [`arn:aws:s3:::${BUCKET}/${key}`],
          },
        ],
      };
      const { Credentials } = await sts.send(
        new AssumeRoleCommand({
          RoleArn: gateway.roleArn,
          RoleSessionName: 'designer-7',
          DurationSeconds: 900,
          Policy: JSON.stringify(policy),
        }),
      );
      return {
        uploadAuth: encodeBase64Json({
          AccessKeyId: Credentials!.AccessKeyId,
          AccessKeySecret: Credentials!.SecretAccessKey,
          SecurityToken: Credentials!.SessionToken,
          Expiration: Credentials!.Expiration!.toISOString(),
          Region: gateway.region,
        }),
        uploadAddress: encodeBase64Json({
          Endpoint: gateway.endpoint,
          Bucket: BUCKET,
          FileName: key,
          PathStyle: true,
          Protocol: 's3',
          Region: gateway.region,
        }),
      };
    }

    it('uploads 64 MB in 5 MiB parts, killed mid-way and resumed from its checkpoint: the object is the file, no listed part sent twice', async () => {
      const bytes = new Uint8Array(randomBytes(SIZE));
      const file = () =>
        new File([bytes], 'runway.mp4', { type: 'video/mp4', lastModified: 1_700_000_000_000 });
      const key = `designers/7/videos/${randomBytes(16).toString('hex')}.mp4`;
      const storage = memoryStorage();

      // First page: killed once four parts are on the store (more are in flight then).
      const first = recordingFetch();
      let fourDone!: () => void;
      let firstEnded!: (reason: Error) => void;
      const killPoint = new Promise<void>((resolve, reject) => {
        fourDone = resolve;
        firstEnded = reject;
      });
      const page1 = new VodUploader({
        fetch: first.fetch,
        storage,
        pageEvents: undefined,
        getUploadAuth: () => grantFor(key),
        onUploadProgress: (item) => {
          if ((item.checkpoint?.doneParts.length ?? 0) >= 4) fourDone();
        },
        onUploadSucceed: () => firstEnded(new Error('finished before it could be killed')),
        onUploadFailed: (_item, code, message) => firstEnded(new Error(`failed: ${code} ${message}`)),
      });
      const startedAt = performance.now();
      page1.addFile(file());
      page1.startUpload();
      await killPoint;
      page1.dispose();
      const firstMs = performance.now() - startedAt;

      const record = JSON.parse(storage.getItem(resumeRecordKey(file()))!) as ResumeRecord;
      expect(record.state).toBe('Stoped');
      expect(record.checkpoint.partSize).toBe(5 * MB);
      expect(record.checkpoint.doneParts.length).toBeGreaterThanOrEqual(4);
      expect(record.checkpoint.doneParts.length).toBeLessThan(PARTS);

      // Second page: the same file picked again resumes from the record.
      const second = recordingFetch();
      const outcome = new Promise<string>((resolve) => {
        const page2 = new VodUploader({
          fetch: second.fetch,
          storage,
          pageEvents: undefined,
          getUploadAuth: () => grantFor(key),
          onUploadSucceed: () => resolve('succeeded'),
          onUploadFailed: (_item, code, message) => resolve(`failed: ${code} ${message}`),
        });
        page2.addFile(file());
        page2.startUpload();
      });
      const resumedAt = performance.now();
      expect(await outcome).toBe('succeeded');
      const secondMs = performance.now() - resumedAt;

      // The store's parts were listed and kept; only the others went up again.
      expect(second.sent.some((request) => request.initiate)).toBe(false);
      for (const part of record.checkpoint.doneParts)
        expect(second.listedParts.has(part.partNumber)).toBe(true);
      const resent = second.partsSent();
      expect(resent.filter((n) => second.listedParts.has(n))).toEqual([]);
      expect(new Set([...second.listedParts, ...resent])).toEqual(
        new Set(Array.from({ length: PARTS }, (_, i) => i + 1)),
      );
      expect(resent.length).toBeLessThan(PARTS);

      const head = await admin.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
      expect(head.ContentLength).toBe(SIZE);
      expect(head.ContentType).toBe('video/mp4');
      expect(head.ETag).toMatch(new RegExp(`-${PARTS}"$`));
      const object = await admin.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      expect(sha256(await object.Body!.transformToByteArray())).toBe(sha256(bytes));

      console.info(
        `64 MB on Ceph RGW: first page ${Math.round(firstMs)} ms (${first.partsSent().length} parts sent, ` +
          `${record.checkpoint.doneParts.length} kept), resumed ${Math.round(secondMs)} ms ` +
          `(${second.listedParts.size} listed, ${resent.length} sent)`,
      );
    }, 240_000);

    it('fault: the gateway killed mid-upload and back seconds later — the uploader retries (spec §8) and the object lands whole', async () => {
      const size = 24 * MB;
      const bytes = new Uint8Array(randomBytes(size));
      const key = `designers/7/videos/${randomBytes(16).toString('hex')}.mp4`;
      const requests = recordingFetch();
      let outage: Promise<void> | undefined;
      let failures = 0;
      const outcome = new Promise<string>((resolve) => {
        const uploader = new VodUploader({
          fetch: async (url, init) => {
            try {
              return await requests.fetch(url, init);
            } catch (error) {
              failures += 1;
              throw error;
            }
          },
          storage: memoryStorage(),
          pageEvents: undefined,
          // Three more tries, 3 s apart: an outage of a few seconds is ridden out.
          retryDuration: 3,
          getUploadAuth: () => grantFor(key),
          onUploadProgress: (item) => {
            if (!outage && (item.checkpoint?.doneParts.length ?? 0) >= 1)
              outage = (async () => {
                await stopGateway(gateway.dir);
                await new Promise((resolve) => setTimeout(resolve, 2000));
                await restartGateway(gateway.dir);
              })();
          },
          onUploadSucceed: () => resolve('succeeded'),
          onUploadFailed: (_item, code, message) => resolve(`failed: ${code} ${message}`),
        });
        uploader.addFile(new File([bytes], 'runway.mp4', { type: 'video/mp4' }));
        uploader.startUpload();
      });
      expect(await outcome).toBe('succeeded');
      await outage;
      expect(failures).toBeGreaterThan(0); // the outage was met, not missed
      const object = await admin.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      expect(sha256(await object.Body!.transformToByteArray())).toBe(sha256(bytes));
    }, 120_000);

    it('the credentials of one key cannot write another: AccessDenied, 403; their own key they can start and abort', async () => {
      const key = `designers/7/videos/${randomBytes(16).toString('hex')}.mp4`;
      const auth = decodeUploadAuth((await grantFor(key)).uploadAuth);
      if (!auth.ok) throw new Error(auth.code);
      const client = new S3Client({
        fetch: recordingFetch().fetch,
        timers: realTimers,
        now: () => Date.now(),
        timeoutMs: 30_000,
        region: gateway.region,
        expiresAt: Date.parse(auth.value.Expiration),
        credentials: {
          accessKeyId: auth.value.AccessKeyId,
          secretAccessKey: auth.value.AccessKeySecret,
          sessionToken: auth.value.SecurityToken,
        },
        location: { endpoint: gateway.endpoint, bucket: BUCKET, pathStyle: true },
      });
      const signal = new AbortController().signal;

      const denied = await client
        .initiateMultipartUpload('designers/8/videos/not-mine.mp4', 'video/mp4', signal)
        .catch((error: unknown) => error);
      expect(denied).toBeInstanceOf(OssServiceError);
      expect(denied).toMatchObject({ status: 403, code: 'AccessDenied' });

      const uploadId = await client.initiateMultipartUpload(key, 'video/mp4', signal);
      expect(await client.listParts(key, uploadId, signal)).toEqual([]);
      await client.abortMultipartUpload(key, uploadId, signal);
      // RGW says NoSuchKey here; the client says what AWS says, so that a resume starts over.
      await expect(client.listParts(key, uploadId, signal)).rejects.toMatchObject({
        status: 404,
        code: 'NoSuchUpload',
      });
    }, 60_000);
  },
);
