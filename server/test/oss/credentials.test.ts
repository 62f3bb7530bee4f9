import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { CredentialAuthority, issueUploadCredentials } from '../../src/oss/credentials.ts';
import { OssError } from '../../src/oss/errors.ts';
import { loadOssSecret } from '../../src/oss/secret.ts';
import { testDatabaseKind } from '../support/test-app.ts';
import { ossRequest, startTestStore, type TestStore } from './support/store.ts';

const dirs: string[] = [];
const stores: TestStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});
async function freshDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-oss-secret-'));
  dirs.push(dir);
  return dir;
}

const verifyError = (verify: () => unknown): string => {
  try {
    verify();
  } catch (error) {
    expect(error).toBeInstanceOf(OssError);
    return (error as OssError).code;
  }
  throw new Error('verify accepted');
};

describe.runIf(testDatabaseKind() === 'pglite')('temporary credentials, with no database', () => {
  const authority = new CredentialAuthority(Buffer.alloc(32, 1), 'designer-console');

  it('carry STS field names: AccessKeyId STS.…, a derived secret, a signed token, an ISO Expiration', () => {
    const issued = authority.issueUploadCredentials({
      designerId: 7,
      objectKey: 'designers/7/a.mp4',
      maxBytes: 1234,
      ttlSeconds: 900,
    });
    expect(issued.AccessKeyId).toMatch(/^STS\.[0-9A-F]{24}$/);
    expect(issued.AccessKeySecret).toBe(authority.secretFor(issued.AccessKeyId));
    expect(issued.SecurityToken).toMatch(/^v2\.[\w-]+\.[\w-]+$/);
    expect(issued.Expiration).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Date.parse(issued.Expiration) - Date.now()).toBeGreaterThan(890_000);
    expect(Date.parse(issued.Expiration) - Date.now()).toBeLessThanOrEqual(900_000);
    expect(authority.verify(issued.AccessKeyId, issued.SecurityToken)).toMatchObject({
      accessKeyId: issued.AccessKeyId,
      bucket: 'designer-console',
      key: 'designers/7/a.mp4',
      access: 'write',
      maxBytes: 1234,
    });
  });

  it('each issue is a new key id; secrets differ per key id', () => {
    const a = authority.issue({ key: 'designers/7/a.mp4', access: 'write', maxBytes: 1, ttlSeconds: 60 });
    const b = authority.issue({ key: 'designers/7/a.mp4', access: 'write', maxBytes: 1, ttlSeconds: 60 });
    expect(a.AccessKeyId).not.toBe(b.AccessKeyId);
    expect(a.AccessKeySecret).not.toBe(b.AccessKeySecret);
  });

  it("an object key outside the designer's prefix is refused at issue time", () => {
    expect(() =>
      authority.issueUploadCredentials({
        designerId: 7,
        objectKey: 'designers/8/a.mp4',
        maxBytes: 1,
        ttlSeconds: 60,
      }),
    ).toThrow(RangeError);
    expect(() =>
      authority.issueUploadCredentials({
        designerId: 7,
        objectKey: 'designers/7/',
        maxBytes: 1,
        ttlSeconds: 60,
      }),
    ).toThrow(RangeError);
  });

  it('another secret does not accept them; an expired one is SecurityTokenExpired', () => {
    const issued = authority.issue({
      key: 'designers/7/a.mp4',
      access: 'write',
      maxBytes: 1,
      ttlSeconds: 60,
    });
    const other = new CredentialAuthority(Buffer.alloc(32, 2), 'designer-console');
    expect(verifyError(() => other.verify(issued.AccessKeyId, issued.SecurityToken))).toBe(
      'InvalidAccessKeyId',
    );
    const later = new CredentialAuthority(Buffer.alloc(32, 1), 'designer-console', () => Date.now() + 61_000);
    expect(verifyError(() => later.verify(issued.AccessKeyId, issued.SecurityToken))).toBe(
      'SecurityTokenExpired',
    );
    expect(verifyError(() => authority.verify(issued.AccessKeyId, undefined))).toBe('InvalidAccessKeyId');
    expect(verifyError(() => authority.verify(issued.AccessKeyId, `${issued.SecurityToken}x`))).toBe(
      'InvalidAccessKeyId',
    );
  });
});

describe.runIf(testDatabaseKind() === 'pglite')(
  'the server secret: OSS_SECRET, or DATA_DIR/oss-secret',
  () => {
    it('is generated once, mode 600, and read back the same by later and concurrent loads', async () => {
      const dataDir = path.join(await freshDir(), 'not-yet-created');
      const loads = await Promise.all(
        Array.from({ length: 6 }, () => loadOssSecret({ dataDir, ossSecret: undefined })),
      );
      expect(loads.every((secret) => secret.equals(loads[0]!))).toBe(true);
      expect(loads[0]!.length).toBe(32);
      const stat = await fs.stat(path.join(dataDir, 'oss-secret'));
      expect(stat.mode & 0o777).toBe(0o600);
      expect(await fs.readdir(dataDir)).toEqual(['oss-secret']);
      expect((await loadOssSecret({ dataDir, ossSecret: undefined })).equals(loads[0]!)).toBe(true);
    });

    it('OSS_SECRET wins and nothing is written', async () => {
      const dataDir = await freshDir();
      const secret = await loadOssSecret({ dataDir, ossSecret: 'x'.repeat(40) });
      expect(secret.toString()).toBe('x'.repeat(40));
      expect(await fs.readdir(dataDir)).toEqual([]);
    });

    it('a damaged secret file stops start-up instead of being silently replaced', async () => {
      const dataDir = await freshDir();
      await fs.writeFile(path.join(dataDir, 'oss-secret'), 'not hex');
      await expect(loadOssSecret({ dataDir, ossSecret: undefined })).rejects.toThrow(
        /remove it to regenerate/,
      );
    });

    it("two stores on one DATA_DIR (a restart, or a second process) accept each other's credentials", async () => {
      const first = await startTestStore();
      stores.push(first);
      const second = await startTestStore({ DATA_DIR: first.dataDir });
      stores.push(second);
      const issuedByFirst = first.credentialsFor(7);
      const put = await ossRequest(second.endpoint, {
        method: 'PUT',
        key: 'designers/7/shared.bin',
        body: Buffer.from('shared'),
        credentials: issuedByFirst,
      });
      expect(put.status).toBe(200);
      const got = await ossRequest(first.endpoint, {
        method: 'GET',
        key: 'designers/7/shared.bin',
        credentials: issuedByFirst,
      });
      expect(got.body.toString()).toBe('shared');
    });

    it('issueUploadCredentials(config, …) for the VOD module: the configured TTL by default, and the store accepts them', async () => {
      const t = await startTestStore({ UPLOAD_CREDENTIAL_TTL_SECONDS: '600' });
      stores.push(t);
      const issued = await issueUploadCredentials(t.config, {
        designerId: 9,
        objectKey: 'designers/9/v.mp4',
        maxBytes: 1,
      });
      expect(Math.round((Date.parse(issued.Expiration) - Date.now()) / 1000)).toBeGreaterThanOrEqual(599);
      expect(Math.round((Date.parse(issued.Expiration) - Date.now()) / 1000)).toBeLessThanOrEqual(600);
      const put = await ossRequest(t.endpoint, {
        method: 'PUT',
        key: 'designers/9/v.mp4',
        body: Buffer.from('v'),
        credentials: issued,
      });
      expect(put.status).toBe(200);
      const shortLived = await issueUploadCredentials(t.config, {
        designerId: 9,
        objectKey: 'designers/9/v.mp4',
        maxBytes: 1,
        ttlSeconds: 60,
      });
      expect(Date.parse(shortLived.Expiration) - Date.now()).toBeLessThanOrEqual(60_000);
    });

    it("stores with different OSS_SECRETs refuse each other's credentials", async () => {
      const a = await startTestStore({ OSS_SECRET: 'a'.repeat(32) });
      const b = await startTestStore({ OSS_SECRET: 'b'.repeat(32) });
      stores.push(a, b);
      const answer = await ossRequest(b.endpoint, {
        method: 'PUT',
        key: 'designers/7/x',
        body: Buffer.from('x'),
        credentials: a.credentialsFor(7),
      });
      expect([answer.status, answer.code]).toEqual([403, 'InvalidAccessKeyId']);
      expect(loadConfig({ OSS_SECRET: 'a'.repeat(32) }).ossSecret).toBe('a'.repeat(32));
    });
  },
);
