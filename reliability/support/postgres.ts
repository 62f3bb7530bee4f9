/**
 * The local PostgreSQL of the scenarios: scratch databases (created and dropped per scenario) and
 * the cluster stopped and started with pg_ctlcluster (postgres-outage).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { sleep } from './api.ts';

const run = promisify(execFile);

/** A superuser URL of the local cluster (trust auth on loopback). */
export const ADMIN_URL =
  process.env.RELIABILITY_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** `version name` of the cluster pg_ctlcluster stops and starts. */
export const CLUSTER = (process.env.RELIABILITY_PG_CLUSTER ?? '15 main').split(/\s+/);

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A new, empty database `dc_rel_<label>_<pid>`; the server migrates it on start-up. */
export async function scratchDatabase(label: string): Promise<ScratchDatabase> {
  const name = `dc_rel_${label.replace(/[^a-z0-9]/g, '_')}_${process.pid}`;
  await admin(async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      admin(async (client) => void (await client.query(`drop database if exists ${name} with (force)`))),
  };
}

/** The server version (`15.20 (Debian …)`), for the results. */
export const postgresVersion = () =>
  admin(
    async (client) =>
      (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v,
  );

export async function clusterCtl(action: 'stop' | 'start'): Promise<void> {
  await run('pg_ctlcluster', [...CLUSTER, action], { timeout: 120_000 });
}

/** Whether the cluster accepts connections now. */
export async function postgresUp(): Promise<boolean> {
  try {
    await admin((client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

/** Waits until the cluster accepts connections (start it first); throws after `timeoutMs`. */
export async function waitForPostgres(timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await postgresUp())) {
    if (Date.now() > deadline)
      throw new Error(`PostgreSQL did not accept connections within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

/** Starts the cluster if it is down and waits for it: what every run ends with, whatever happened. */
export async function ensurePostgresRunning(): Promise<void> {
  if (await postgresUp()) return;
  await clusterCtl('start').catch((error: unknown) =>
    process.stderr.write(`pg_ctlcluster ${CLUSTER.join(' ')} start: ${String(error)}\n`),
  );
  await waitForPostgres();
}
