import signUtils from 'ali-oss/lib/common/signUtils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalizedResource, signedUrlQuery, stringToSign } from '../../src/oss/signature.ts';
import { testDatabaseKind } from '../support/test-app.ts';
import { startTestStore, type TestStore } from './support/store.ts';

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
});
afterAll(() => t?.close());

describe.runIf(testDatabaseKind() === 'pglite')(
  'OSS V1 string to sign: the store agrees with ali-oss',
  () => {
    const cases: [
      string,
      {
        method: string;
        key: string;
        headers: Record<string, string>;
        subres?: Record<string, string | number | null>;
      },
    ][] = [
      [
        'an upload part',
        {
          method: 'PUT',
          key: 'designers/7/a b+c.mp4',
          headers: { 'content-type': 'video/mp4' },
          subres: { partNumber: 3, uploadId: 'ABC' },
        },
      ],
      [
        'an initiate (valueless sub-resource)',
        { method: 'POST', key: 'designers/7/中文.mp4', headers: {}, subres: { uploads: null } },
      ],
      [
        'x-oss headers, sorted and trimmed, with Content-MD5',
        {
          method: 'PUT',
          key: 'k',
          headers: {
            'X-OSS-Meta-B': ' two ',
            'x-oss-meta-a': 'one',
            'Content-MD5': 'abc==',
            'x-oss-date': 'Mon, 01 Jan 2024 00:00:00 GMT',
          },
        },
      ],
    ];

    it.each(cases)('%s', (_name, c) => {
      const headers = { 'x-oss-date': 'Tue, 02 Jan 2024 00:00:00 GMT', ...c.headers };
      const theirs = signUtils.buildCanonicalString(c.method, `/designer-console/${c.key}`, {
        headers,
        parameters: c.subres,
      });
      const query = new URLSearchParams();
      for (const [k, v] of Object.entries(c.subres ?? {})) query.set(k, v == null ? '' : String(v));
      query.set('max-parts', '5'); // not a sub-resource: never signed
      const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
      const ours = stringToSign({
        method: c.method,
        headers: lower,
        date: lower['x-oss-date']!,
        resource: canonicalizedResource('designer-console', c.key, query),
      });
      expect(ours).toBe(theirs);
    });
  },
);

describe.runIf(testDatabaseKind() === 'pglite')(
  'signed links (query-string signature), e.g. a <video src>',
  () => {
    const link = (key: string, expires: number, edit?: (q: URLSearchParams) => void) => {
      const credentials = t.grant(key);
      const query = signedUrlQuery({
        accessKeyId: credentials.AccessKeyId,
        accessKeySecret: credentials.AccessKeySecret,
        securityToken: credentials.SecurityToken,
        bucket: 'designer-console',
        key,
        expires,
      });
      edit?.(query);
      return `${t.endpoint}/designer-console/${key}?${query}`;
    };
    const inAMinute = () => Math.floor(Date.now() / 1000) + 60;

    beforeAll(async () => {
      const credentials = t.credentialsFor(7);
      const { ossRequest } = await import('./support/store.ts');
      await ossRequest(t.endpoint, {
        method: 'PUT',
        key: 'designers/7/clip.mp4',
        body: Buffer.from('0123456789'),
        credentials,
      });
    });

    it('GET with a valid link; Range works; the verb is signed, so HEAD with a GET link is refused', async () => {
      const url = link('designers/7/clip.mp4', inAMinute());
      expect(await (await fetch(url)).text()).toBe('0123456789');
      const ranged = await fetch(url, { headers: { Range: 'bytes=2-4' } });
      expect([ranged.status, await ranged.text()]).toEqual([206, '234']);
      expect((await fetch(url, { method: 'HEAD' })).status).toBe(403);
    });

    it('an expired link → 403 AccessDenied "Request has expired."', async () => {
      const response = await fetch(link('designers/7/clip.mp4', Math.floor(Date.now() / 1000) - 1));
      const body = await response.text();
      expect(response.status).toBe(403);
      expect(body).toContain('<Code>AccessDenied</Code>');
      expect(body).toContain('Request has expired.');
    });

    it('a link with Expires moved later, or used for PUT → 403 SignatureDoesNotMatch', async () => {
      const extended = await fetch(
        link('designers/7/clip.mp4', inAMinute(), (q) => q.set('Expires', String(inAMinute() + 3600))),
      );
      expect(extended.status).toBe(403);
      expect(await extended.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
      const put = await fetch(link('designers/7/clip.mp4', inAMinute()), {
        method: 'PUT',
        body: 'overwrite',
      });
      expect(put.status).toBe(403);
      expect(await put.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    });

    it('a link without the security token → 403 InvalidAccessKeyId', async () => {
      const response = await fetch(
        link('designers/7/clip.mp4', inAMinute(), (q) => q.delete('security-token')),
      );
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('<Code>InvalidAccessKeyId</Code>');
    });
  },
);
