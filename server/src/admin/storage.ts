import { type AdminCommand, AdminFailure } from './registry.ts';
import { objectReferences, referenceLine } from './storage-references.ts';

/**
 * Moving house (issue 19 point 6): the storage commands. `migrate` and `verify` work on the object
 * store from the CLI process (storage-cli.ts runs them; a server only answers `references`).
 */

const cliOnly = async () => {
  throw new AdminFailure('storage migrate and verify run in the operator CLI, not through the server');
};

export const storageCommands: AdminCommand[] = [
  {
    words: ['storage', 'migrate'],
    args: '--to s3',
    summary: "copy DATA_DIR's embedded objects into the S3_* bucket (resumable)",
    minArgs: 2,
    run: cliOnly,
  },
  {
    words: ['storage', 'verify'],
    summary: 'check that every object key the database references is in the OBJECT_STORE store',
    run: cliOnly,
  },
  {
    words: ['storage', 'references'],
    summary: 'every object key the database references: state, recorded size, key (tab-separated)',
    run: async ({ db, now, print }) => {
      for (const ref of await objectReferences(db, now)) print(referenceLine(ref));
    },
  },
];
