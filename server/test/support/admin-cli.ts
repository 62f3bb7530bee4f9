import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { checkUsage, executeAdminCommand, printsToStdout } from '../../src/admin/execute.ts';
import { loadConfig } from '../../src/config.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../../src/db/client.ts';

/** What one `npm run admin -- …` printed and how it exited. */
export interface AdminRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const adminScript = path.join(repoRoot, 'server/src/admin.ts');

/**
 * `npm run admin -- …args` as a real process on the embedded database in `dataDir` (never while
 * this process has that database open). A few seconds each (tsx, PGlite, migrations): the
 * process boundary is proven once per file, the commands' rules by `adminInProcess`.
 */
export function adminProcess(dataDir: string, ...args: string[]): Promise<AdminRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', adminScript, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The same command in this process on an open, migrated `db`: what `admin.ts` does once it has
 * opened the database (the usage check, the command, the stream its text goes to, the exit code).
 */
export async function adminInProcess(db: Database, ...args: string[]): Promise<AdminRun> {
  const outcome = checkUsage(args) ?? (await executeAdminCommand(db, args, new Date()));
  const toStdout = printsToStdout(outcome, args);
  return {
    code: outcome.exitCode,
    stdout: toStdout ? outcome.output : '',
    stderr: toStdout ? '' : outcome.output,
  };
}

/**
 * The embedded database of `dataDir()` opened in this process for the tests of the describe block
 * that calls this (opened before them, closed after, so no CLI process may run meanwhile);
 * answers its database.
 */
export function dataDirDatabase(dataDir: () => string): () => Database {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await openDatabase(loadConfig({ DATA_DIR: dataDir() }));
    await handle.migrate();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });
  return () => handle!.db;
}
