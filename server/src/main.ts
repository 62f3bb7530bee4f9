import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startObjectStore } from './oss/index.ts';
import { seedDemo } from './seed/index.ts';

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

  const database = await openDatabase(config);
  await database.migrate();
  if (config.seed === 'demo' && (await seedDemo(database.db))) {
    process.stdout.write('Seeded demo accounts: demo / newcomer (password demo123456)\n');
  }

  const app = await buildApp({ config, database });
  const objectStore = await startObjectStore(config, { log: app.log.child({ component: 'oss' }) });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: draining requests');
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
}

main().catch((error) => {
  process.stderr.write(`Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
