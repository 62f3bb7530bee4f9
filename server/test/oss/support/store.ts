import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import signUtils from 'ali-oss/lib/common/signUtils.js';
import { type Config, loadConfig } from '../../../src/config.ts';
import { CredentialAuthority, type UploadCredentials } from '../../../src/oss/credentials.ts';
import { designerPrefix, type ObjectStoreHandle, startObjectStore } from '../../../src/oss/index.ts';
import { loadOssSecret } from '../../../src/oss/secret.ts';

export const BUCKET = 'designer-console';

export interface TestStore {
  store: ObjectStoreHandle;
  config: Config;
  dataDir: string;
  /** `http://localhost:<port>`: a host name, as a browser or ali-oss would be given. */
  endpoint: string;
  /**
   * A designer's credentials as the API hands them out: one grant per object. `ossRequest` signs
   * each request with a fresh grant for that request's key when it is under `designers/<id>/`
   * (as create-upload issues one per registered object), else with this grant of
   * `designers/<id>/probe`; a copy (`{...credentials}`) is that plain probe grant.
   */
  credentialsFor(designerId: number, ttlSeconds?: number): UploadCredentials;
  /** A write grant for exactly `key`, of at most `maxBytes` (default 5 GiB). */
  grant(key: string, options?: { maxBytes?: number; ttlSeconds?: number }): UploadCredentials;
  /** Genuine credentials (this store's secret) that expired a minute ago. */
  expiredCredentialsFor(designerId: number): Promise<UploadCredentials>;
  close(): Promise<void>;
}

/** The object store on a free port over a fresh, temporary DATA_DIR. */
export async function startTestStore(env: Record<string, string> = {}): Promise<TestStore> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-oss-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: 'none',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const store = await startObjectStore(config);
  return {
    store,
    config,
    dataDir,
    endpoint: `http://localhost:${store.port}`,
    credentialsFor: (designerId, ttlSeconds = 900) => {
      const grantOf = (key: string) =>
        store.authority.issueUploadCredentials({
          designerId,
          objectKey: key,
          maxBytes: TEST_GRANT_BYTES,
          ttlSeconds,
        });
      const probe = grantOf(`${designerPrefix(designerId)}probe`);
      return withGrantPerKey(probe, (key) =>
        key.startsWith(designerPrefix(designerId)) && key.length > designerPrefix(designerId).length
          ? grantOf(key)
          : probe,
      );
    },
    grant: (key, options = {}) =>
      store.authority.issue({
        key,
        access: 'write',
        maxBytes: options.maxBytes ?? TEST_GRANT_BYTES,
        ttlSeconds: options.ttlSeconds ?? 900,
      }),
    expiredCredentialsFor: async (designerId) => {
      const anHourAgo = () => Date.now() - 3600_000;
      const past = new CredentialAuthority(await loadOssSecret(config), config.ossBucket, anHourAgo);
      return withGrantPerKey(
        past.issue({
          key: `${designerPrefix(designerId)}probe`,
          access: 'write',
          maxBytes: 1,
          ttlSeconds: 3540,
        }),
        (key) => past.issue({ key, access: 'write', maxBytes: TEST_GRANT_BYTES, ttlSeconds: 3540 }),
      );
    },
    close: async () => {
      await store.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** What test grants allow when a test does not say: OSS's single-upload limit. */
export const TEST_GRANT_BYTES = 5 * 1024 ** 3;

const GRANT_PER_KEY = Symbol('grant per key');
type KeyedCredentials = UploadCredentials & { [GRANT_PER_KEY]?: (key: string) => UploadCredentials };

/** Attaches a per-key re-issuer that a spread copy does not carry (symbol, not enumerable). */
function withGrantPerKey(
  credentials: UploadCredentials,
  grantFor: (key: string) => UploadCredentials,
): UploadCredentials {
  Object.defineProperty(credentials, GRANT_PER_KEY, { value: grantFor, enumerable: false });
  return credentials;
}

export interface OssAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** `<Code>` of an XML error answer (or of `x-oss-err` for HEAD). */
  code: string | undefined;
}

export interface OssRequest {
  method: string;
  key: string;
  /** Signed sub-resources, as ali-oss passes them (`null`/'' = no value). */
  subres?: Record<string, string | number | null>;
  /** Unsigned query parameters. */
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Buffer | Readable;
  /** Omit to send unsigned. */
  credentials?: UploadCredentials;
  /** Replace the signature by this one (a forgery). */
  signature?: string;
  /** The path exactly as sent, for keys a URL library would normalise (`../../x`). */
  rawPath?: string;
  bucket?: string;
}

export const md5Base64 = (data: Buffer): string => createHash('md5').update(data).digest('base64');
export const md5Hex = (data: Buffer): string => createHash('md5').update(data).digest('hex').toUpperCase();

/**
 * One request to the store, signed (when credentials are given) by ali-oss's own signing code,
 * not the store's: agreement is then evidence, not a tautology. Sent with node:http, which leaves
 * the path as written.
 */
export function ossRequest(base: string, request: OssRequest): Promise<OssAnswer> {
  const bucket = request.bucket ?? BUCKET;
  const headers: Record<string, string> = { 'x-oss-date': new Date().toUTCString(), ...request.headers };
  if (Buffer.isBuffer(request.body)) headers['Content-Length'] = String(request.body.length);
  if (request.credentials) {
    const grantFor = (request.credentials as KeyedCredentials)[GRANT_PER_KEY];
    if (grantFor) request = { ...request, credentials: grantFor(request.key) };
  }
  if (request.credentials) {
    headers['x-oss-security-token'] ??= request.credentials.SecurityToken;
    const canonical = signUtils.buildCanonicalString(request.method, `/${bucket}/${request.key}`, {
      headers,
      parameters: request.subres,
    });
    const authorization = signUtils.authorization(
      request.credentials.AccessKeyId,
      request.credentials.AccessKeySecret,
      canonical,
    );
    headers.authorization = request.signature
      ? `OSS ${request.credentials.AccessKeyId}:${request.signature}`
      : authorization;
  }
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request.subres ?? {}))
    search.set(name, value == null ? '' : String(value));
  for (const [name, value] of Object.entries(request.query ?? {})) search.set(name, value);
  const pathName = request.rawPath ?? `/${bucket}/${encodeURIComponent(request.key).replace(/%2F/g, '/')}`;
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: search.size ? `${pathName}?${search}` : pathName,
        headers,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const body = Buffer.concat(chunks);
          const err = incoming.headers['x-oss-err'];
          const xml =
            typeof err === 'string' ? Buffer.from(err, 'base64').toString('utf8') : body.toString('utf8');
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body,
            code: /<Code>([^<]*)<\/Code>/.exec(xml)?.[1],
          });
        });
      },
    );
    outgoing.on('error', reject);
    if (request.body === undefined) outgoing.end();
    else if (Buffer.isBuffer(request.body)) outgoing.end(request.body);
    else request.body.pipe(outgoing);
  });
}

/** One element's text in an XML answer. */
export const xmlText = (answer: OssAnswer, element: string): string | undefined =>
  new RegExp(`<${element}>([^<]*)</${element}>`).exec(answer.body.toString('utf8'))?.[1];

/** Every file under `dir`, relative paths. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Object files (metadata and data) in the store, leaving out multipart and temporary state. */
export async function storedObjectFiles(test: TestStore): Promise<string[]> {
  return (await filesUnder(test.store.root)).filter((file) => !file.startsWith('.'));
}
