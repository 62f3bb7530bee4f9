import type { AddressInfo } from 'node:net';
import { API_PREFIX } from '@dc/contract';
import { newOperatorToken, removeOperatorFile, writeOperatorFile } from './admin/operator-file.ts';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startPlannerStatistics } from './db/planner-statistics.ts';
import { startStorageCleanup } from './modules/storage-quota/index.ts';
import { startObjectStore } from './oss/index.ts';
import { seedDemo } from './seed/index.ts';
import { ObjectStoreSettingError, objectStoreFor } from './storage/index.ts';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }

  // A wrong endpoint, key or bucket stops the start here, naming the setting, not a request later.
  const objects = objectStoreFor(config);
  try {
    await objects.prepare();
  } catch (error) {
    if (error instanceof ObjectStoreSettingError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }

  const database = await openDatabase(config);
  await database.migrate();
  if (config.seed === 'demo' && (await seedDemo(database.db))) {
    process.stdout.write('Seeded demo accounts: demo / newcomer (password demo123456)\n');
  }

  const app = await buildApp({ config, database });
  // PGlite has no autovacuum: its tables are analysed here as they grow.
  app.addHook('onClose', startPlannerStatistics(database.db, app.log));
  // Unregistered and abandoned uploads (issue 16): every instance sweeps; removals are idempotent.
  app.addHook('onClose', startStorageCleanup(database.db, config, app.log));
  // The embedded store serves browsers on OSS_PORT; with OBJECT_STORE=s3 they go to the bucket.
  const objectStore =
    config.objectStore.kind === 'embedded'
      ? await startObjectStore(config, { log: app.log.child({ component: 'oss' }) })
      : { close: async () => objects.close() };
  // The operator CLI reaches a server on the embedded database through DATA_DIR/operator.json.
  const operatorToken = config.databaseUrl ? undefined : newOperatorToken();
  const forgetOperatorFile = () => {
    if (operatorToken) removeOperatorFile(config.dataDir, operatorToken);
  };
  process.on('exit', forgetOperatorFile);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    forgetOperatorFile();
    try {
      // Both wait for requests in flight (an upload part included).
      await Promise.all([app.close(), objectStore.close()]);
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (operatorToken) publishOperatorFile(config, app.server.address(), operatorToken, app.log);
}

/**
 * Writes DATA_DIR/operator.json with the loopback URL of the API, when the server can be reached
 * on loopback (listening on every interface or on a loopback one); the operator route answers
 * loopback requests only.
 */
function publishOperatorFile(
  config: Config,
  address: AddressInfo | string | null,
  token: string,
  log: { info(o: object, m: string): void; warn(m: string): void },
) {
  if (!address || typeof address === 'string') return;
  const host = loopbackHostFor(address.address);
  if (!host) {
    log.warn(`HOST ${address.address} is not reachable on loopback: npm run admin needs the server stopped`);
    return;
  }
  const url = `http://${host}:${address.port}${API_PREFIX}`;
  writeOperatorFile(config.dataDir, { url, token, pid: process.pid });
  log.info({ file: `${config.dataDir}/operator.json` }, 'operator CLI enabled while running');
}

function loopbackHostFor(listening: string): string | undefined {
  if (listening === '0.0.0.0' || listening === '::') return '127.0.0.1';
  if (listening.startsWith('127.')) return listening;
  if (listening === '::1') return '[::1]';
  return undefined;
}

main().catch((error) => {
  process.stderr.write(`Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
