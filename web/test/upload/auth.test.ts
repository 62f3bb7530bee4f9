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
      // Issue 19: no Protocol is OSS; no Region is the default one.
      value: { ...address, Endpoint: 'http://localhost:3001', Protocol: 'oss', Region: 'cn-shanghai' },
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

describe('issue 19: the upload address names the store protocol and region', () => {
  const address = {
    Endpoint: 'http://127.0.0.1:7480',
    Bucket: 'designer-console',
    FileName: 'designers/7/videos/0a1b.mp4',
    PathStyle: true,
  };

  it('Protocol s3 and Region are read; Protocol oss is the same as none', () => {
    expect(
      decodeUploadAddress(encodeBase64Json({ ...address, Protocol: 's3', Region: 'us-east-1' })),
    ).toMatchObject({ ok: true, value: { Protocol: 's3', Region: 'us-east-1' } });
    expect(decodeUploadAddress(encodeBase64Json({ ...address, Protocol: 'oss' }))).toMatchObject({
      ok: true,
      value: { Protocol: 'oss', Region: 'cn-shanghai' },
    });
    expect(decodeUploadAddress(encodeBase64Json({ ...address, Protocol: 's3' }))).toMatchObject({
      value: { Region: 'cn-shanghai' },
    });
  });

  it('InvalidParameter.TokenInvalid: any other protocol', () => {
    for (const Protocol of ['ftp', 'S3', '', 3, true])
      expect(decodeUploadAddress(encodeBase64Json({ ...address, Protocol }))).toEqual({
        ok: false,
        code: 'InvalidParameter.TokenInvalid',
      });
  });
});

describe('issue 19: Protocol s3-presigned names the API that presigns its parts (SigningUrl)', () => {
  const address = {
    Endpoint: 'http://127.0.0.1:7480',
    Bucket: 'designer-console',
    FileName: 'designers/7/videos/0a1b.mp4',
    PathStyle: true,
    Protocol: 's3-presigned',
    Region: 'us-east-1',
  };
  const decode = (fields: object) => decodeUploadAddress(encodeBase64Json({ ...address, ...fields }));

  it('reads an absolute SigningUrl (trailing slash dropped) or a path on the page’s origin', () => {
    expect(decode({ SigningUrl: 'https://console.example.com/designerapi/v1/object-uploads/' })).toEqual({
      ok: true,
      value: {
        ...address,
        SigningUrl: 'https://console.example.com/designerapi/v1/object-uploads',
      },
    });
    expect(decode({ SigningUrl: '/designerapi/v1/object-uploads' })).toMatchObject({
      ok: true,
      value: { Protocol: 's3-presigned', SigningUrl: '/designerapi/v1/object-uploads' },
    });
  });

  it('InvalidParameter.EmptyValue: s3-presigned without a SigningUrl', () => {
    for (const SigningUrl of [undefined, '', '   ', 42])
      expect(decode({ SigningUrl })).toEqual({ ok: false, code: 'InvalidParameter.EmptyValue' });
  });

  it('InvalidParameter.TokenInvalid: a SigningUrl that is no http(s) URL nor a path (another host by //, javascript:, relative)', () => {
    for (const SigningUrl of [
      '//evil.example.com/x',
      'javascript:alert(1)',
      'ftp://x/y',
      'object-uploads',
      '/\\evil',
    ])
      expect(decode({ SigningUrl })).toEqual({ ok: false, code: 'InvalidParameter.TokenInvalid' });
  });

  it('a SigningUrl beside another protocol is ignored: OSS and S3 clients sign for the store themselves', () => {
    const decoded = decode({ Protocol: 's3', SigningUrl: 'https://console.example.com/x' });
    expect(decoded).toMatchObject({ ok: true, value: { Protocol: 's3' } });
    expect(decoded.ok && decoded.value.SigningUrl).toBeUndefined();
  });
});
