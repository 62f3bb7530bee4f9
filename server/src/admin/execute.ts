import type { Database } from '../db/client.ts';
import { adminRegistry } from './commands.ts';
import { AdminFailure, type AdminRegistry, AdminUsageError } from './registry.ts';

/** Exit codes: 0 done, 1 the command could not do it, 2 bad usage or setting. */
export const ExitCode = { done: 0, failed: 1, usage: 2 } as const;

/** What one command run produced: its exit code and everything it printed, line by line. */
export interface AdminOutcome {
  exitCode: number;
  output: string;
}

/** Where the CLI prints an outcome: stdout when done or when the command list was asked for, else stderr. */
export const printsToStdout = (outcome: AdminOutcome, argv: string[]) =>
  isHelp(argv) || outcome.exitCode === ExitCode.done;

export const isHelp = (argv: string[]) =>
  argv.length === 0 || argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h';

/**
 * Checks `argv` without touching the database: help, an unknown command and wrong arguments
 * are answered here (exit 0 or 2 with the text); undefined means the command can run.
 */
export function checkUsage(
  argv: string[],
  registry: AdminRegistry = adminRegistry,
): AdminOutcome | undefined {
  if (isHelp(argv)) {
    return { exitCode: argv.length === 0 ? ExitCode.usage : ExitCode.done, output: `${registry.usage()}\n` };
  }
  try {
    if (!registry.find(argv)) {
      return {
        exitCode: ExitCode.usage,
        output: `unknown command: ${argv.join(' ')}\n\n${registry.usage()}\n`,
      };
    }
    return undefined;
  } catch (error) {
    if (error instanceof AdminUsageError) return { exitCode: ExitCode.usage, output: `${error.message}\n` };
    throw error;
  }
}

/**
 * Runs one command on an open, migrated database with its printing captured: the CLI and the
 * running server's operator route answer the same text and exit code. A refused rule is exit 1
 * with its message after what was printed, bad input exit 2; anything else is a real failure
 * and is thrown.
 */
export async function executeAdminCommand(
  db: Database,
  argv: string[],
  now: Date,
  registry: AdminRegistry = adminRegistry,
): Promise<AdminOutcome> {
  const refused = checkUsage(argv, registry);
  if (refused) return refused;
  const match = registry.find(argv)!;
  const lines: string[] = [];
  const output = () => lines.map((line) => `${line}\n`).join('');
  try {
    await match.command.run({ db, now, print: (line = '') => lines.push(line) }, match.args);
    return { exitCode: ExitCode.done, output: output() };
  } catch (error) {
    if (error instanceof AdminFailure || error instanceof AdminUsageError) {
      lines.push(error.message);
      return { exitCode: error instanceof AdminFailure ? ExitCode.failed : ExitCode.usage, output: output() };
    }
    throw error;
  }
}
