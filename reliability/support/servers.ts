/**
 * Server processes of the scenarios, started the production way by the benchmark's own
 * `startServer` (the production entry, NODE_ENV=production, free ports) and tracked here so
 * that none outlives its scenario or the run (a Ctrl-C included).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, type RunningServer, rssOf, startServer } from '../../bench/support/server-process.ts';

export { freePort, rssOf };

export interface Instance extends RunningServer {
  label: string;
  /** SIGKILL: no request in flight gets an answer, nothing is flushed or closed. */
  kill(): Promise<void>;
  /** Whether the process still exists (it did not crash). */
  alive(): boolean;
}

const running = new Set<Instance>();

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A server with the demo seed on `env`'s database (DATA_DIR, and DATABASE_URL for PostgreSQL);
 * resolves once /health answers. Logs at `warn` unless `env.LOG_LEVEL` says otherwise.
 */
export async function startInstance(label: string, env: Record<string, string>): Promise<Instance> {
  const started = performance.now();
  // Start-up migrates and seeds: minutes on a loaded machine.
  const server = await startServer({ SEED: 'demo', ...env }, { startTimeoutMs: 600_000 });
  let gone = false;
  const instance: Instance = {
    ...server,
    label,
    alive: () => !gone && isAlive(server.pid),
    async kill() {
      if (isAlive(server.pid)) process.kill(server.pid, 'SIGKILL');
      await server.stop(); // waits for the exit
      gone = true;
      running.delete(instance);
    },
    async stop() {
      await server.stop();
      gone = true;
      running.delete(instance);
    },
  };
  running.add(instance);
  log(
    `  ${label}: ${server.origin} (pid ${server.pid}) up in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return instance;
}

/** Stops every server still running (SIGTERM, then SIGKILL after 15 s). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((instance) => instance.stop().catch(() => instance.kill())));
}

/** A fresh scratch directory under the system's temporary directory. */
export const scratchDir = (label: string) => fs.mkdtemp(path.join(os.tmpdir(), `dc-reliability-${label}-`));

export const log = (line: string) => process.stdout.write(`${line}\n`);
