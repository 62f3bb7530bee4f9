import { type AuditAction, auditApi } from '@dc/contract';
import { call } from '../../api/call.ts';

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
  call(
    auditApi.list,
    { query: Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) },
    { signal, list: true },
  );
