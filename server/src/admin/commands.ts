import { accountCommands } from './accounts.ts';
import { applicationCommands } from './applications.ts';
import { backupCommands } from './backup.ts';
import { contractCommands } from './contracts.ts';
import { jobCommands } from './jobs.ts';
import { memberCommands } from './members.ts';
import { outboxCommands } from './outbox.ts';
import { AdminRegistry } from './registry.ts';
import { storageCommands } from './storage.ts';
import { withdrawalCommands } from './withdrawals.ts';

/**
 * Every operator command, for the CLI (`server/src/admin.ts`) and for the running server's
 * operator route alike; later issues add their groups here. No side effects on import.
 */
export const adminRegistry = new AdminRegistry(
  accountCommands,
  outboxCommands,
  applicationCommands,
  contractCommands,
  memberCommands,
  withdrawalCommands,
  backupCommands,
  storageCommands,
  jobCommands,
);
