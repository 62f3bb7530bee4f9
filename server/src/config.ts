import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SEED: z.enum(['demo', 'none']).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  WEB_DIST: z.string().optional(),
  SESSION_PERSISTENT_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SESSION_TEMPORARY_HOURS: z.coerce.number().int().min(1).max(72).default(12),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the embedded PGlite database in `dataDir/pglite`. */
  databaseUrl: string | undefined;
  seed: 'demo' | 'none';
  logLevel: (typeof LOG_LEVELS)[number];
  /** The built web app to serve (`WEB_DIST`, default web/dist); `WEB_DIST=none`: API only. */
  webDist: string | undefined;
  sessionPersistentDays: number;
  sessionTemporaryHours: number;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad setting throws one line naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid setting ${name}=${JSON.stringify(env[name] ?? '')}: ${issue?.message}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    seed: e.SEED ?? (e.DATABASE_URL ? 'none' : 'demo'),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST === 'none' ? undefined : path.resolve(e.WEB_DIST || defaultWebDist),
    sessionPersistentDays: e.SESSION_PERSISTENT_DAYS,
    sessionTemporaryHours: e.SESSION_TEMPORARY_HOURS,
  };
}
