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
  OSS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  OSS_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // OSS's own bucket-name rule: 3 to 63 lowercase letters, digits and inner hyphens.
  OSS_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/, 'must be an OSS bucket name (a-z, 0-9, -; 3 to 63)')
    .default('designer-console'),
  OSS_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OSS_CORS_ORIGINS: z.string().optional(),
  OBJECT_STORE: z.enum(['embedded', 's3']).default('embedded'),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  // S3's bucket-name rule (the same as OSS's, dots allowed): 3 to 63 characters.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (a-z, 0-9, ., -; 3 to 63)')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).max(128).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).max(256).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).default('false'),
  S3_PUBLIC_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_STS_ROLE_ARN: z
    .string()
    .regex(/^arn:[a-z0-9-]+:(iam|sts|ram)::[^\s]*:role\/\S+$/, 'must be a role ARN (arn:aws:iam::…:role/…)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  UPLOAD_CREDENTIAL_TTL_SECONDS: z.coerce.number().int().min(60).max(43200).default(900),
  DESIGNER_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .default(20 * 1024 ** 3),
  VIDEO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .default(4 * 1024 ** 3),
  SMS_PROVIDER: z.enum(['outbox', 'webhook']).default('outbox'),
  SMS_WEBHOOK_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  WECHAT_APPID: z.string().trim().max(64).optional(),
  WECHAT_SECRET: z.string().trim().max(128).optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false'),
  PUBLIC_HOSTS: z
    .string()
    .regex(/^[A-Za-z0-9.,\s:[\]-]*$/, 'must be comma-separated host names or IP addresses')
    .optional(),
  QUERY_BUDGET_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  JOB_WORKERS: z.enum(['true', 'false', '1', '0']).default('true'),
  VIDEO_MAX_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3_600),
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
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
  /** The embedded object store's own port (`OSS_PORT`, default `PORT + 1`; 0 with PORT 0). */
  ossPort: number;
  /** Base URL handed to uploaders; unset: the request's host on `ossPort`. */
  ossPublicUrl: string | undefined;
  ossBucket: string;
  /** Signs temporary credentials; unset: generated once into `dataDir/oss-secret`. */
  ossSecret: string | undefined;
  /** Browser origins the object store answers CORS for; unset: any origin on `port` or 5173 (Vite). */
  ossCorsOrigins: string[] | '*' | undefined;
  /** Where objects live (`OBJECT_STORE`): the embedded store on `ossPort`, or an S3 bucket. */
  objectStore: { kind: 'embedded' } | S3Settings;
  uploadCredentialTtlSeconds: number;
  /** The most bytes of uploads one designer may hold (`DESIGNER_QUOTA_BYTES`, default 20 GiB). */
  designerQuotaBytes: number;
  /** The largest video create-upload accepts (`VIDEO_MAX_BYTES`, default 4 GiB). */
  videoMaxBytes: number;
  /** Who sends verification codes: `outbox` (a table + the server log) or `webhook` (POST JSON). */
  smsProvider: 'outbox' | 'webhook';
  /** With SMS_PROVIDER=webhook: where each message is POSTed as `{phone, text, purpose}`. */
  smsWebhookUrl: string | undefined;
  /** Real WeChat OAuth for scan login; unset: the built-in scan flow of this server. */
  wechat: { appId: string; secret: string } | undefined;
  /** The public base URL of the console (QR codes, OAuth redirect); unset: from the request. */
  publicUrl: string | undefined;
  /**
   * Host names (lower case, no port) a request's Host header may carry into a redirect or QR URL
   * when PUBLIC_URL is unset, besides loopback and this machine's own addresses (`PUBLIC_HOSTS`).
   */
  publicHosts: string[];
  /** Believe X-Forwarded-For (only behind a proxy you run); otherwise per-address limits could be dodged. */
  trustProxy: boolean;
  /** Rate-limit counters in this Redis (shared by every instance); unset: in the database. */
  redisUrl: string | undefined;
  /**
   * How long a live crowd-pack count or an analytics query may take (`QUERY_BUDGET_MS`, default
   * 5000): past it the request answers 42200 instead of waiting, on PGlite as on PostgreSQL.
   */
  queryBudgetMs: number;
  /**
   * Whether this instance runs background jobs (`JOB_WORKERS`, default true): video processing
   * and the daily crowd packs. `false` makes an instance that only answers requests and queues.
   */
  jobWorkers: boolean;
  /** The longest video processing accepts (`VIDEO_MAX_SECONDS`, default one hour). */
  videoMaxSeconds: number;
  /** The ffmpeg and ffprobe programs (`FFMPEG_PATH`, `FFPROBE_PATH`; default: found on PATH). */
  ffmpegPath: string;
  ffprobePath: string;
  /** The clock of the account rules (code and ticket expiry, rate windows); tests replace it. */
  now: () => Date;
}

/** `OBJECT_STORE=s3`: an S3-compatible store (AWS, Ceph RGW, MinIO, OSS, COS). */
export interface S3Settings {
  kind: 's3';
  /** Unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `{endpoint}/{bucket}/{key}` (Ceph, MinIO) instead of `{bucket}.{host}/{key}`. */
  forcePathStyle: boolean;
  /** What browsers use for the store, when it differs from `endpoint` (`S3_PUBLIC_ENDPOINT`). */
  publicEndpoint: string | undefined;
  /**
   * Browsers get AssumeRole credentials narrowed to one key (`S3_STS_ROLE_ARN`); unset, they get
   * the console's own upload credentials and send each part to a URL the API presigns for it.
   */
  stsRoleArn: string | undefined;
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
  const ossPort = e.OSS_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 1);
  if (ossPort > 65535) {
    throw new ConfigError(`Invalid setting OSS_PORT: PORT + 1 = ${ossPort} is no port; set OSS_PORT`);
  }
  if (ossPort !== 0 && ossPort === e.PORT) {
    throw new ConfigError(`Invalid setting OSS_PORT=${JSON.stringify(env.OSS_PORT)}: must differ from PORT`);
  }
  if (e.SMS_PROVIDER === 'webhook' && !e.SMS_WEBHOOK_URL) {
    throw new ConfigError('Invalid setting SMS_WEBHOOK_URL="": required with SMS_PROVIDER=webhook');
  }
  const wechatAppId = e.WECHAT_APPID || undefined;
  const wechatSecret = e.WECHAT_SECRET || undefined;
  if (!wechatAppId !== !wechatSecret) {
    const missing = wechatAppId ? 'WECHAT_SECRET' : 'WECHAT_APPID';
    throw new ConfigError(`Invalid setting ${missing}="": WECHAT_APPID and WECHAT_SECRET go together`);
  }
  return {
    objectStore: objectStoreSettings(e),
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    seed: e.SEED ?? (e.DATABASE_URL ? 'none' : 'demo'),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST === 'none' ? undefined : path.resolve(e.WEB_DIST || defaultWebDist),
    sessionPersistentDays: e.SESSION_PERSISTENT_DAYS,
    sessionTemporaryHours: e.SESSION_TEMPORARY_HOURS,
    ossPort,
    ossPublicUrl: e.OSS_PUBLIC_URL?.replace(/\/+$/, ''),
    ossBucket: e.OSS_BUCKET,
    ossSecret: e.OSS_SECRET,
    ossCorsOrigins: parseCorsOrigins(e.OSS_CORS_ORIGINS),
    uploadCredentialTtlSeconds: e.UPLOAD_CREDENTIAL_TTL_SECONDS,
    designerQuotaBytes: e.DESIGNER_QUOTA_BYTES,
    videoMaxBytes: e.VIDEO_MAX_BYTES,
    smsProvider: e.SMS_PROVIDER,
    smsWebhookUrl: e.SMS_WEBHOOK_URL,
    wechat: wechatAppId && wechatSecret ? { appId: wechatAppId, secret: wechatSecret } : undefined,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    publicHosts: parsePublicHosts(e.PUBLIC_HOSTS),
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    redisUrl: e.REDIS_URL,
    queryBudgetMs: e.QUERY_BUDGET_MS,
    jobWorkers: e.JOB_WORKERS === 'true' || e.JOB_WORKERS === '1',
    videoMaxSeconds: e.VIDEO_MAX_SECONDS,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    now: () => new Date(),
  };
}

/** OBJECT_STORE and the S3_* settings it needs; a missing one is named. */
function objectStoreSettings(e: z.infer<typeof envSchema>): Config['objectStore'] {
  if (e.OBJECT_STORE === 'embedded') return { kind: 'embedded' };
  for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!e[name]) throw new ConfigError(`Invalid setting ${name}="": required with OBJECT_STORE=s3`);
  }
  // Without S3_STS_ROLE_ARN browsers upload through part URLs the API presigns (object-uploads).
  return {
    kind: 's3',
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    region: e.S3_REGION,
    bucket: e.S3_BUCKET!,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
    publicEndpoint: e.S3_PUBLIC_ENDPOINT?.replace(/\/+$/, ''),
    stsRoleArn: e.S3_STS_ROLE_ARN,
  };
}

/** `*`, or a comma-separated list of origins (`https://console.example.com`); empty: the default. */
function parseCorsOrigins(value: string | undefined): string[] | '*' | undefined {
  const origins = (value ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  if (origins.length === 0) return undefined;
  return origins.includes('*') ? '*' : origins;
}

/** `PUBLIC_HOSTS`: comma-separated host names or IP addresses; a port or IPv6 brackets are dropped. */
function parsePublicHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean)
    .map((host) => {
      if (host.startsWith('[')) return host.slice(1, host.indexOf(']'));
      // `name:port` drops its port; a bare IPv6 address (several colons) stays whole.
      return host.split(':').length === 2 ? host.slice(0, host.indexOf(':')) : host;
    });
}
