import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cephInstalled,
  type GatewayWithoutRole,
  gatewayEnv,
  NO_CEPH,
  startRgw,
  stopRgw,
} from '../../../scripts/ceph-rgw.mjs';
import { renditionKey } from '../../src/media/renditions.ts';
import { imageFileUrl } from '../../src/modules/image-files/index.ts';
import { objectStoreFor } from '../../src/storage/index.ts';
import { fieldErrors, imageGrant } from '../security/content/support.ts';
import { call, createVideosApp, type Session, someDesigner, type VideosApp } from '../videos/support.ts';
import { phoneJpeg, renditionKeys, storedBytes, storedKeys } from './picture-support.ts';

/**
 * Issue 20 points 3 and 4 on S3 (a Ceph RGW): the picture is read through a local copy and the
 * cleaned picture and its renditions written back through the storage interface, so the bucket
 * holds what the embedded store would, and the instance's DATA_DIR keeps no copy.
 */
const installed = cephInstalled();

describe.skipIf(!installed)(`issue 20: pictures on S3 (Ceph RGW)${installed ? '' : ` — ${NO_CEPH}`}`, () => {
  let gateway: GatewayWithoutRole;
  let t: VideosApp;
  let ana: Session;
  let instanceDir: string;

  beforeAll(async () => {
    gateway = await startRgw({ role: false });
    instanceDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-s3-pictures-'));
    t = await createVideosApp({
      DATA_DIR: instanceDir,
      OSS_PUBLIC_URL: '',
      ...gatewayEnv(gateway, `pictures-${randomBytes(4).toString('hex')}`),
    });
    await objectStoreFor(t.app.config).prepare();
    ana = await someDesigner(t, 's3pic');
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    if (gateway) await stopRgw(gateway.dir);
    if (instanceDir) await fs.rm(instanceDir, { recursive: true, force: true });
  }, 60_000);

  /** The bytes written into the bucket under the grant's key (what the browser's upload does), then upload-finished. */
  async function finish(bytes: Buffer, fileName: string) {
    const grant = await imageGrant(t as VideosApp, ana, bytes.length, fileName);
    await objectStoreFor(t.app.config).put(grant.address.FileName, bytes, 'application/octet-stream');
    const answer = await call(t, ana, 'POST', `/images/${grant.imageId}/upload-finished`);
    return { key: grant.address.FileName, answer };
  }

  const localCopies = async () =>
    (await fs.readdir(path.join(instanceDir, 'tmp')).catch(() => [] as string[])).filter((name) =>
      /^(picture|object)-/.test(name),
    );

  it('a phone JPEG is stored turned and without its GPS EXIF, with its renditions beside it in the bucket', async () => {
    const { key, answer } = await finish(await phoneJpeg(900, 600, 6), 'phone.jpg');
    expect(answer.code, answer.msg).toBe(200);
    const stored = await sharp((await storedBytes(t, key))!).metadata();
    expect([stored.width, stored.height, stored.exif, stored.orientation]).toEqual([
      600,
      900,
      undefined,
      undefined,
    ]);
    expect(await storedKeys(t, key)).toEqual([key, ...renditionKeys(key)].sort());

    const shown = await t.app.inject({ method: 'GET', url: `${imageFileUrl(key)}?w=160` });
    expect(shown.statusCode).toBe(302);
    const link = String(shown.headers.location);
    expect(link.startsWith(`${gateway.endpoint}/`)).toBe(true);
    const fetched = await fetch(link);
    const rendition = await sharp(Buffer.from(await fetched.arrayBuffer())).metadata();
    expect([rendition.format, rendition.width, rendition.height]).toEqual(['webp', 107, 160]);
    expect(await localCopies()).toEqual([]);
  });

  it('a missing rendition is made from the bucket on the first request', async () => {
    const { key } = await finish(await phoneJpeg(500, 500), 'square.jpg');
    const store = objectStoreFor(t.app.config);
    for (const rendition of renditionKeys(key)) await store.delete(rendition);
    const shown = await t.app.inject({ method: 'GET', url: `${imageFileUrl(key)}?w=480` });
    expect(shown.statusCode).toBe(302);
    expect(await store.head(renditionKey(key, 480))).toBeDefined();
    expect(await localCopies()).toEqual([]);
  });

  it('a PNG bomb is refused and leaves nothing in the bucket, nor a copy in DATA_DIR', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 7_000, channels: 3, background: '#000' } })
      .greyscale()
      .png({ compressionLevel: 9 })
      .toBuffer();
    const { key, answer } = await finish(bomb, 'bomb.png');
    expect([answer.code, fieldErrors(answer)[0]!.path]).toEqual([40000, 'file']);
    expect(await storedKeys(t, key)).toEqual([]);
    expect(await localCopies()).toEqual([]);
  });
});
