import { z } from 'zod';
import type { EndpointSchemaMap } from './endpoint.ts';
import { emptyQuerySchema, listPageSchema, pageQuerySchema } from './envelope.ts';
import { formBoolean, idParamsSchema, text } from './fields.ts';

/** Spec section 3: contract news, invoice news, meeting notice. */
export const notificationTypes = ['contract', 'invoice', 'meeting'] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** Spec section 3: high, middle, low (section 4 colours: low primary, middle warning, high danger). */
export const notificationQualities = ['high', 'middle', 'low'] as const;
export type NotificationQuality = (typeof notificationQualities)[number];

export const NOTIFICATION_CONTENT_MAX = 500;

/** A notification's date on the wire: `YYYY-MM-DD HH:mm` in business time (spec section 3). */
export const wireDateMinute = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

/** The notification message of spec section 3, as the list and the stream send it. */
export const notificationItemSchema = z.object({
  id: z.number().int(),
  /** `{user_content}`-type text: may quote what a user wrote; render as text, never as HTML. */
  content: z.string(),
  type: z.enum(notificationTypes),
  /** Spec section 3/4: true = unread, false = read. */
  status: z.boolean(),
  collected: z.boolean(),
  date: wireDateMinute,
  quality: z.enum(notificationQualities),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** What creates a notification (other modules, the seed); not an HTTP body. */
export const notificationInputSchema = z.strictObject({
  content: text(NOTIFICATION_CONTENT_MAX),
  type: z.enum(notificationTypes),
  quality: z.enum(notificationQualities),
});
export type NotificationInput = z.input<typeof notificationInputSchema>;

export const notificationStatusFilters = ['unread', 'read', 'all'] as const;
export type NotificationStatusFilter = (typeof notificationStatusFilters)[number];

/**
 * `GET /designerapi/v1/notifications`: newest first (`order=asc` for oldest first), filtered by
 * `type`, `status` (unread / read / all, default all) and `collected`.
 */
export const notificationListQuerySchema = z.strictObject({
  ...pageQuerySchema.shape,
  type: z.enum(notificationTypes).optional(),
  status: z.enum(notificationStatusFilters).default('all'),
  collected: formBoolean.optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

/** `POST /designerapi/v1/notifications/:id/collect`. */
export const notificationCollectBodySchema = z.strictObject({ collected: z.boolean() });
export type NotificationCollectBody = z.infer<typeof notificationCollectBodySchema>;

/** `GET /designerapi/v1/notifications/unread-count`, and the stream's `unread` event. */
export const unreadCountSchema = z.object({ unread: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** `POST /designerapi/v1/notifications/read-all`: how many were marked read; unread is then 0. */
export const readAllAnswerSchema = z.object({ updated: z.number().int().min(0), unread: z.number().int() });
export type ReadAllAnswer = z.infer<typeof readAllAnswerSchema>;

/**
 * `POST /designerapi/v1/notifications/stream-ticket` (session in the authToken header): a
 * one-use ticket that opens the stream within `expiresIn` seconds. EventSource sends no
 * headers, and a URL is written to logs, so the stream's URL carries this instead of the token.
 */
export const streamTicketSchema = z.object({ ticket: z.string(), expiresIn: z.number().int() });
export type StreamTicket = z.infer<typeof streamTicketSchema>;

/**
 * `GET /designerapi/v1/notifications/stream?ticket=…` (server-sent events): a ticket from
 * `stream-ticket`, or the authToken header. A session token in the query is refused.
 */
export const notificationStreamQuerySchema = z.strictObject({
  ticket: z.string().max(64).optional(),
  _t: z.coerce.number().optional(),
});

/** Names of the stream's events: the data of `notification` is a NotificationItem, of `unread` an UnreadCount. */
export const NotificationStreamEvent = { notification: 'notification', unread: 'unread' } as const;

/**
 * What each notifications call sends and answers (contract/src/endpoint.ts);
 * `api/notifications.ts` says where. The stream answers server-sent events, no envelope.
 */
export const notificationsSchemas = {
  list: { query: notificationListQuerySchema, data: listPageSchema(notificationItemSchema) },
  unreadCount: { query: emptyQuerySchema, data: unreadCountSchema },
  streamTicket: { data: streamTicketSchema },
  readAll: { data: readAllAnswerSchema },
  read: { params: idParamsSchema, data: notificationItemSchema },
  collect: { params: idParamsSchema, body: notificationCollectBodySchema, data: notificationItemSchema },
  remove: { params: idParamsSchema, data: z.null() },
  stream: { query: notificationStreamQuerySchema },
} satisfies EndpointSchemaMap;
