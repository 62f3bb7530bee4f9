import { endpointsOf } from '../endpoint.ts';
import type { notificationsSchemas } from '../notifications.ts';

/** The notifications calls: method and path, typed with `notificationsSchemas` (no zod at run time). */
export const notificationsApi = endpointsOf<typeof notificationsSchemas>()({
  list: 'GET /notifications',
  unreadCount: 'GET /notifications/unread-count',
  streamTicket: 'POST /notifications/stream-ticket',
  readAll: 'POST /notifications/read-all',
  read: 'POST /notifications/:id/read',
  collect: 'POST /notifications/:id/collect',
  remove: 'DELETE /notifications/:id',
  stream: 'GET /notifications/stream',
});
