import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { images, lookModels, videos } from '../../src/db/schema/index.ts';
import { EmbeddedObjectStore } from '../../src/storage/embedded.ts';
import type { AdminRun } from '../support/admin-cli.ts';
import { mp4Bytes, PNG_1X1 } from '../support/media-bytes.ts';
import { createDesigner } from '../support/test-app.ts';

const MiB = 1024 * 1024;
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const adminScript = path.join(repoRoot, 'server/src/admin.ts');

/** `npm run admin -- …args` in a real process with DATA_DIR and `env` (support/admin-cli.ts passes DATA_DIR only). */
export function adminWith(env: Record<string, string>, ...args: string[]): Promise<AdminRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', adminScript, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface SeededInstall {
  dataDir: string;
  store: EmbeddedObjectStore;
  /** Every object written, by key. */
  objects: Map<string, Buffer>;
  keys: {
    video: string;
    cover: string;
    picture: string;
    model: string;
    empty: string;
    unreferenced: string;
    demoPicture: string;
    uploadingVideo: string;
  };
}

/**
 * An embedded install: a designer's video (over 5 MiB, written from a file as uploads arrive),
 * its cover, a picture, a 3D model with that picture as poster, an empty object and one no row
 * names; rows for them, a demo picture row (drawn on first view) and a video still uploading.
 */
export async function seedEmbeddedInstall(): Promise<SeededInstall> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-storage-move-'));
  const config = loadConfig({ DATA_DIR: dataDir });
  const database = await openDatabase(config);
  const store = new EmbeddedObjectStore(config);
  const objects = new Map<string, Buffer>();
  try {
    await database.migrate();
    const db = database.db;
    const designerId = await createDesigner(db, { account: 'mover', password: 'mover-pass-1' });
    const hex = () => randomBytes(16).toString('hex');
    const prefix = `designers/${designerId}`;
    const keys = {
      video: `${prefix}/videos/${hex()}.mp4`,
      cover: `${prefix}/images/${hex()}.jpg`,
      picture: `${prefix}/images/${hex()}.png`,
      model: `${prefix}/models/${hex()}.glb`,
      empty: `${prefix}/images/${hex()}.bin`,
      unreferenced: 'platform/notes/readme.txt',
      demoPicture: `${prefix}/images/demo-portfolio-1.png`,
      uploadingVideo: `${prefix}/videos/${hex()}.mp4`,
    };
    const video = mp4Bytes(12 * MiB + 7);
    const videoFile = path.join(dataDir, 'upload.mp4');
    await fs.writeFile(videoFile, video);
    await store.putFile(keys.video, videoFile, 'video/mp4');
    await fs.rm(videoFile);
    objects.set(keys.video, video);
    const put = async (key: string, bytes: Buffer, type: string) => {
      await store.put(key, bytes, type);
      objects.set(key, bytes);
    };
    await put(keys.cover, randomBytes(200_000), 'image/jpeg');
    await put(keys.picture, PNG_1X1, 'image/png');
    await put(keys.model, randomBytes(300_000), 'model/gltf-binary');
    await put(keys.empty, Buffer.alloc(0), 'application/octet-stream');
    await put(keys.unreferenced, Buffer.from('not a designer upload\n'), 'text/plain');

    const now = new Date();
    const twoDaysAgo = new Date(now.getTime() - 2 * 24 * 3600_000);
    const image = (key: string, fileSize: number) => ({
      designerId,
      objectKey: key,
      fileName: path.basename(key),
      fileSize,
      mimeType: 'image/png',
      createdAt: twoDaysAgo,
    });
    await db
      .insert(images)
      .values([
        image(keys.cover, objects.get(keys.cover)!.length),
        image(keys.picture, PNG_1X1.length),
        image(keys.empty, 0),
        image(keys.demoPicture, 1234),
      ]);
    const videoRow = (key: string, fileSize: number, status: string) => ({
      designerId,
      title: 'moving house',
      objectKey: key,
      fileName: 'a.mp4',
      fileSize,
      mimeType: 'video/mp4',
      coverObjectKey: keys.cover,
      status,
      createdAt: now,
      updatedAt: now,
    });
    await db
      .insert(videos)
      .values([
        videoRow(keys.video, video.length, 'published'),
        videoRow(keys.uploadingVideo, 5 * MiB, 'uploading'),
      ]);
    await db.insert(lookModels).values({
      designerId,
      name: 'mannequin',
      objectKey: keys.model,
      fileName: 'mannequin.glb',
      posterObjectKey: keys.picture,
      bodyType: 'female',
      status: 'ready',
      byteSize: objects.get(keys.model)!.length,
      createdAt: now,
      updatedAt: now,
    });
    return { dataDir, store, objects, keys };
  } finally {
    await database.close();
  }
}
