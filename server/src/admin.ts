/**
 * The operator's command line: `npm run admin -- <command>` (see `help`). With the embedded
 * database and a server running on it (DATA_DIR/operator.json), the command is sent to that
 * server, which runs it and answers its output; otherwise it opens the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR), migrates it, runs one command and closes.
 * Exit codes: 0 done, 1 the command could not do it, 2 bad usage or setting.
 */
import { isFileCommand, runFileCommand } from './admin/backup.ts';
import {
  type AdminOutcome,
  checkUsage,
  ExitCode,
  executeAdminCommand,
  printsToStdout,
} from './admin/execute.ts';
import { readOperatorFile } from './admin/operator-file.ts';
import { runOnServer } from './admin/remote.ts';
import { isStorageCommand, runStorageCommand } from './admin/storage-cli.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

function print(outcome: AdminOutcome, argv: string[]): number {
  const stream = printsToStdout(outcome, argv) ? process.stdout : process.stderr;
  if (outcome.output) stream.write(outcome.output);
  return outcome.exitCode;
}

async function runLocally(config: Config, argv: string[]): Promise<AdminOutcome> {
  const database = await openDatabase(config);
  try {
    await database.migrate();
    return await executeAdminCommand(database.db, argv, new Date());
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const refused = checkUsage(argv);
  if (refused) return print(refused, argv);
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return ExitCode.usage;
    }
    throw error;
  }
  if (isFileCommand(argv)) return print(await runFileCommand(config, argv), argv);
  if (isStorageCommand(argv)) {
    const run = {
      config,
      env: process.env,
      runOnDatabase: (command: string[]) => runOnDatabase(config, command),
      say: (line: string) => process.stderr.write(`${line}\n`),
    };
    return print(await runStorageCommand(run, argv), argv);
  }
  return print(await runOnDatabase(config, argv), argv);
}

/** On the server holding the embedded database (operator.json), else on the database opened here. */
async function runOnDatabase(config: Config, argv: string[]): Promise<AdminOutcome> {
  if (!config.databaseUrl) {
    const file = readOperatorFile(config.dataDir);
    if (file) {
      const answer = await runOnServer(file, argv);
      if (answer) return answer;
      process.stderr.write(
        `No server answered at ${file.url} (a stale ${config.dataDir}/operator.json?): opening the database.\n`,
      );
    }
  }
  return runLocally(config, argv);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`admin failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
