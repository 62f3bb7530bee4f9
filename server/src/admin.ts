/**
 * The operator's command line: `npm run admin -- <command>` (see `help`). It opens the
 * configured database (DATABASE_URL, or the embedded one in DATA_DIR), migrates it, runs one
 * command and closes. Exit codes: 0 done, 1 the command could not do it, 2 bad usage or setting.
 */
import { accountCommands } from './admin/accounts.ts';
import { applicationCommands } from './admin/applications.ts';
import { contractCommands } from './admin/contracts.ts';
import { outboxCommands } from './admin/outbox.ts';
import { AdminFailure, AdminRegistry, AdminUsageError } from './admin/registry.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

/** Every command; later issues add their groups here. */
export const adminRegistry = new AdminRegistry(
  accountCommands,
  outboxCommands,
  applicationCommands,
  contractCommands,
);

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
    process.stdout.write(`${adminRegistry.usage()}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  let match: ReturnType<AdminRegistry['find']>;
  let config: ReturnType<typeof loadConfig>;
  try {
    match = adminRegistry.find(argv);
    if (!match) throw new AdminUsageError(`unknown command: ${argv.join(' ')}\n\n${adminRegistry.usage()}`);
    config = loadConfig();
  } catch (error) {
    if (error instanceof AdminUsageError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }

  const database = await openDatabase(config);
  try {
    await database.migrate();
    await match.command.run(
      { db: database.db, now: new Date(), print: (line = '') => process.stdout.write(`${line}\n`) },
      match.args,
    );
    return 0;
  } catch (error) {
    if (error instanceof AdminFailure || error instanceof AdminUsageError) {
      process.stderr.write(`${error.message}\n`);
      return error instanceof AdminFailure ? 1 : 2;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`admin failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
