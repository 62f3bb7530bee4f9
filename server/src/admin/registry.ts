import type { Database } from '../db/client.ts';

/** What a command gets: the open, migrated database, the clock, and where to print. */
export interface AdminContext {
  db: Database;
  now: Date;
  print(line?: string): void;
}

/**
 * One operator command, named by its words (`['accounts', 'approve']`). Later issues add theirs
 * (exclusive applications, contracts, withdrawals) in their own file under `server/src/admin/`
 * and list them in `server/src/admin.ts`.
 */
export interface AdminCommand {
  words: string[];
  /** Usage of the arguments after the words: `<account>`, `[phone]`. */
  args?: string;
  summary: string;
  /** Fewest and most arguments (default: none). */
  minArgs?: number;
  maxArgs?: number;
  run(ctx: AdminContext, args: string[]): Promise<void>;
}

/** Bad usage: exit code 2 with the usage text. */
export class AdminUsageError extends Error {}
/** The command could not do it (unknown account, wrong state…): exit code 1 with the message. */
export class AdminFailure extends Error {}

export class AdminRegistry {
  private readonly commands: AdminCommand[] = [];

  constructor(...groups: AdminCommand[][]) {
    for (const group of groups) this.add(...group);
  }

  add(...commands: AdminCommand[]): void {
    for (const command of commands) {
      const name = command.words.join(' ');
      if (this.commands.some((c) => c.words.join(' ') === name))
        throw new Error(`duplicate admin command ${name}`);
      this.commands.push(command);
    }
  }

  /** The command whose words start `argv` (the longest match), with the remaining arguments. */
  find(argv: string[]): { command: AdminCommand; args: string[] } | undefined {
    let best: AdminCommand | undefined;
    for (const command of this.commands) {
      const matches = command.words.every((word, i) => argv[i] === word);
      if (matches && command.words.length > (best?.words.length ?? 0)) best = command;
    }
    if (!best) return undefined;
    const args = argv.slice(best.words.length);
    if (args.length < (best.minArgs ?? 0) || args.length > (best.maxArgs ?? best.minArgs ?? 0)) {
      throw new AdminUsageError(`usage: npm run admin -- ${signature(best)}`);
    }
    return { command: best, args };
  }

  usage(): string {
    const lines = this.commands.map((c) => `  ${signature(c).padEnd(36)} ${c.summary}`);
    return [
      'usage: npm run admin -- <command>',
      '',
      'commands:',
      ...lines,
      `  ${'help'.padEnd(36)} this list`,
    ].join('\n');
  }
}

const signature = (command: AdminCommand) => [...command.words, command.args ?? ''].join(' ').trim();

/** Rows as aligned columns under a header. */
export function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
