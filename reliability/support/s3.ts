/**
 * The S3 side of the scenarios (issue 19): a real single-node Ceph RGW started for the run
 * (scripts/ceph-rgw.mjs), the server's S3_* settings for it, and a client that uploads with the
 * grant create-upload / refresh-upload answers in S3 mode — STS credentials narrowed to one key —
 * as the browser's uploader does (SigV4 through the AWS SDK here).
 */
import net from 'node:net';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { cephInstalled, type Gateway, gatewayEnv, startRgw, stopRgw } from '../../scripts/ceph-rgw.mjs';
import { adminS3Client } from '../../server/test/support/rgw.ts';
import { ok } from './api.ts';
import { onCleanup } from './cleanup.ts';

export { cephInstalled, type Gateway };

/** The AWS SDK's defaults that Ceph refuses: CRC32 checksums on every write. */
const CEPH_FRIENDLY = {
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
  maxAttempts: 1,
} as const;

export interface RunningGateway extends Gateway {
  bucket: string;
  /** The S3_* settings of a server on this gateway's bucket. */
  env: Record<string, string>;
  /** A client with the gateway's own (admin) key: to look into the bucket. */
  admin: S3Client;
  stop(): Promise<void>;
}

/** Starts a gateway (stopped by the run's clean-up whatever happens) for `bucket`. */
export async function startGateway(bucket: string): Promise<RunningGateway> {
  const gateway = await startRgw();
  const admin = adminS3Client(gateway);
  const stop = onCleanup(`stop the Ceph RGW in ${gateway.dir}`, async () => {
    admin.destroy();
    await stopRgw(gateway.dir);
  });
  return {
    ...gateway,
    bucket,
    admin,
    stop,
    env: gatewayEnv(gateway, bucket),
  };
}

/** The object's size in the bucket, or undefined when it is not there (HeadObject, admin key). */
export async function bucketObjectSize(gateway: RunningGateway, key: string): Promise<number | undefined> {
  try {
    const head = await gateway.admin.send(new HeadObjectCommand({ Bucket: gateway.bucket, Key: key }));
    return head.ContentLength ?? 0;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
      return undefined;
    throw error;
  }
}

/** How many objects the bucket holds under `prefix`. */
export async function bucketCount(gateway: RunningGateway, prefix: string): Promise<number> {
  let count = 0;
  let token: string | undefined;
  do {
    const page = await gateway.admin.send(
      new ListObjectsV2Command({ Bucket: gateway.bucket, Prefix: prefix, ContinuationToken: token }),
    );
    count += page.KeyCount ?? 0;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return count;
}

/** What create-upload and refresh-upload answer in S3 mode, decoded. */
export interface S3Grant {
  id: string;
  endpoint: string;
  bucket: string;
  key: string;
  region: string;
  pathStyle: boolean;
  client: S3Client;
}

interface GrantAnswer {
  videoId?: string;
  imageId?: string;
  uploadAddress: string;
  uploadAuth: string;
}

const decode = <T>(base64: string) => JSON.parse(Buffer.from(base64, 'base64').toString('utf8')) as T;

function s3GrantOf(answer: GrantAnswer, id: string): S3Grant {
  const address = decode<{
    Endpoint: string;
    Bucket: string;
    FileName: string;
    PathStyle: boolean;
    Protocol: string;
    Region: string;
  }>(answer.uploadAddress);
  if (address.Protocol !== 's3') throw new Error(`the grant is for ${address.Protocol}, not s3`);
  const auth = decode<{
    AccessKeyId: string;
    AccessKeySecret: string;
    SecurityToken: string;
    Region: string;
  }>(answer.uploadAuth);
  return {
    id,
    endpoint: address.Endpoint,
    bucket: address.Bucket,
    key: address.FileName,
    region: address.Region,
    pathStyle: address.PathStyle,
    client: new S3Client({
      endpoint: address.Endpoint,
      region: auth.Region,
      forcePathStyle: address.PathStyle,
      credentials: {
        accessKeyId: auth.AccessKeyId,
        secretAccessKey: auth.AccessKeySecret,
        sessionToken: auth.SecurityToken,
      },
      ...CEPH_FRIENDLY,
    }),
  };
}

export async function createVideoUploadS3(origin: string, token: string, title: string, fileSize: number) {
  const answer = await ok<GrantAnswer>(origin, 'POST', '/vod/create-upload', {
    token,
    json: { kind: 'video', title, fileName: `${title}.mp4`, fileSize, mimeType: 'video/mp4' },
  });
  return s3GrantOf(answer, answer.videoId!);
}

export async function refreshVideoUploadS3(origin: string, token: string, videoId: string) {
  return s3GrantOf(
    await ok<GrantAnswer>(origin, 'POST', '/vod/refresh-upload', { token, json: { videoId } }),
    videoId,
  );
}

export async function createImageUploadS3(origin: string, token: string, fileName: string, fileSize: number) {
  const answer = await ok<GrantAnswer>(origin, 'POST', '/vod/create-upload', {
    token,
    json: { kind: 'image', fileName, fileSize, mimeType: 'image/png' },
  });
  return s3GrantOf(answer, answer.imageId!);
}

/** A refusal as one line: the HTTP status and the store's code. */
const refusal = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number }; message?: string };
  return `${e.$metadata?.httpStatusCode ?? 'no answer'} ${e.name ?? e.message ?? String(error)}`;
};

export async function initiateS3(grant: S3Grant): Promise<string> {
  const answer = await grant.client.send(
    new CreateMultipartUploadCommand({ Bucket: grant.bucket, Key: grant.key, ContentType: 'video/mp4' }),
  );
  return answer.UploadId!;
}

/** UploadPart; answers undefined when it was stored, else the refusal. */
export async function uploadPartS3(
  grant: S3Grant,
  uploadId: string,
  partNumber: number,
  body: Buffer,
): Promise<string | undefined> {
  try {
    await grant.client.send(
      new UploadPartCommand({
        Bucket: grant.bucket,
        Key: grant.key,
        UploadId: uploadId,
        PartNumber: partNumber,
        Body: body,
        ContentLength: body.length,
      }),
    );
    return undefined;
  } catch (error) {
    return refusal(error);
  }
}

export interface S3Part {
  partNumber: number;
  etag: string;
  size: number;
}

export async function listPartsS3(grant: S3Grant, uploadId: string): Promise<S3Part[]> {
  const parts: S3Part[] = [];
  let marker: string | undefined;
  for (;;) {
    const page = await grant.client.send(
      new ListPartsCommand({
        Bucket: grant.bucket,
        Key: grant.key,
        UploadId: uploadId,
        PartNumberMarker: marker,
      }),
    );
    for (const part of page.Parts ?? [])
      parts.push({
        partNumber: part.PartNumber!,
        etag: (part.ETag ?? '').replaceAll('"', ''),
        size: part.Size ?? 0,
      });
    if (!page.IsTruncated) return parts;
    marker = page.NextPartNumberMarker;
  }
}

/** CompleteMultipartUpload; answers undefined when the object is whole, else the refusal. */
export async function completeS3(
  grant: S3Grant,
  uploadId: string,
  parts: S3Part[],
): Promise<string | undefined> {
  try {
    await grant.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: grant.bucket,
        Key: grant.key,
        UploadId: uploadId,
        MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: `"${p.etag}"` })) },
      }),
    );
    return undefined;
  } catch (error) {
    return refusal(error);
  }
}

/** PutObject (a cover image); answers undefined when it was stored, else the refusal. */
export async function putObjectS3(
  grant: S3Grant,
  body: Buffer,
  contentType: string,
): Promise<string | undefined> {
  try {
    await grant.client.send(
      new PutObjectCommand({ Bucket: grant.bucket, Key: grant.key, Body: body, ContentType: contentType }),
    );
    return undefined;
  } catch (error) {
    return refusal(error);
  }
}

/** Whether a Redis server answers PING at `url` (redis://host:port). */
export function redisAnswers(url: string, timeoutMs = 2000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString('utf8').startsWith('+PONG')));
  });
}
