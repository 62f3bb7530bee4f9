import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import {
  encodeBase64Json,
  type FetchLike,
  type FetchRequestInit,
  type KeyValueStorage,
  type UploaderOptions,
  type UploadGrant,
  type UploadInfo,
  type UploadSource,
  VodUploader,
} from '../../../../web/src/upload/index.ts';
import type { Config } from '../../../src/config.ts';
import { signedUrlQuery, type UploadCredentials } from '../../../src/oss/index.ts';
import { BUCKET } from '../../oss/support/store.ts';

export const MB = 1024 * 1024;

/** A file of `size` random bytes, written in chunks; answers its SHA-256. */
export async function randomFile(file: string, size: number): Promise<string> {
  const hash = createHash('sha256');
  const handle = await fs.open(file, 'w');
  try {
    for (let written = 0; written < size; ) {
      const chunk = randomBytes(Math.min(16 * MB, size - written));
      hash.update(chunk);
      await handle.write(chunk);
      written += chunk.length;
    }
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
}

/** A file on disk as the uploader takes it: a lazily read Blob with a File's name and time. */
export async function fileSource(file: string): Promise<UploadSource> {
  const [blob, stat] = await Promise.all([openAsBlob(file), fs.stat(file)]);
  return Object.assign(blob, { name: path.basename(file), lastModified: Math.floor(stat.mtimeMs) });
}

/** localStorage for Node: a Map, inspectable by the test. */
export function mapStorage(): KeyValueStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}

/** What create-upload hands the browser: base64 JSON credentials and address (DESIGN "Uploads"). */
export function grantFor(credentials: UploadCredentials, endpoint: string, key: string) {
  return {
    uploadAuth: encodeBase64Json({ ...credentials, Region: 'cn-shanghai' }),
    uploadAddress: encodeBase64Json({ Endpoint: endpoint, Bucket: BUCKET, FileName: key, PathStyle: true }),
  };
}

export interface ObservedRequest {
  method: string;
  /** The UploadPart's part number, when it is one. */
  partNumber: number | undefined;
  /** `error` when no answer came. */
  status: number | 'error';
  /** The OSS error code of an error answer. */
  code: string | undefined;
}

/** Real fetch, with every request and its outcome recorded, and an optional hook before each. */
export function observedFetch(before?: (url: URL, init: FetchRequestInit) => Promise<void> | void) {
  const requests: ObservedRequest[] = [];
  const fetchLike: FetchLike = async (url, init) => {
    const parsed = new URL(url);
    await before?.(parsed, init);
    const partNumberText = parsed.searchParams.get('partNumber');
    const record: ObservedRequest = {
      method: init.method,
      partNumber: partNumberText === null ? undefined : Number(partNumberText),
      status: 'error',
      code: undefined,
    };
    requests.push(record);
    const response = await fetch(url, init);
    record.status = response.status;
    if (response.status >= 300)
      record.code = /<Code>([^<]*)<\/Code>/.exec(await response.clone().text())?.[1];
    return response;
  };
  const uploadParts = () => requests.filter((request) => request.partNumber !== undefined);
  /** Part numbers of UploadPart requests, optionally only those answered with `status`. */
  const partNumbers = (status?: number) =>
    uploadParts()
      .filter((request) => status === undefined || request.status === status)
      .map((request) => request.partNumber!);
  return { fetch: fetchLike, requests, uploadParts, partNumbers };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** SHA-256 of an object as the store serves it (streamed, via a signed link). */
export function storedSha256(base: string, credentials: UploadCredentials, key: string): Promise<string> {
  const query = signedUrlQuery({
    accessKeyId: credentials.AccessKeyId,
    accessKeySecret: credentials.AccessKeySecret,
    securityToken: credentials.SecurityToken,
    bucket: BUCKET,
    key,
    expires: Math.floor(Date.now() / 1000) + 600,
  });
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/${BUCKET}/${key}?${query}`, (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`GET ${key}: ${response.statusCode}`));
          response.resume();
          return;
        }
        const hash = createHash('sha256');
        response.on('data', (chunk: Buffer) => hash.update(chunk));
        response.on('end', () => resolve(hash.digest('hex')));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

const storeScript = path.resolve(import.meta.dirname, 'store-process.ts');

export interface StoreProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** SIGKILL: no request in flight gets an answer. */
  kill(): Promise<void>;
}

/** The store in a child process over `config.dataDir`, on a free port. */
export function startStoreProcess(config: Config): Promise<StoreProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', storeScript], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: config.dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`store process exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const line = output.split('\n')[0];
      if (!output.includes('\n') || !line) return;
      const { port } = JSON.parse(line) as { port: number };
      resolve({
        port,
        url: `http://127.0.0.1:${port}`,
        child,
        kill: async () => {
          child.kill('SIGKILL');
          await exited;
        },
      });
    });
  });
}

/** How an upload ended (or paused): what the test waits for. */
export type UploadEnding =
  | { kind: 'succeed'; item: UploadInfo }
  | { kind: 'failed'; item: UploadInfo; code: string }
  | { kind: 'expired'; item: UploadInfo };

/**
 * An uploader whose page answers onUploadstarted with `grant()` (as it would with create-upload),
 * and a promise of the first success, failure or token expiry.
 */
export function pageUploader(
  options: UploaderOptions & { grant: (item: UploadInfo) => UploadGrant; storage: KeyValueStorage },
) {
  const { grant, ...rest } = options;
  let settle: (ending: UploadEnding) => void = () => {};
  const ending = new Promise<UploadEnding>((resolve) => {
    settle = resolve;
  });
  const uploader: VodUploader = new VodUploader({
    pageEvents: undefined,
    ...rest,
    onUploadstarted: (item) => {
      rest.onUploadstarted?.(item);
      const { uploadAuth, uploadAddress, videoId } = grant(item);
      uploader.setUploadAuthAndAddress(item, uploadAuth, uploadAddress ?? '', videoId);
    },
    onUploadSucceed: (item) => {
      rest.onUploadSucceed?.(item);
      settle({ kind: 'succeed', item });
    },
    onUploadFailed: (item, code, message) => {
      rest.onUploadFailed?.(item, code, message);
      settle({ kind: 'failed', item, code });
    },
    onUploadTokenExpired: (item) => {
      rest.onUploadTokenExpired?.(item);
      settle({ kind: 'expired', item });
    },
  });
  return { uploader, ending };
}
