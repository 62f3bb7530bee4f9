import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { pgliteExtensions } from '../db/client.ts';
import type { AdminOutcome } from './execute.ts';
import { readOperatorFile } from './operator-file.ts';
import { type AdminCommand, AdminFailure, AdminUsageError } from './registry.ts';

/**
 * Backups of an install (issue 11 item 7): the embedded database (a PGlite data-dir dump) and
 * the object store (DATA_DIR/objects, each file with its sha256 in a manifest). They work on
 * files, so they run in the CLI only, never through a running server: the server must be
 * stopped (the embedded database is one process's at a time). On PostgreSQL the database is
 * backed up with pg_dump instead (printed), the objects still copied. With OBJECT_STORE=s3 the
 * objects are the bucket's, backed up with the store's own tools (printed), like PostgreSQL's.
 */

/** execute.ts's exit codes (not imported: execute.ts loads the registry, which lists these commands). */
const ExitCode = { done: 0, failed: 1, usage: 2 } as const;

const MANIFEST = 'manifest.json';
const DATABASE_ARCHIVE = 'database.tar.gz';
const OBJECTS = 'objects';
/** Files of DATA_DIR copied beside the objects: the object store's signing secret. */
const EXTRA_FILES = ['oss-secret'];

const objectEntrySchema = z.object({ path: z.string(), size: z.number().int(), sha256: z.string() });
const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  database: z
    .object({ file: z.string(), sha256: z.string(), tables: z.record(z.string(), z.number().int()) })
    .nullable(),
  objects: z.array(objectEntrySchema),
  extras: z.array(objectEntrySchema),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export interface BackupOptions {
  dataDir: string;
  /** Set: the database is PostgreSQL, backed up with pg_dump (printed), not here. */
  databaseUrl?: string | undefined;
  /** Set: the objects live in this S3 bucket (OBJECT_STORE=s3), backed up with the store's tools. */
  bucket?: { name: string; endpoint: string | undefined } | undefined;
  /** True when a server answers on DATA_DIR/operator.json (the CLI probes it for real; tests pass their own probe). */
  serverAnswering?: (dataDir: string) => Promise<boolean>;
  print(line?: string): void;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every file under `root`, as paths relative to it with `/`, sorted. */
function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) found.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  walk(root);
  return found.sort();
}

function copyWithHash(from: string, to: string): { size: number; sha256: string } {
  const bytes = readFileSync(from);
  mkdirSync(path.dirname(to), { recursive: true });
  writeFileSync(to, bytes);
  return { size: bytes.length, sha256: sha256(bytes) };
}

/** A server holds DATA_DIR when operator.json names one that answers its health check. */
export async function serverHoldsDataDir(dataDir: string): Promise<boolean> {
  const file = readOperatorFile(dataDir);
  if (!file) return false;
  try {
    await fetch(`${file.url}/health`, { signal: AbortSignal.timeout(3000) });
    return true;
  } catch {
    return false;
  }
}

async function refuseWhileServed(options: BackupOptions, what: string) {
  if (await (options.serverAnswering ?? serverHoldsDataDir)(options.dataDir)) {
    throw new AdminFailure(
      `a server is running on ${options.dataDir} (operator.json answers): stop it before ${what}`,
    );
  }
}

async function tableCounts(client: PGlite): Promise<Record<string, number>> {
  const { rows } = await client.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    const result = await client.query<{ n: number }>(
      `select count(*)::int as n from "${name.replace(/"/g, '""')}"`,
    );
    counts[name] = result.rows[0]?.n ?? 0;
  }
  return counts;
}

const bucketSyncHelp = (bucket: { name: string; endpoint: string | undefined }) => [
  `The objects are in the S3 bucket ${bucket.name} (OBJECT_STORE=s3): copy them with the store's tools, e.g.`,
  `  aws s3 sync s3://${bucket.name} <dir>/bucket${bucket.endpoint ? ` --endpoint-url ${bucket.endpoint}` : ''}`,
  'or keep them with the bucket’s own versioning or replication.',
];

const pgDumpHelp = (url: string) => [
  'The database is PostgreSQL (DATABASE_URL): back it up with its own tools, e.g.',
  `  pg_dump --format=custom --file=<dir>/database.dump "${url.replace(/:[^:@/]*@/, ':***@')}"`,
  'and restore into an empty database with',
  '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" <dir>/database.dump',
];

/** `backup <dir>`: writes the database dump, the objects and the manifest into an empty `dir`. */
export async function backupDataDir(target: string, options: BackupOptions): Promise<BackupManifest> {
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new AdminFailure(`${target} is not empty: back up into a new or empty folder`);
  }
  let database: BackupManifest['database'] = null;
  if (options.databaseUrl) {
    for (const line of pgDumpHelp(options.databaseUrl)) options.print(line);
  } else {
    await refuseWhileServed(options, 'backing up the embedded database');
    const dir = path.join(options.dataDir, 'pglite');
    if (!existsSync(dir)) throw new AdminFailure(`no embedded database in ${dir}`);
    const client = await PGlite.create(dir, { extensions: pgliteExtensions });
    try {
      const tables = await tableCounts(client);
      const dump = new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer());
      mkdirSync(target, { recursive: true });
      writeFileSync(path.join(target, DATABASE_ARCHIVE), dump, { mode: 0o600 });
      database = { file: DATABASE_ARCHIVE, sha256: sha256(dump), tables };
    } finally {
      await client.close();
    }
  }
  mkdirSync(target, { recursive: true });
  if (options.bucket) for (const line of bucketSyncHelp(options.bucket)) options.print(line);
  const objectsRoot = path.join(options.dataDir, OBJECTS);
  // With S3 nothing of the store is under DATA_DIR: the list is empty, the manifest says so.
  const objects = filesUnder(objectsRoot).map((rel) => ({
    path: rel,
    ...copyWithHash(path.join(objectsRoot, rel), path.join(target, OBJECTS, rel)),
  }));
  const extras = EXTRA_FILES.filter((name) => existsSync(path.join(options.dataDir, name))).map((name) => {
    const copied = copyWithHash(path.join(options.dataDir, name), path.join(target, name));
    chmodSync(path.join(target, name), 0o600);
    return { path: name, ...copied };
  });
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database,
    objects,
    extras,
  };
  writeFileSync(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  const bytes = objects.reduce((sum, o) => sum + o.size, 0);
  options.print(
    `backed up ${database ? `the database (${Object.keys(database.tables).length} tables) and ` : ''}${objects.length} object(s), ${bytes} bytes, to ${target}`,
  );
  return manifest;
}

function readManifest(source: string): BackupManifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path.join(source, MANIFEST), 'utf8'));
  } catch {
    throw new AdminFailure(`${source} holds no readable ${MANIFEST}: not a backup`);
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success)
    throw new AdminFailure(`${source}/${MANIFEST} is not a backup manifest of this version`);
  return result.data;
}

/** Checks every file of the backup against its sha256 before anything is touched. */
function verifyBackup(source: string, manifest: BackupManifest): void {
  const check = (rel: string, expected: string) => {
    const file = path.join(source, rel);
    if (!existsSync(file) || sha256(readFileSync(file)) !== expected) {
      throw new AdminFailure(`${rel} in the backup is missing or damaged (sha256 differs): nothing restored`);
    }
  };
  if (manifest.database) check(manifest.database.file, manifest.database.sha256);
  for (const object of manifest.objects) check(`${OBJECTS}/${object.path}`, object.sha256);
  for (const extra of manifest.extras) check(extra.path, extra.sha256);
}

const nonEmpty = (dir: string) =>
  existsSync(dir) && statSync(dir).isDirectory() && readdirSync(dir).length > 0;

/**
 * `restore <dir> [--force]`: verifies the backup, then replaces DATA_DIR's database and objects
 * with it. Refused while a server holds DATA_DIR, and into a DATA_DIR with data unless `force`.
 */
export async function restoreDataDir(
  source: string,
  options: BackupOptions & { force: boolean },
): Promise<BackupManifest> {
  const manifest = readManifest(source);
  verifyBackup(source, manifest);
  await refuseWhileServed(options, 'restoring');
  const databaseDir = path.join(options.dataDir, 'pglite');
  const objectsRoot = path.join(options.dataDir, OBJECTS);
  const restoresDatabase = manifest.database !== null && !options.databaseUrl;
  if (!options.force && ((restoresDatabase && nonEmpty(databaseDir)) || nonEmpty(objectsRoot))) {
    throw new AdminFailure(`${options.dataDir} already holds data: restore with --force to replace it`);
  }
  if (manifest.database && options.databaseUrl) {
    for (const line of pgDumpHelp(options.databaseUrl)) options.print(line);
    throw new AdminFailure('this backup holds an embedded database; DATABASE_URL is set: nothing restored');
  }
  if (restoresDatabase && manifest.database) {
    rmSync(databaseDir, { recursive: true, force: true });
    mkdirSync(databaseDir, { recursive: true });
    const archive = readFileSync(path.join(source, manifest.database.file));
    const client = await PGlite.create(databaseDir, {
      loadDataDir: new Blob([archive]),
      extensions: pgliteExtensions,
    });
    try {
      const counts = await tableCounts(client);
      for (const [table, expected] of Object.entries(manifest.database.tables)) {
        if (counts[table] !== expected) {
          throw new AdminFailure(`restored ${table} has ${counts[table]} rows, the backup ${expected}`);
        }
      }
    } finally {
      await client.close();
    }
  }
  rmSync(objectsRoot, { recursive: true, force: true });
  for (const object of manifest.objects) {
    copyWithHash(path.join(source, OBJECTS, object.path), path.join(objectsRoot, object.path));
  }
  for (const extra of manifest.extras) {
    copyWithHash(path.join(source, extra.path), path.join(options.dataDir, extra.path));
    chmodSync(path.join(options.dataDir, extra.path), 0o600);
  }
  options.print(
    `restored ${restoresDatabase ? 'the database and ' : ''}${manifest.objects.length} object(s) from ${source} (made ${manifest.createdAt})`,
  );
  return manifest;
}

const cliOnly = async () => {
  throw new AdminFailure('backup and restore work on files: run them with the server stopped');
};

/** Listed for `help` and usage checks; the CLI runs them itself (runFileCommand). */
export const backupCommands: AdminCommand[] = [
  {
    words: ['backup'],
    args: '<dir>',
    summary: 'copy the embedded database and the objects (with sha256 manifest) into an empty dir',
    minArgs: 1,
    run: cliOnly,
  },
  {
    words: ['restore'],
    args: '<dir> [--force]',
    summary: 'restore a backup into DATA_DIR (server stopped; --force replaces existing data)',
    minArgs: 1,
    maxArgs: 2,
    run: cliOnly,
  },
];

export const isFileCommand = (argv: string[]) => argv[0] === 'backup' || argv[0] === 'restore';

/** Runs `backup` or `restore` in this process, with the configured DATA_DIR. */
export async function runFileCommand(config: Config, argv: string[]): Promise<AdminOutcome> {
  const lines: string[] = [];
  const options = {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    bucket:
      config.objectStore.kind === 's3'
        ? { name: config.objectStore.bucket, endpoint: config.objectStore.endpoint }
        : undefined,
    print: (line = '') => lines.push(line),
  };
  try {
    const [command, dir, flag] = argv;
    if (!dir) throw new AdminUsageError(`usage: npm run admin -- ${command} <dir>`);
    if (command === 'backup') await backupDataDir(path.resolve(dir), options);
    else {
      if (flag !== undefined && flag !== '--force')
        throw new AdminUsageError('usage: npm run admin -- restore <dir> [--force]');
      await restoreDataDir(path.resolve(dir), { ...options, force: flag === '--force' });
    }
    return { exitCode: ExitCode.done, output: lines.map((l) => `${l}\n`).join('') };
  } catch (error) {
    const exitCode = error instanceof AdminUsageError ? ExitCode.usage : ExitCode.failed;
    if (!(error instanceof AdminUsageError || error instanceof AdminFailure)) throw error;
    return { exitCode, output: [...lines, error.message].map((l) => `${l}\n`).join('') };
  }
}
