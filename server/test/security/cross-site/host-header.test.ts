import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanAddress } from '../../../src/http/public-origin.ts';
import { objectStorePublicUrl } from '../../../src/oss/public-url.ts';
import {
  API,
  authHeader,
  createDesigner,
  createTestApp,
  envelopeOf,
  loginAs,
  type TestApp,
} from '../../support/test-app.ts';
import { decodeGrant } from '../../videos/support.ts';

/**
 * Issue 16 (LOW): with PUBLIC_URL unset, the Host header flowed into redirects and QR URLs. A
 * request with `Host: evil.example.com` (a poisoned cache, a proxy passing Host through, DNS
 * rebinding) could make the server point phones and browsers at the attacker's host: the QR code
 * a designer scans, the object store's upload endpoint, an image redirect's Location.
 */
const EVIL = 'evil.example.com';
const PASSWORD = 'host-header-pass-1';
const PLATFORM_PICTURE = 'platform/images/demo-provider-1.png';

let t: TestApp;
let dataDir: string;
let token: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-host-header-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  await createDesigner(t.db, { account: 'hosta', password: PASSWORD });
  token = await loginAs(t.app, 'hosta', PASSWORD);
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const thisMachine = lanAddress() ?? 'localhost';

describe('Host: evil.example.com never reaches an address the server hands out', () => {
  it('the scan QR URL of a request with Host: evil.example.com points at this machine, not the attacker', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${API}/scan-tickets`, headers: { host: EVIL } });
    const { qrUrl } = envelopeOf(res).data as { qrUrl: string };
    expect(qrUrl).not.toContain('evil');
    expect(new URL(qrUrl).hostname).toBe(thisMachine);
  });

  it('X-Forwarded-Host: evil.example.com behind TRUST_PROXY is refused the same way', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const res = await proxied.app.inject({
        method: 'POST',
        url: `${API}/scan-tickets`,
        headers: { host: 'localhost:3000', 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https' },
      });
      expect((envelopeOf(res).data as { qrUrl: string }).qrUrl).not.toContain('evil');
    } finally {
      await proxied.close();
    }
  });

  it('the image redirect’s Location for Host: evil.example.com names no evil host', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/image-files/${PLATFORM_PICTURE}`,
      headers: { host: `${EVIL}:3000` },
    });
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location).not.toContain('evil');
    expect(new URL(location).hostname).toBe(thisMachine);
  });

  it('the upload grant’s uploadAddress Endpoint for Host: evil.example.com names no evil host', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/vod/create-upload`,
      headers: { ...authHeader(token), host: EVIL },
      payload: { kind: 'image', fileName: 'a.png', fileSize: 100, mimeType: 'image/png' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const grant = decodeGrant(envelopeOf(res).data as { uploadAddress: string; uploadAuth: string });
    expect(String(grant.address.Endpoint)).not.toContain('evil');
  });

  it('the recruitment share base for Host: evil.example.com names no evil host', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/recruitment`,
      headers: { ...authHeader(token), host: EVIL },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((envelopeOf(res).data as { shareBase: string }).shareBase).not.toContain('evil');
  });

  it('the WeChat OAuth redirect_uri for Host: evil.example.com names no evil host', async () => {
    const wechat = await createTestApp({
      env: { WECHAT_APPID: 'wx1234567890abcdef', WECHAT_SECRET: 'not-a-real-secret' },
    });
    try {
      const res = await wechat.app.inject({
        method: 'POST',
        url: `${API}/scan-tickets`,
        headers: { host: EVIL },
      });
      const qrUrl = new URL((envelopeOf(res).data as { qrUrl: string }).qrUrl);
      expect(qrUrl.hostname).toBe('open.weixin.qq.com');
      expect(qrUrl.searchParams.get('redirect_uri')).not.toContain('evil');
    } finally {
      await wechat.close();
    }
  });

  it('a malformed Host header (user@evil, a path) cannot smuggle a host either', () => {
    for (const host of [`user@${EVIL}`, `${EVIL}/x`, `localhost@${EVIL}`, `${EVIL}#localhost`, '']) {
      const url = objectStorePublicUrl(
        { ossPublicUrl: undefined, ossPort: 3001 },
        { protocol: 'http', host },
      );
      expect(url).not.toContain('evil');
    }
  });
});

describe('hosts that may appear: PUBLIC_URL, PUBLIC_HOSTS, this machine', () => {
  it('PUBLIC_HOSTS lists a host name the console is reached by: its QR URL keeps it', async () => {
    const listed = await createTestApp({ env: { PUBLIC_HOSTS: 'console.lan, other.lan:8080' } });
    try {
      const qrOf = async (host: string) =>
        (
          envelopeOf(
            await listed.app.inject({ method: 'POST', url: `${API}/scan-tickets`, headers: { host } }),
          ).data as { qrUrl: string }
        ).qrUrl;
      expect(await qrOf('console.lan:3000')).toMatch(
        /^http:\/\/console\.lan:3000\/designerapi\/v1\/scan\/confirm\?/,
      );
      expect(await qrOf('other.lan')).toMatch(/^http:\/\/other\.lan\/designerapi\/v1\/scan\/confirm\?/);
      expect(await qrOf(EVIL)).not.toContain('evil');
    } finally {
      await listed.close();
    }
  });

  it('with PUBLIC_URL set, the store endpoint for an unlisted host is on PUBLIC_URL’s host', () => {
    const config = { ossPublicUrl: undefined, ossPort: 3001, publicUrl: 'https://console.example.com' };
    expect(objectStorePublicUrl(config, { protocol: 'http', host: EVIL })).toBe(
      'http://console.example.com:3001',
    );
    expect(objectStorePublicUrl(config, { protocol: 'http', host: 'console.example.com' })).toBe(
      'http://console.example.com:3001',
    );
    expect(objectStorePublicUrl(config, { protocol: 'http', host: '127.0.0.1:3000' })).toBe(
      'http://127.0.0.1:3001',
    );
  });

  it('this machine’s own addresses and loopback are kept as the request named them', () => {
    const config = { ossPublicUrl: undefined, ossPort: 3001 };
    expect(objectStorePublicUrl(config, { protocol: 'http', host: 'localhost:3000' })).toBe(
      'http://localhost:3001',
    );
    expect(objectStorePublicUrl(config, { protocol: 'http', host: '[::1]:3000' })).toBe('http://[::1]:3001');
    const lan = lanAddress();
    if (lan)
      expect(objectStorePublicUrl(config, { protocol: 'http', host: `${lan}:3000` })).toBe(
        `http://${lan}:3001`,
      );
  });
});

describe('PUBLIC_HOSTS setting', () => {
  it('is read as host names without ports or brackets; anything else stops the server naming it', async () => {
    const { loadConfig, ConfigError } = await import('../../../src/config.ts');
    expect(
      loadConfig({ PUBLIC_HOSTS: ' Console.LAN:3000, [fe80::1], fe80::2 ,10.0.0.5' }).publicHosts,
    ).toEqual(['console.lan', 'fe80::1', 'fe80::2', '10.0.0.5']);
    expect(() => loadConfig({ PUBLIC_HOSTS: 'evil.example.com/x' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_HOSTS: 'evil.example.com/x' })).toThrow(/PUBLIC_HOSTS/);
  });
});
