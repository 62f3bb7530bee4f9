import { describe, expect, it } from 'vitest';
import { decodeUploadAddress, decodeUploadAuth, encodeBase64Json } from '../../src/upload/index.ts';
import { credentials } from './support.ts';

const auth = (fields: object) => encodeBase64Json(fields);
const withoutField = (name: string) => {
  const fields: Record<string, string> = credentials();
  delete fields[name];
  return auth(fields);
};

describe('§5 upload auth: temporary credentials must all be present together', () => {
  it('decodes base64 JSON credentials; Region defaults to cn-shanghai (§9)', () => {
    const decoded = decodeUploadAuth(auth(credentials()));
    expect(decoded).toEqual({
      ok: true,
      value: { ...credentials(), Region: 'cn-shanghai' },
    });
    expect(decodeUploadAuth(auth({ ...credentials(), Region: 'cn-beijing' }))).toMatchObject({
      value: { Region: 'cn-beijing' },
    });
  });

  it('accepts URL-safe base64 and non-ASCII text', () => {
    const text = encodeBase64Json({ ...credentials(), SecurityToken: '令牌?>>>' })
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    expect(decodeUploadAuth(text)).toMatchObject({ ok: true, value: { SecurityToken: '令牌?>>>' } });
  });

  it('InvalidParameter.EmptyValue: no auth at all, or none of the four fields', () => {
    for (const empty of [undefined, '', '   ', auth({}), auth({ Region: 'cn-shanghai' })])
      expect(decodeUploadAuth(empty)).toEqual({ ok: false, code: 'InvalidParameter.EmptyValue' });
  });

  it('InvalidParameter.TokenInvalid: some of the four fields but not all', () => {
    for (const name of ['AccessKeyId', 'AccessKeySecret', 'SecurityToken', 'Expiration'])
      expect(decodeUploadAuth(withoutField(name))).toEqual({
        ok: false,
        code: 'InvalidParameter.TokenInvalid',
      });
    expect(decodeUploadAuth(auth({ ...credentials(), SecurityToken: '' }))).toMatchObject({
      code: 'InvalidParameter.TokenInvalid',
    });
  });

  it('InvalidParameter.TokenInvalid: not base64 JSON of an object, or an Expiration that is no date', () => {
    for (const bad of ['%%%not base64', btoa('not json'), btoa('[1,2]'), btoa('"text"')])
      expect(decodeUploadAuth(bad)).toEqual({ ok: false, code: 'InvalidParameter.TokenInvalid' });
    expect(decodeUploadAuth(auth({ ...credentials(), Expiration: 'tomorrow-ish' }))).toMatchObject({
      code: 'InvalidParameter.TokenInvalid',
    });
  });
});

describe('§5 upload address: valid with its required fields', () => {
  const address = {
    Endpoint: 'http://localhost:3001/',
    Bucket: 'b',
    FileName: 'designers/7/a.mp4',
    PathStyle: true,
  };

  it('decodes Endpoint (trailing slash dropped), Bucket, FileName, PathStyle', () => {
    expect(decodeUploadAddress(encodeBase64Json(address))).toEqual({
      ok: true,
      value: { ...address, Endpoint: 'http://localhost:3001' },
    });
    expect(decodeUploadAddress(encodeBase64Json({ ...address, PathStyle: undefined }))).toMatchObject({
      value: { PathStyle: false },
    });
  });

  it('InvalidParameter.EmptyValue: missing address or a missing required field', () => {
    expect(decodeUploadAddress('')).toEqual({ ok: false, code: 'InvalidParameter.EmptyValue' });
    for (const name of ['Endpoint', 'Bucket', 'FileName'])
      expect(decodeUploadAddress(encodeBase64Json({ ...address, [name]: '' }))).toEqual({
        ok: false,
        code: 'InvalidParameter.EmptyValue',
      });
  });

  it('InvalidParameter.TokenInvalid: undecodable, or an endpoint that is no http(s) URL', () => {
    expect(decodeUploadAddress('***')).toMatchObject({ code: 'InvalidParameter.TokenInvalid' });
    expect(decodeUploadAddress(encodeBase64Json({ ...address, Endpoint: 'ftp://x' }))).toMatchObject({
      code: 'InvalidParameter.TokenInvalid',
    });
  });
});
