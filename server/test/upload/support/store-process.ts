/**
 * The object store alone in its own process, so a test can kill it outright (SIGKILL) in the
 * middle of an upload, as a crash or a restart would, and start it again on the same DATA_DIR.
 * Prints `{"port":…}` once listening.
 */
import { loadConfig } from '../../../src/config.ts';
import { startObjectStore } from '../../../src/oss/index.ts';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const store = await startObjectStore(
  loadConfig({
    PORT: '0',
    OSS_PORT: process.env.OSS_PORT ?? '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: 'none',
    LOG_LEVEL: 'silent',
  }),
);
process.stdout.write(`${JSON.stringify({ port: store.port })}\n`);
