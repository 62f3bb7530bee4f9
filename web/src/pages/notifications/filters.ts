import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type NotificationStatusFilter,
  type NotificationType,
  notificationStatusFilters,
  notificationTypes,
} from '@dc/contract';
import type { NotificationFilter } from '../../api/notifications.ts';

/** The list page's filters as they live in the address bar, so reload and back keep them. */
export interface ListFilter {
  page: number;
  pageSize: number;
  type: NotificationType | undefined;
  status: NotificationStatusFilter;
  /** true: collected only; undefined: all. */
  collected: true | undefined;
}

function positiveInt(value: string | null, fallback: number, max: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((candidate) => candidate === value);
}

/** Reads the filters from the query string; anything unknown falls back to the default. */
export function filterFromSearch(search: URLSearchParams): ListFilter {
  return {
    page: positiveInt(search.get('page'), 1, 1_000_000),
    pageSize: positiveInt(search.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    type: oneOf(search.get('type'), notificationTypes),
    status: oneOf(search.get('status'), notificationStatusFilters) ?? 'all',
    collected: search.get('collected') === '1' ? true : undefined,
  };
}

/** The query string of the filters, defaults left out so the plain page has a plain address. */
export function searchFromFilter(filter: ListFilter): URLSearchParams {
  const search = new URLSearchParams();
  if (filter.page !== 1) search.set('page', String(filter.page));
  if (filter.pageSize !== DEFAULT_PAGE_SIZE) search.set('pageSize', String(filter.pageSize));
  if (filter.type) search.set('type', filter.type);
  if (filter.status !== 'all') search.set('status', filter.status);
  if (filter.collected) search.set('collected', '1');
  return search;
}

/** The server's query for the filters; unset filters are not sent. */
export function queryOfFilter(filter: ListFilter): NotificationFilter {
  return {
    page: filter.page,
    pageSize: filter.pageSize,
    status: filter.status,
    ...(filter.type ? { type: filter.type } : {}),
    ...(filter.collected ? { collected: true } : {}),
  };
}

/** True when something narrows the list, so an empty page says "nothing matches" rather than "nothing". */
export function isFiltered(filter: ListFilter): boolean {
  return filter.type !== undefined || filter.status !== 'all' || filter.collected === true;
}
