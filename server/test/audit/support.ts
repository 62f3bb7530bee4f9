import type { AuditEvent } from '@dc/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client.ts';
import { auditEvents } from '../../src/db/schema/index.ts';
import { API, authHeader, envelopeOf } from '../support/test-app.ts';

/** Every audit row of a designer, oldest first. */
export const eventsOf = (db: Database, designerId: number) =>
  db.select().from(auditEvents).where(eq(auditEvents.designerId, designerId)).orderBy(asc(auditEvents.id));

/** The actions of a designer's events, oldest first. */
export const actionsOf = async (db: Database, designerId: number) =>
  (await eventsOf(db, designerId)).map((row) => row.action);

/** `GET /audit-events` as the session designer; answers the envelope's data. */
export async function auditPage(app: FastifyInstance, token: string, query = '') {
  const res = await app.inject({
    method: 'GET',
    url: `${API}/audit-events${query}`,
    headers: authHeader(token),
  });
  return envelopeOf(res) as {
    code: number;
    data: { dataList: AuditEvent[]; totalNumber: number; totalPages: number; errors?: { path: string }[] };
  };
}
