import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDataDir, restoreDataDir } from '../src/admin/backup.ts';
import { AdminFailure } from '../src/admin/registry.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { auditEvents, designers, members } from '../src/db/schema/index.ts';
import { createDesigner } from './support/test-app.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const OBJECT = 'designer-console/videos/2025/clip.mp4';

let root: string;
let dataDir: string;
let backupDir: string;
const lines: string[] = [];
const options = () => ({
  dataDir,
  print: (line = '') => lines.push(line),
  serverAnswering: async () => false,
});

async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const countsOf = (db: Database) =>
  Promise.all([
    db.select({ n: count() }).from(designers),
    db.select({ n: count() }).from(members),
    db.select({ n: count() }).from(auditEvents),
  ]).then((rows) => rows.map(([row]) => row!.n));

let before: number[];
const objectBytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 251));

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'dc-backup-'));
  dataDir = path.join(root, 'data');
  backupDir = path.join(root, 'backup');
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const id = await createDesigner(database.db, { account: 'kept', password: 'backup-pass-1' });
  await database.db.insert(members).values(
    [1, 2, 3].map((n) => ({
      designerId: id,
      nickname: `m${n}`,
      phoneMasked: '138****0001',
      boundAt: new Date(),
    })),
  );
  await database.db
    .insert(auditEvents)
    .values({ designerId: id, actor: 'operator', action: 'export', summary: 'x', occurredAt: new Date() });
  before = await countsOf(database.db);
  await database.close();
  mkdirSync(path.dirname(path.join(dataDir, 'objects', OBJECT)), { recursive: true });
  writeFileSync(path.join(dataDir, 'objects', OBJECT), objectBytes);
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('issue 11 item 7: backup and restore of the embedded database and the object store', () => {
  it('round trip: back up, wipe DATA_DIR, restore — same row counts and object hashes', async () => {
    const manifest = await backupDataDir(backupDir, options());
    expect(manifest.database?.tables).toMatchObject({ designers: 1, members: 3, audit_events: 1 });
    expect(manifest.objects).toEqual([
      { path: OBJECT, size: objectBytes.length, sha256: sha256(objectBytes) },
    ]);

    rmSync(dataDir, { recursive: true, force: true });
    await restoreDataDir(backupDir, { ...options(), force: false });
    expect(sha256(readFileSync(path.join(dataDir, 'objects', OBJECT)))).toBe(sha256(objectBytes));
    expect(await withDatabase(countsOf)).toEqual(before);
  }, 120_000);

  it('backup refuses a non-empty target folder', async () => {
    await expect(backupDataDir(backupDir, options())).rejects.toThrow(/not empty/);
  });

  it('restore refuses a DATA_DIR holding data without --force, and with --force replaces it', async () => {
    await expect(restoreDataDir(backupDir, { ...options(), force: false })).rejects.toThrow(/--force/);
    writeFileSync(path.join(dataDir, 'objects', 'stray.bin'), 'stray');
    await restoreDataDir(backupDir, { ...options(), force: true });
    expect(existsSync(path.join(dataDir, 'objects', 'stray.bin'))).toBe(false);
    expect(await withDatabase(countsOf)).toEqual(before);
  }, 120_000);

  it('restore and backup refuse while a server holds DATA_DIR', async () => {
    const served = { ...options(), serverAnswering: async () => true };
    await expect(restoreDataDir(backupDir, { ...served, force: true })).rejects.toThrow(/server is running/);
    await expect(backupDataDir(path.join(root, 'other'), served)).rejects.toThrow(/server is running/);
  });

  it('a damaged backup is refused before anything is touched', async () => {
    const damaged = path.join(root, 'damaged');
    await backupDataDir(damaged, options());
    writeFileSync(path.join(damaged, 'objects', OBJECT), 'tampered');
    const error = await restoreDataDir(damaged, { ...options(), force: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdminFailure);
    expect(String(error)).toMatch(/damaged/);
    expect(sha256(readFileSync(path.join(dataDir, 'objects', OBJECT)))).toBe(sha256(objectBytes));
  }, 120_000);

  it('on PostgreSQL (DATABASE_URL) backup prints the pg_dump and pg_restore commands, without the password', async () => {
    const printed: string[] = [];
    const pgTarget = path.join(root, 'pg');
    const manifest = await backupDataDir(pgTarget, {
      ...options(),
      databaseUrl: 'postgres://app:secret@db:5432/dc',
      print: (line = '') => printed.push(line),
    });
    expect(manifest.database).toBeNull();
    expect(printed.join('\n')).toMatch(/pg_dump --format=custom/);
    expect(printed.join('\n')).toMatch(/pg_restore/);
    expect(printed.join('\n')).not.toContain('secret');
  });

  it('issue 19: with OBJECT_STORE=s3 backup prints how to copy the bucket and copies no object files', async () => {
    const printed: string[] = [];
    const s3Target = path.join(root, 's3');
    const manifest = await backupDataDir(s3Target, {
      ...options(),
      databaseUrl: 'postgres://app@db:5432/dc',
      dataDir: path.join(root, 'empty-instance'),
      bucket: { name: 'console-media', endpoint: 'http://rgw.internal:7480' },
      print: (line = '') => printed.push(line),
    });
    expect(manifest.objects).toEqual([]);
    expect(printed.join('\n')).toContain(
      'aws s3 sync s3://console-media <dir>/bucket --endpoint-url http://rgw.internal:7480',
    );
  });
});
