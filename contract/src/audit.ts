import { z } from 'zod';
import { dateField } from './dates.ts';
import type { EndpointSchemaMap } from './endpoint.ts';
import { listPageSchema, pageQuerySchema } from './envelope.ts';
import { wireDateTime } from './fields.ts';

/**
 * The audit log (issue 11 item 4): who did what and when, shown under 个人信息 › 操作记录.
 * Append-only; each event is written in the transaction of the change it records.
 */
export const auditActions = [
  'sign-in',
  'sign-in-failed',
  'logout',
  'password-change',
  'password-reset',
  'phone-change',
  'wechat-bind',
  'wechat-unbind',
  'member-unbind',
  'withdrawal-request',
  'withdrawal-transition',
  'export',
  'delete',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** Who acted: the designer (through a session or a sign-in) or the platform's operator. */
export const auditActors = ['designer', 'operator'] as const;
export type AuditActor = (typeof auditActors)[number];

export const auditEventSchema = z.object({
  id: z.number().int(),
  action: z.enum(auditActions),
  actor: z.enum(auditActors),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  summary: z.string(),
  clientIp: z.string().nullable(),
  userAgent: z.string().nullable(),
  occurredAt: wireDateTime,
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/**
 * `GET /designerapi/v1/audit-events`: the session designer's events, newest first (`order=asc`
 * for oldest), filtered by action and by business days `from`..`to` (both included).
 */
export const auditEventQuerySchema = z
  .strictObject({
    ...pageQuerySchema.shape,
    action: z.enum(auditActions).optional(),
    from: dateField.optional(),
    to: dateField.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.to < query.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    }
  });
export type AuditEventQuery = z.input<typeof auditEventQuerySchema>;

/** What each audit call sends and answers (contract/src/endpoint.ts); `api/audit.ts` says where. */
export const auditSchemas = {
  list: { query: auditEventQuerySchema, data: listPageSchema(auditEventSchema) },
} satisfies EndpointSchemaMap;
