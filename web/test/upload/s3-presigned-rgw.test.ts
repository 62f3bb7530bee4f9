// @vitest-environment node
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { S3Client as AdminS3, GetObjectCommand } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cephInstalled,
  type GatewayWithoutRole,
  gatewayEnv,
  NO_CEPH,
  startRgw,
  stopRgw,
} from '../../../scripts/ceph-rgw.mjs';
import { buildApp } from '../../../server/src/app.ts';
import { loadConfig } from '../../../server/src/config.ts';
import { openDatabase } from '../../../server/src/db/client.ts';
import { designers } from '../../../server/src/db/schema/index.ts';
import { hashPassword } from '../../../server/src/modules/auth/passwords.ts';
import { CredentialAuthority } from '../../../server/src/oss/credentials.ts';
import { loadOssSecret } from '../../../server/src/oss/secret.ts';
import { objectStoreFor } from '../../../server/src/storage/index.ts';
import { mp4Bytes } from '../../../server/test/support/media-bytes.ts';
import { encodeBase64Json } from '../../src/upload/auth.ts';
import type { FetchLike } from '../../src/upload/environment.ts';
import {
  memoryStorage,
  type ResumeRecord,
  resumeRecordKey,
  type UploadGrant,
  VodUploader,
} from '../../src/upload/index.ts';
import { nodeFetch } from './support.ts';

/**
 * Issue 19, S3 without STS: the browser's uploader (the same module, in Node) against the real
 * server in presigned mode (S3_STS_ROLE_ARN unset) and a Ceph RGW that has no role. A 16 MiB
 * video goes up in 5 MiB parts to URLs the API presigns, the page is killed after the first part,
 * and a second page resumes from the checkpoint: the parts the store holds are listed through the
 * API, only the others are sent, and the object is the file. A grant the API finds expired sends
 * the uploader to refresh-upload (spec §4's Expire), as an expired STS session does.
 */

const installed = cephInstalled();
const MiB = 1024 * 1024;
const SIZE = 16 * MiB + 4321;
const API = '/designerapi/v1';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Node's fetch as the uploader's FetchLike, noting the store's PUTs and the API's calls. */
function recordingFetch(storeEndpoint: string) {
  const partsSent: number[] = [];
  const apiCalls: string[] = [];
  const fetch: FetchLike = async (url, init) => {
    if (url.startsWith(storeEndpoint)) partsSent.push(Number(new URL(url).searchParams.get('partNumber')));
    else apiCalls.push(new URL(url).pathname.split('/').pop()!);
    return nodeFetch(url, init);
  };
  return { fetch, partsSent, apiCalls };
}

describe.skipIf(!installed)(
  `issue 19: the uploader through presigned part URLs (server + Ceph RGW without STS)${installed ? '' : ` — ${NO_CEPH}`}`,
  () => {
    let gateway: GatewayWithoutRole;
    let app: FastifyInstance;
    let closeDatabase: () => Promise<void>;
    let dataDir: string;
    let base: string;
    let token = '';
    let designerId = 0;
    const bucket = `web-presigned-${randomBytes(4).toString('hex')}`;

    beforeAll(async () => {
      gateway = await startRgw({ role: false });
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-web-presigned-'));
      const config = loadConfig({
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        WEB_DIST: 'none',
        LOG_LEVEL: 'silent',
        SEED: 'none',
        ...gatewayEnv(gateway, bucket),
      });
      expect(config.objectStore).toMatchObject({ kind: 's3', stsRoleArn: undefined });
      await objectStoreFor(config).prepare();
      const database = await openDatabase(config);
      await database.migrate();
      closeDatabase = () => database.close();
      const [uploader] = await database.db
        .insert(designers)
        .values({
          account: 'uploader',
          passwordHash: await hashPassword('secret123'),
          nickname: 'uploader',
          status: 'active',
          newlyRegister: false,
        })
        .returning({ id: designers.id });
      designerId = uploader!.id;
      app = await buildApp({ config, database, logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const login = await apiCall<{ token: string }>('POST', '/login', {
        account: 'uploader',
        password: 'secret123',
      });
      token = login.data.token;
    }, 180_000);

    afterAll(async () => {
      await app?.close();
      await closeDatabase?.();
      if (gateway) await stopRgw(gateway.dir);
      if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    }, 60_000);

    async function apiCall<T>(method: string, apiPath: string, body?: object) {
      const res = await fetch(`${base}${API}${apiPath}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authtoken: token } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return (await res.json()) as { code: number; msg: string; data: T };
    }

    /** What the publish page asks for: create-upload the first time, refresh-upload for a known video. */
    async function grant(item: {
      file: { name: string; size: number };
      videoId?: string;
    }): Promise<UploadGrant> {
      const answer = item.videoId
        ? await apiCall<UploadGrant>('POST', '/vod/refresh-upload', { videoId: item.videoId })
        : await apiCall<UploadGrant>('POST', '/vod/create-upload', {
            kind: 'video',
            title: 'Presigned runway',
            fileName: item.file.name,
            fileSize: item.file.size,
            mimeType: 'video/mp4',
            description: '',
            cateId: 1,
            tags: [],
          });
      if (answer.code !== 200) throw new Error(`${answer.code}: ${answer.msg}`);
      return answer.data;
    }

    it('uploads 16 MiB in 5 MiB presigned parts, killed after the first and resumed: the object is the file, no stored part sent twice', async () => {
      const bytes = new Uint8Array(mp4Bytes(SIZE));
      const file = () =>
        new File([bytes], 'runway.mp4', { type: 'video/mp4', lastModified: 1_700_000_000_000 });
      const storage = memoryStorage();

      const first = recordingFetch(gateway.endpoint);
      let oneDone!: () => void;
      let firstEnded!: (reason: Error) => void;
      const killPoint = new Promise<void>((resolve, reject) => {
        oneDone = resolve;
        firstEnded = reject;
      });
      const page1 = new VodUploader({
        fetch: first.fetch,
        storage,
        pageEvents: undefined,
        parallel: 1,
        getUploadAuth: (item) => grant(item),
        onUploadProgress: (item) => {
          if ((item.checkpoint?.doneParts.length ?? 0) >= 1) oneDone();
        },
        onUploadSucceed: () => firstEnded(new Error('finished before it could be killed')),
        onUploadFailed: (_item, code, message) => firstEnded(new Error(`failed: ${code} ${message}`)),
      });
      page1.addFile(file());
      page1.startUpload();
      await killPoint;
      page1.dispose();

      const record = JSON.parse(storage.getItem(resumeRecordKey(file()))!) as ResumeRecord;
      expect(record.state).toBe('Stoped');
      expect(record.checkpoint.partSize).toBe(5 * MiB);
      expect(record.checkpoint.doneParts.length).toBeGreaterThanOrEqual(1);
      expect(record.checkpoint.doneParts.length).toBeLessThan(4);
      expect(first.apiCalls[0]).toBe('initiate');

      const second = recordingFetch(gateway.endpoint);
      let videoId: string | undefined;
      const outcome = new Promise<string>((resolve) => {
        const page2 = new VodUploader({
          fetch: second.fetch,
          storage,
          pageEvents: undefined,
          getUploadAuth: (item) => grant(item),
          onUploadSucceed: (item) => {
            videoId = item.videoId;
            resolve('succeeded');
          },
          onUploadFailed: (_item, code, message) => resolve(`failed: ${code} ${message}`),
        });
        page2.addFile(file());
        page2.startUpload();
      });
      expect(await outcome).toBe('succeeded');

      // Resumed through the API's listing, not started over; the stored parts were not sent again.
      expect(second.apiCalls).not.toContain('initiate');
      expect(second.apiCalls[0]).toBe('list');
      expect(second.apiCalls.at(-1)).toBe('complete');
      const kept = record.checkpoint.doneParts.map((part) => part.partNumber);
      expect(second.partsSent.filter((n) => kept.includes(n))).toEqual([]);
      expect(new Set([...kept, ...second.partsSent])).toEqual(new Set([1, 2, 3, 4]));

      expect(videoId).toBe(record.videoId);
      const finished = await apiCall<{ status: string }>('POST', `/videos/${videoId}/upload-finished`, {
        durationSeconds: 5,
      });
      expect(finished.code, finished.msg).toBe(200);
      const admin = new AdminS3({
        endpoint: gateway.endpoint,
        region: gateway.region,
        forcePathStyle: true,
        credentials: { accessKeyId: gateway.accessKeyId, secretAccessKey: gateway.secretAccessKey },
      });
      try {
        const object = await admin.send(new GetObjectCommand({ Bucket: bucket, Key: record.object }));
        expect(object.ContentLength).toBe(SIZE);
        expect(sha256(await object.Body!.transformToByteArray())).toBe(sha256(bytes));
      } finally {
        admin.destroy();
      }
    }, 180_000);

    it('the grant is expired at the API while the page thinks it valid (a skewed clock): SecurityTokenExpired sends the uploader to refresh-upload, and it finishes', async () => {
      const bytes = new Uint8Array(mp4Bytes(6 * MiB));
      const secret = await loadOssSecret({ dataDir, ossSecret: undefined });
      // Signed an hour ago for 60 s: the server refuses it; its Expiration field says tomorrow.
      const expiredAuthority = new CredentialAuthority(secret, bucket, () => Date.now() - 3_600_000);
      const purposes: string[] = [];
      const { fetch, apiCalls } = recordingFetch(gateway.endpoint);
      const outcome = new Promise<string>((resolve) => {
        const uploader = new VodUploader({
          fetch,
          storage: memoryStorage(),
          pageEvents: undefined,
          getUploadAuth: async (item, purpose) => {
            purposes.push(purpose);
            const answer = await grant(item);
            if (purpose !== 'create') return answer;
            const key = (JSON.parse(atob(answer.uploadAddress ?? '')) as { FileName: string }).FileName;
            const stale = expiredAuthority.issueUploadCredentials({
              designerId,
              objectKey: key,
              maxBytes: item.file.size,
              ttlSeconds: 60,
            });
            const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
            return { ...answer, uploadAuth: encodeBase64Json({ ...stale, Expiration: tomorrow }) };
          },
          onUploadSucceed: () => resolve('succeeded'),
          onUploadFailed: (_item, code, message) => resolve(`failed: ${code} ${message}`),
        });
        uploader.addFile(new File([bytes], 'skewed.mp4', { type: 'video/mp4' }));
        uploader.startUpload();
      });
      expect(await outcome).toBe('succeeded');
      expect(purposes).toEqual(['create', 'refresh']);
      expect(apiCalls.filter((call) => call === 'initiate')).toHaveLength(2);
    }, 120_000);
  },
);
