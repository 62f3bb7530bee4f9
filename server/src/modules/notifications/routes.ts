import {
  AUTH_TOKEN_HEADER,
  NotificationStreamEvent,
  notificationsApi,
  notificationsSchemas,
} from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '../../http/api-error.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { ok } from '../../http/envelope.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { authenticateSessionId } from '../auth/index.ts';
import { type HubListener, NotificationHub } from './events.ts';
import {
  countUnread,
  deleteNotification,
  listNotifications,
  markAllRead,
  markRead,
  setCollected,
} from './service.ts';
import { issueStreamTicket, streamSession } from './stream-tickets.ts';

/** A comment line this often keeps proxies and the browser from timing the stream out. */
export const STREAM_HEARTBEAT_MS = 25_000;

const TAGS = ['notifications'];

/** The notification calls (spec section 3), scoped to the session's designer, and their event stream. */
export async function notificationsRoutes(scope: FastifyInstance) {
  const hub = new NotificationHub(scope.db, scope.log);
  /** Enders of the open streams: closing the app ends them, or the server would wait forever. */
  const openStreams = new Set<() => void>();
  scope.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });
  scope.addHook('onClose', async () => hub.close());

  await scope.register(guardedRoutes);
  await scope.register(async (child) => streamRoute(child, hub, openStreams));
}

async function guardedRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);

  app.get(
    notificationsApi.list.path,
    {
      schema: endpointSchema(notificationsSchemas.list, {
        tags: TAGS,
        summary: 'Notification messages, newest first; filters type, status (unread/read/all), collected',
      }),
    },
    async (request) => ok(await listNotifications(app.db, designerIdOf(request), request.query)),
  );

  app.get(
    notificationsApi.unreadCount.path,
    {
      schema: endpointSchema(notificationsSchemas.unreadCount, {
        tags: TAGS,
        summary: 'How many notifications are unread (status true)',
      }),
    },
    async (request) => ok({ unread: await countUnread(app.db, designerIdOf(request)) }),
  );

  app.post(
    notificationsApi.streamTicket.path,
    {
      schema: endpointSchema(notificationsSchemas.streamTicket, {
        tags: TAGS,
        summary:
          'A one-use ticket (60 s) that opens the notification stream: GET /notifications/stream?ticket=',
      }),
    },
    async (request) => ok(await issueStreamTicket(app.db, request.principal!.sessionId, app.config.now())),
  );

  app.post(
    notificationsApi.readAll.path,
    {
      schema: endpointSchema(notificationsSchemas.readAll, {
        tags: TAGS,
        summary: 'Mark every unread notification read',
      }),
    },
    async (request) => ok(await markAllRead(app.db, designerIdOf(request))),
  );

  app.post(
    notificationsApi.read.path,
    {
      schema: endpointSchema(notificationsSchemas.read, {
        tags: TAGS,
        summary: 'Mark one notification read (status false)',
      }),
    },
    async (request) => ok(await markRead(app.db, designerIdOf(request), request.params.id)),
  );

  app.post(
    notificationsApi.collect.path,
    {
      schema: endpointSchema(notificationsSchemas.collect, {
        tags: TAGS,
        summary: 'Collect (bookmark) or uncollect one notification',
      }),
    },
    async (request) =>
      ok(await setCollected(app.db, designerIdOf(request), request.params.id, request.body.collected)),
  );

  app.delete(
    notificationsApi.remove.path,
    {
      schema: endpointSchema(notificationsSchemas.remove, {
        tags: TAGS,
        summary: 'Delete one notification',
      }),
    },
    async (request) => {
      await deleteNotification(app.db, designerIdOf(request), request.params.id);
      return ok(null);
    },
  );
}

/**
 * `GET /notifications/stream`: server-sent events. EventSource sends no headers and a URL is
 * written to logs, so the session token never goes in the URL: the console asks for a one-use
 * ticket (`POST /notifications/stream-ticket`, token in the header) and opens `?ticket=`; each
 * reconnect takes a new ticket. The authToken header works too, for clients that can send one.
 * Until the stream starts, failures are the usual envelope with the catalogue code (a used,
 * unknown or expired ticket 20006); afterwards the session is rechecked on every heartbeat and
 * the stream ends when it is over.
 */
async function streamRoute(scope: FastifyInstance, hub: NotificationHub, openStreams: Set<() => void>) {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    notificationsApi.stream.path,
    {
      config: { longLived: true },
      schema: endpointSchema(notificationsSchemas.stream, {
        tags: TAGS,
        summary:
          'Server-sent events: `notification` (a new item) and `unread` ({unread}); `?ticket=` from POST stream-ticket',
      }),
    },
    async (request, reply) => {
      const header = request.headers[AUTH_TOKEN_HEADER];
      const token = (Array.isArray(header) ? header[0] : header)?.trim();
      const ticket = request.query.ticket?.trim();
      const { sessionId, designerId } = await streamSession(
        app.db,
        app.sessionPolicy,
        { ticket: ticket || undefined, token: token || undefined },
        app.config.now(),
      );
      await hub.start();
      const initialUnread = await countUnread(app.db, designerId);

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      const write = (chunk: string) => {
        if (!raw.writableEnded && !raw.destroyed) raw.write(chunk);
      };
      const send = (event: string, data: unknown) =>
        write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

      write('retry: 5000\n\n');
      send(NotificationStreamEvent.unread, { unread: initialUnread });

      // Signals are handled one after another, so unread counts never arrive out of order.
      let queue = Promise.resolve();
      const onSignal: HubListener = (signal) => {
        queue = queue
          .then(async () => {
            if ('notification' in signal && signal.notification) {
              send(NotificationStreamEvent.notification, signal.notification);
            }
            send(NotificationStreamEvent.unread, { unread: await countUnread(app.db, designerId) });
          })
          .catch((error) => request.log.warn({ err: error }, 'notification stream: unread count failed'));
      };
      const unsubscribe = hub.subscribe(designerId, onSignal);

      let ended = false;
      const heartbeat = setInterval(() => {
        write(': heartbeat\n\n');
        authenticateSessionId(app.db, app.sessionPolicy, sessionId, app.config.now()).catch((error) => {
          if (error instanceof ApiError) end();
        });
      }, STREAM_HEARTBEAT_MS);
      heartbeat.unref();
      function end() {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        openStreams.delete(end);
        if (!raw.writableEnded) raw.end();
      }
      openStreams.add(end);
      // The client went away (or the stream ended): stop writing, forget the subscription.
      raw.on('close', end);
    },
  );
}
