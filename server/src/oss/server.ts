import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { scheduleCleanup } from './cleanup.ts';
import { answerPreflight, applyCors, type OriginPolicy, originPolicy } from './cors.ts';
import { type CredentialAuthority, openCredentialAuthority } from './credentials.ts';
import { OssError } from './errors.ts';
import type { StoreServices } from './exchange.ts';
import { isOutOfSpace } from './files.ts';
import { InFlightBytes } from './in-flight.ts';
import { StoreLayout } from './layout.ts';
import { MultipartUploads } from './multipart.ts';
import { ObjectFiles } from './objects.ts';
import { sendError } from './respond.ts';
import { route } from './routes.ts';
import { parseTarget } from './target.ts';

export type StoreLogger = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

export interface ObjectStoreHandle {
  /** The port it listens on (the real one when `OSS_PORT` is 0). */
  port: number;
  /** A base URL reaching it from this machine, e.g. `http://127.0.0.1:3001`. */
  url: string;
  /** `DATA_DIR/objects`. */
  root: string;
  authority: CredentialAuthority;
  /** Stops accepting connections, waits for requests in flight, stops the clean-up timer. */
  close(): Promise<void>;
}

const silentLogger: StoreLogger = { debug() {}, info() {}, warn() {}, error() {} };

/** OSS request ids are 24 upper-case hex digits. */
const newRequestId = (): string => randomBytes(12).toString('hex').toUpperCase();

/**
 * The embedded object store: its own HTTP listener on `OSS_PORT`, like an object store on its
 * own host, serving path-style `/{bucket}/{object}` requests in OSS's protocol. A plain
 * node:http server, because every body must go to disk as a stream and never be parsed.
 */
export async function startObjectStore(
  config: Config,
  options: { log?: StoreLogger } = {},
): Promise<ObjectStoreHandle> {
  const log = options.log ?? silentLogger;
  const layout = new StoreLayout(path.join(config.dataDir, 'objects'));
  await layout.create();
  const authority = await openCredentialAuthority(config);
  const objects = new ObjectFiles(layout);
  const services: StoreServices = {
    bucket: config.ossBucket,
    layout,
    objects,
    uploads: new MultipartUploads(layout, objects),
    authority,
    inFlight: new InFlightBytes(),
  };
  const allowedOrigin = originPolicy(config);

  const server = http.createServer(
    // An upload of a large part over a slow link may take long; only idleness ends it.
    { requestTimeout: 0, headersTimeout: 60_000, keepAliveTimeout: 5_000 },
    (request, response) => {
      serve(services, allowedOrigin, log, request, response).catch((error: unknown) => {
        // Only answering itself failed (the client is gone); nothing is left to tell it.
        log.warn({ err: error }, 'object store could not answer');
        response.destroy();
      });
    },
  );
  server.timeout = 120_000;

  await new Promise<void>((resolve, reject) => {
    const refuse = (error: Error) =>
      reject(
        new Error(
          `object store cannot listen on ${config.host}:${config.ossPort} (OSS_PORT): ${error.message}`,
        ),
      );
    server.once('error', refuse);
    server.listen(config.ossPort, config.host, () => {
      server.off('error', refuse);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const stopCleanup = scheduleCleanup(layout, (error) =>
    log.error({ err: error }, 'object store clean-up failed'),
  );
  const localHost = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  log.info({ port }, 'object store listening');

  return {
    port,
    url: `http://${localHost.includes(':') ? `[${localHost}]` : localHost}:${port}`,
    root: layout.root,
    authority,
    close: () =>
      new Promise<void>((resolve, reject) => {
        stopCleanup();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}

async function serve(
  services: StoreServices,
  allowedOrigin: OriginPolicy,
  log: StoreLogger,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const requestId = newRequestId();
  const host = request.headers.host ?? 'localhost';
  response.setHeader('x-oss-request-id', requestId);
  response.setHeader('Server', 'AliyunOSS');
  const startedAt = Date.now();
  // Only the path: the query may carry a signature and a security token.
  const logged = { method: request.method, path: (request.url ?? '').split('?')[0], requestId };
  response.on('finish', () =>
    log.debug({ ...logged, status: response.statusCode, ms: Date.now() - startedAt }, 'object store request'),
  );

  try {
    if (request.method === 'OPTIONS') {
      if (!answerPreflight(request, response, allowedOrigin)) throw new OssError('AccessForbidden');
      return;
    }
    applyCors(request, response, allowedOrigin);
    const target = parseTarget(request.url ?? '/');
    const protocol =
      (request.headers['x-forwarded-proto'] as string | undefined)?.split(',')[0]?.trim() || 'http';
    await route(services, { request, response, baseUrl: `${protocol}://${host}` }, target);
  } catch (error) {
    // A full disk is the store's condition, not a bug: a clear answer, and nothing partial stays.
    const ossError =
      error instanceof OssError
        ? error
        : new OssError(isOutOfSpace(error) ? 'InsufficientStorage' : 'InternalError');
    if (ossError.code === 'InsufficientStorage') log.warn({ ...logged }, 'object store: no space left');
    else if (!(error instanceof OssError))
      log.error({ err: error, ...logged }, 'object store request failed');
    sendError(request, response, ossError, { requestId, hostId: host });
  }
}
