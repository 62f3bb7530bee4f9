import type { AuditAction, AuditEvent } from '@dc/contract';
import { request } from '../../request/index.ts';

/** What the activity log shows: a page, an action and a business-day range. */
export interface AuditFilter {
  page: number;
  pageSize: number;
  action?: AuditAction | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const auditEventsRootKey = ['designer', 'audit-events'] as const;
export const auditEventsKey = (filter: AuditFilter) => [...auditEventsRootKey, filter] as const;

/** `GET /designerapi/v1/audit-events`: the session designer's events, newest first. */
export const fetchAuditEvents = (filter: AuditFilter, signal?: AbortSignal) =>
  request.getList<AuditEvent>('/designerapi/v1/audit-events', {
    params: Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)),
    signal,
  });
