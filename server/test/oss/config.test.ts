import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { objectStorePublicUrl } from '../../src/oss/public-url.ts';
import { testDatabaseKind } from '../support/test-app.ts';

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).not.toContain('\n');
    return (error as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe.runIf(testDatabaseKind() === 'pglite')('object store settings', () => {
  it('defaults: OSS_PORT = PORT + 1, bucket designer-console, TTL 900 s, no public URL, secret or origins', () => {
    expect(loadConfig({})).toMatchObject({
      ossPort: 3001,
      ossPublicUrl: undefined,
      ossBucket: 'designer-console',
      ossSecret: undefined,
      ossCorsOrigins: undefined,
      uploadCredentialTtlSeconds: 900,
    });
    expect(loadConfig({ PORT: '8080' }).ossPort).toBe(8081);
    expect(loadConfig({ PORT: '0' }).ossPort).toBe(0);
  });

  it('settings are read: OSS_PORT, OSS_PUBLIC_URL (trailing slash dropped), OSS_BUCKET, OSS_CORS_ORIGINS, TTL', () => {
    expect(
      loadConfig({
        OSS_PORT: '9000',
        OSS_PUBLIC_URL: 'https://oss.example.com/',
        OSS_BUCKET: 'media-1',
        OSS_CORS_ORIGINS: 'https://a.example.com, https://b.example.com/',
        UPLOAD_CREDENTIAL_TTL_SECONDS: '3600',
      }),
    ).toMatchObject({
      ossPort: 9000,
      ossPublicUrl: 'https://oss.example.com',
      ossBucket: 'media-1',
      ossCorsOrigins: ['https://a.example.com', 'https://b.example.com'],
      uploadCredentialTtlSeconds: 3600,
    });
    expect(loadConfig({ OSS_CORS_ORIGINS: '*' }).ossCorsOrigins).toBe('*');
  });

  it.each([
    [{ OSS_PORT: '70000' }, 'OSS_PORT'],
    [{ PORT: '65535' }, 'OSS_PORT'],
    [{ PORT: '4000', OSS_PORT: '4000' }, 'OSS_PORT'],
    [{ OSS_PUBLIC_URL: 'ftp://x' }, 'OSS_PUBLIC_URL'],
    [{ OSS_BUCKET: 'Has_Upper' }, 'OSS_BUCKET'],
    [{ OSS_SECRET: 'short' }, 'OSS_SECRET'],
    [{ UPLOAD_CREDENTIAL_TTL_SECONDS: '10' }, 'UPLOAD_CREDENTIAL_TTL_SECONDS'],
  ])('%j → one line naming %s', (env, name) => {
    expect(configError(env)).toMatch(new RegExp(`\\b${name}\\b`));
  });
});

describe.runIf(testDatabaseKind() === 'pglite')("uploadAddress's Endpoint: the store's public URL", () => {
  it('unset OSS_PUBLIC_URL: the API request host, on the store port', () => {
    // Issue 16: a host other than this machine's is taken only when PUBLIC_HOSTS lists it.
    const config = { ossPublicUrl: undefined, ossPort: 3001, publicHosts: ['console.example.com'] };
    expect(objectStorePublicUrl(config, { protocol: 'http', host: 'console.example.com:3000' })).toBe(
      'http://console.example.com:3001',
    );
    expect(objectStorePublicUrl(config, { protocol: 'http', host: '[::1]:3000' })).toBe('http://[::1]:3001');
    expect(objectStorePublicUrl(config, { protocol: 'http', host: 'localhost' })).toBe(
      'http://localhost:3001',
    );
  });

  it('OSS_PUBLIC_URL wins', () => {
    expect(
      objectStorePublicUrl(
        { ossPublicUrl: 'https://oss.example.com', ossPort: 3001 },
        { protocol: 'http', host: 'x' },
      ),
    ).toBe('https://oss.example.com');
  });
});
