import { type AuditAction, type AuditActor, operatorApi } from '@dc/contract';
import type { Database } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { requestInContext } from './request-context.ts';

export interface AuditEventInput {
  /** The designer the event belongs to; null only for a failed sign-in of an unknown account. */
  designerId: number | null;
  action: AuditAction;
  targetType?: string;
  targetId?: string | number;
  /** One line, in English. */
  summary: string;
  at: Date;
  /** The acting session when the request has none yet (a sign-in names the session it made). */
  sessionId?: number;
  /** Default: `designer` inside a request, `operator` outside one or on the operator route. */
  actor?: AuditActor;
}

const OPERATOR_ROUTE = operatorApi.run.path;
const clip = (value: string | undefined, max: number) => (value === undefined ? null : value.slice(0, max));

/**
 * Appends one event to the audit log. Pass the transaction of the change being recorded, so the
 * event and the change commit (or roll back) together. The client address, user agent and
 * session come from the request being served, when there is one.
 */
export async function recordAuditEvent(tx: Database, event: AuditEventInput): Promise<void> {
  const request = requestInContext();
  const onOperatorRoute = request?.url.split('?')[0]?.endsWith(OPERATOR_ROUTE) ?? false;
  const actor = event.actor ?? (!request || onOperatorRoute ? 'operator' : 'designer');
  const userAgent = request?.headers['user-agent'];
  await tx.insert(auditEvents).values({
    designerId: event.designerId,
    actor,
    actorSessionId: event.sessionId ?? request?.principal?.sessionId ?? null,
    action: event.action,
    targetType: event.targetType ?? null,
    targetId: event.targetId === undefined ? null : String(event.targetId),
    summary: event.summary.slice(0, 300),
    clientIp: actor === 'designer' ? clip(request?.ip, 64) : null,
    userAgent: actor === 'designer' ? clip(typeof userAgent === 'string' ? userAgent : undefined, 300) : null,
    occurredAt: event.at,
  });
}

/** A deletion of one of the designer's things, named by its type, id and title. */
export const recordDeletion = (
  tx: Database,
  designerId: number,
  target: { type: string; id: number; label: string },
  at: Date,
): Promise<void> =>
  recordAuditEvent(tx, {
    designerId,
    action: 'delete',
    targetType: target.type,
    targetId: target.id,
    summary: `Deleted ${target.type} "${target.label}"`,
    at,
  });
