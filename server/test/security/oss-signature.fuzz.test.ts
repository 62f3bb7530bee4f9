import type { IncomingHttpHeaders } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authenticate } from '../../src/oss/auth.ts';
import { CredentialAuthority } from '../../src/oss/credentials.ts';
import { OssError } from '../../src/oss/errors.ts';
import {
  canonicalizedResource,
  computeSignature,
  readRequestCredentials,
  stringToSign,
} from '../../src/oss/signature.ts';

/** Issue 11 item 2: the object store's request-signature parser and checker, fed anything. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_315);
const NOW = Date.UTC(2026, 2, 15, 8, 30);
const authority = new CredentialAuthority(Buffer.alloc(32, 7), 'designer-console', () => NOW);
const issued = authority.issue({
  key: 'designers/1/a.mp4',
  access: 'write',
  maxBytes: 1024,
  ttlSeconds: 900,
});
const DATE = new Date(NOW).toUTCString();

/** Header text as Node hands it over: latin1 code units, anything a client can put on the wire. */
const headerText = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: fc.integer({ min: 0, max: 255 }).map((c) => String.fromCharCode(c)), maxLength: 80 }),
  fc.constantFrom('OSS ', 'OSS :', `OSS ${issued.AccessKeyId}:`, 'OSS a:b:c', 'Bearer x', 'OSS\u0000x:y'),
);
const headersArbitrary: fc.Arbitrary<IncomingHttpHeaders> = fc.record(
  {
    authorization: headerText,
    date: fc.oneof(headerText, fc.constant(DATE)),
    'x-oss-date': headerText,
    'x-oss-security-token': fc.oneof(headerText, fc.constant(issued.SecurityToken)),
    'content-type': headerText,
    'content-md5': headerText,
    'x-oss-meta-name': headerText,
  },
  { requiredKeys: [] },
);
const queryArbitrary = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom('OSSAccessKeyId', 'Signature', 'Expires', 'security-token', 'uploadId', 'partNumber'),
        fc.string({ maxLength: 12 }),
      ),
      fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom(issued.AccessKeyId, '99999999999999999999', '-1', 'NaN', '1e400'),
      ),
    ),
    { maxLength: 6 },
  )
  .map((pairs) => new URLSearchParams(pairs));
const keyArbitrary = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 60 }),
  fc.constant('designers/1/a.mp4'),
);
const method = fc.constantFrom('GET', 'PUT', 'POST', 'DELETE', 'HEAD', 'get', '');

describe('§ OSS signature parser and checker under fuzzing (issue 11 item 2)', () => {
  it('readRequestCredentials answers a kind for any headers and query, never throws', () => {
    fc.assert(
      fc.property(headersArbitrary, queryArbitrary, (headers, query) => {
        const credentials = readRequestCredentials(headers, query);
        expect(['anonymous', 'unsupported', 'header', 'query']).toContain(credentials.kind);
      }),
      { numRuns: 400, seed: SEED },
    );
  });

  it('authenticate refuses anything unsigned with an OSS error, never another exception', () => {
    fc.assert(
      fc.property(method, headersArbitrary, queryArbitrary, keyArbitrary, (verb, headers, query, key) => {
        try {
          authenticate(authority, { method: verb, headers, bucket: 'designer-console', key, query }, NOW);
          // Only a correctly signed request may pass; random text never is.
          expect.unreachable('an unsigned request was accepted');
        } catch (error) {
          expect(error).toBeInstanceOf(OssError);
        }
      }),
      { numRuns: 400, seed: SEED },
    );
  });

  it('a correctly signed request passes, and any change to its signature is SignatureDoesNotMatch', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }).map((name) => `designers/1/${encodeURIComponent(name)}`),
        fc.string({ maxLength: 30 }),
        fc.integer({ min: 0, max: 27 }),
        (key, meta, position) => {
          const headers: IncomingHttpHeaders = {
            'x-oss-date': DATE,
            'x-oss-security-token': issued.SecurityToken,
            'x-oss-meta-note': Buffer.from(meta, 'utf8').toString('latin1'),
          };
          const query = new URLSearchParams();
          const resource = canonicalizedResource('designer-console', key, query);
          const text = stringToSign({ method: 'PUT', headers, date: DATE, resource });
          const signature = computeSignature(issued.AccessKeySecret, text);
          const request = (sig: string) => ({
            method: 'PUT',
            headers: { ...headers, authorization: `OSS ${issued.AccessKeyId}:${sig}` },
            bucket: 'designer-console',
            key,
            query,
          });
          expect(() => authenticate(authority, request(signature), NOW)).not.toThrow();
          const flipped = signature[position] === 'A' ? 'B' : 'A';
          const forged = `${signature.slice(0, position)}${flipped}${signature.slice(position + 1)}`;
          expect(() => authenticate(authority, request(forged), NOW)).toThrow(
            expect.objectContaining({ code: 'SignatureDoesNotMatch' }),
          );
        },
      ),
      { numRuns: 150, seed: SEED },
    );
  });
});
