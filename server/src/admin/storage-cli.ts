import path from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { EmbeddedObjectStore } from '../storage/embedded.ts';
import { ObjectStoreSettingError, objectStoreFor } from '../storage/index.ts';
import { type AdminOutcome, ExitCode } from './execute.ts';
import { migrateObjects, migrateSummary } from './storage-migrate.ts';
import { type ObjectReference, parseReferenceLine } from './storage-references.ts';
import { verifyFailed, verifyLines, verifyObjects } from './storage-verify.ts';

/** `storage migrate` and `storage verify`: run by the CLI process, which holds the stores. */
export const isStorageCommand = (argv: string[]) =>
  argv[0] === 'storage' && (argv[1] === 'migrate' || argv[1] === 'verify');

export interface StorageRun {
  config: Config;
  /** The environment the config came from: `--to s3` reads the S3_* settings from it. */
  env: NodeJS.ProcessEnv;
  /** Runs an operator command where the database is (the running server, or opened here). */
  runOnDatabase(argv: string[]): Promise<AdminOutcome>;
  /** Progress and failures as they happen (stderr). */
  say(line: string): void;
}

const outcome = (exitCode: number, lines: string[]): AdminOutcome => ({
  exitCode,
  output: lines.map((line) => `${line}\n`).join(''),
});

export function runStorageCommand(run: StorageRun, argv: string[]): Promise<AdminOutcome> {
  return argv[1] === 'migrate' ? migrate(run, argv.slice(2)) : verify(run);
}

async function migrate(run: StorageRun, args: string[]): Promise<AdminOutcome> {
  if (args.join(' ') !== '--to s3')
    return outcome(ExitCode.usage, ['usage: npm run admin -- storage migrate --to s3']);
  let targetConfig: Config;
  try {
    // The target is the S3_* bucket whatever OBJECT_STORE says now: checked as OBJECT_STORE=s3 would be.
    targetConfig = loadConfig({ ...run.env, OBJECT_STORE: 's3' });
  } catch (error) {
    if (error instanceof ConfigError) return outcome(ExitCode.usage, [error.message]);
    throw error;
  }
  const target = objectStoreFor(targetConfig);
  try {
    await target.prepare();
    const report = await migrateObjects(new EmbeddedObjectStore(run.config), target, run.say);
    return outcome(report.failed > 0 ? ExitCode.failed : ExitCode.done, [migrateSummary(report)]);
  } catch (error) {
    if (error instanceof ObjectStoreSettingError) return outcome(ExitCode.usage, [error.message]);
    return outcome(ExitCode.failed, [`storage migrate failed: ${messageOf(error)}`]);
  } finally {
    target.close();
  }
}

async function verify(run: StorageRun): Promise<AdminOutcome> {
  const answer = await run.runOnDatabase(['storage', 'references']);
  if (answer.exitCode !== ExitCode.done) return answer;
  const refs: ObjectReference[] = [];
  for (const line of answer.output.split('\n')) {
    if (!line) continue;
    const ref = parseReferenceLine(line);
    if (!ref) return outcome(ExitCode.failed, [`storage verify: unexpected reference line: ${line}`]);
    refs.push(ref);
  }
  const settings = run.config.objectStore;
  const where =
    settings.kind === 's3'
      ? `the S3 bucket ${settings.bucket}`
      : `the embedded store (${path.join(run.config.dataDir, 'objects')})`;
  const store = objectStoreFor(run.config);
  try {
    const report = await verifyObjects(store, refs);
    return outcome(verifyFailed(report) ? ExitCode.failed : ExitCode.done, verifyLines(report, where));
  } catch (error) {
    return outcome(ExitCode.failed, [`storage verify: could not list ${where}: ${messageOf(error)}`]);
  } finally {
    store.close();
  }
}

const messageOf = (error: unknown) => {
  const cause = (error as { cause?: unknown }).cause;
  const text = error instanceof Error ? error.message : String(error);
  return cause instanceof Error ? `${text} (${cause.message})` : text;
};
