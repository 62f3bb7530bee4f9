import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPOSITORY_ROOT } from './options.ts';

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** Resident set size of a process in bytes (Linux /proc), or 0 when it cannot be read. */
export function rssOf(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * CPU time a process has used, in milliseconds (user + system, /proc/<pid>/stat; clock ticks
 * of 10 ms), or NaN when it cannot be read. The difference over a scenario divided by its
 * requests is the server's CPU per request: unlike latency, it hardly moves with the load the
 * other processes of a shared machine put on it.
 */
export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; answers the peak. */
export function sampleRss(pid: number, everyMs = 50): { stop(): number } {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssOf(pid));
    },
  };
}

export interface RunningServer {
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

/** How the benchmark starts the server, for the results' description. */
export const SERVER_COMMAND =
  'node --enable-source-maps --max-old-space-size=192 server/dist/main.js (esbuild bundle, as npm start)';

/**
 * The production build (scripts/server-build.mjs), rebuilt when older than its sources, and
 * node's arguments to run it as `npm start` does.
 */
async function productionCommand(): Promise<string[]> {
  const script = pathToFileURL(path.join(REPOSITORY_ROOT, 'scripts/server-build.mjs')).href;
  const build = (await import(script)) as {
    ensureServerBuild(): Promise<string>;
    serverNodeArgs(entry: string): string[];
  };
  return build.serverNodeArgs(await build.ensureServerBuild());
}

/**
 * Starts the server as production does (`npm start`'s build: server/dist/main.js, API only, no
 * demo seed) on free ports, with `env` naming the database; resolves once /health answers.
 */
export async function startServer(
  env: Record<string, string>,
  options: { startTimeoutMs?: number } = {},
): Promise<RunningServer> {
  const startTimeoutMs = options.startTimeoutMs ?? 120_000;
  const port = await freePort();
  const ossPort = await freePort();
  const child: ChildProcess = spawn(process.execPath, await productionCommand(), {
    cwd: REPOSITORY_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      WEB_DIST: 'none',
      HOST: '127.0.0.1',
      PORT: String(port),
      OSS_PORT: String(ossPort),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    const early = await Promise.race([
      exited,
      new Promise<'running'>((r) => setTimeout(() => r('running'), 250)),
    ]);
    if (early !== 'running') throw new Error(`the server exited during start-up (code ${early})`);
    try {
      const res = await fetch(`${origin}/designerapi/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /health within ${startTimeoutMs / 1000} s`);
    }
  }
  return {
    origin,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
