import { describe, expect, it } from 'vitest';
import { CredentialAuthority } from '../../src/oss/credentials.ts';
import { OssError } from '../../src/oss/errors.ts';

/**
 * Issue 11 item 3 (constant-time comparisons): the security token's MAC is compared as its
 * canonical base64url text. A SHA-256 MAC is 43 base64url characters whose last one carries
 * 4 bits and 2 unused ones, so decoding before comparing accepted 3 other spellings of it.
 */
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('OSS security token: only the canonical MAC text is accepted', () => {
  const authority = new CredentialAuthority(Buffer.alloc(32, 7), 'designer-console');
  const issued = authority.issueUploadCredentials({
    designerId: 7,
    objectKey: 'designers/7/a.mp4',
    maxBytes: 1024,
    ttlSeconds: 900,
  });
  const [version, payload, mac] = issued.SecurityToken.split('.') as [string, string, string];

  const code = (token: string): string => {
    try {
      authority.verify(issued.AccessKeyId, token);
      return 'accepted';
    } catch (error) {
      expect(error).toBeInstanceOf(OssError);
      return (error as OssError).code;
    }
  };

  it('the issued token verifies', () => {
    expect(mac).toHaveLength(43);
    expect(code(issued.SecurityToken)).toBe('accepted');
  });

  it('a MAC differing only in the unused bits of its last character decodes the same and is refused', () => {
    const last = B64URL.indexOf(mac.at(-1)!);
    const variants = [1, 2, 3].map((bits) => `${mac.slice(0, -1)}${B64URL[last ^ bits]}`);
    for (const variant of variants) {
      expect(Buffer.from(variant, 'base64url').equals(Buffer.from(mac, 'base64url'))).toBe(true);
      expect(code(`${version}.${payload}.${variant}`)).toBe('InvalidAccessKeyId');
    }
  });

  it('padding, standard-alphabet and stray characters that decode to the same bytes are refused', () => {
    const standard = Buffer.from(mac, 'base64url').toString('base64'); // with + / and = padding
    const spellings = [`${mac}=`, standard, `${mac.slice(0, 10)}!${mac.slice(10)}`, ` ${mac}`];
    for (const spelling of spellings) {
      expect(Buffer.from(spelling, 'base64url').equals(Buffer.from(mac, 'base64url'))).toBe(true);
      expect(code(`${version}.${payload}.${spelling}`)).toBe('InvalidAccessKeyId');
    }
  });
});
