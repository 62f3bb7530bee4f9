import {
  type ContractListQuery,
  ContractStatus,
  type ContractStatusValue,
  ContractType,
  type ContractTypeValue,
  DEFAULT_PAGE_SIZE,
  Direction,
  type DirectionValue,
  MAX_PAGE_SIZE,
} from '@dc/contract';

/** The contract list's filters as they live in the address bar (beside the page's `tab`). */
export interface ContractFilter {
  page: number;
  pageSize: number;
  status: ContractStatusValue | undefined;
  type: ContractTypeValue | undefined;
  direction: DirectionValue | undefined;
  keyword: string;
  /** Creation days, `YYYY-MM-DD`, inclusive. */
  dateFrom: string | undefined;
  dateTo: string | undefined;
}

export const contractStatuses = Object.values(ContractStatus) as ContractStatusValue[];
export const contractTypes = Object.values(ContractType) as ContractTypeValue[];
export const directions = Object.values(Direction) as DirectionValue[];

/** The search parameters this list owns; any other (the page's `tab`) is left alone. */
const OWN_KEYS = ['page', 'pageSize', 'status', 'type', 'direction', 'keyword', 'from', 'to'] as const;

function positiveInt(value: string | null, fallback: number, max: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

function oneOfNumbers<T extends number>(value: string | null, allowed: readonly T[]): T | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  return allowed.find((candidate) => candidate === Number(value));
}

function day(value: string | null): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : undefined;
}

export const plainContractFilter: ContractFilter = {
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  status: undefined,
  type: undefined,
  direction: undefined,
  keyword: '',
  dateFrom: undefined,
  dateTo: undefined,
};

/** Reads the filters from the query string; anything unknown or malformed is left out. */
export function contractFilterFromSearch(search: URLSearchParams): ContractFilter {
  let dateFrom = day(search.get('from'));
  let dateTo = day(search.get('to'));
  if (dateFrom && dateTo && dateTo < dateFrom) [dateFrom, dateTo] = [dateTo, dateFrom];
  return {
    page: positiveInt(search.get('page'), 1, 1_000_000),
    pageSize: positiveInt(search.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    status: oneOfNumbers(search.get('status'), contractStatuses),
    type: oneOfNumbers(search.get('type'), contractTypes),
    direction: oneOfNumbers(search.get('direction'), directions),
    keyword: (search.get('keyword') ?? '').trim().slice(0, 64),
    dateFrom,
    dateTo,
  };
}

/**
 * The query string with these filters: the list's own keys replaced, others (`tab`) kept,
 * defaults left out so the plain list has a plain address.
 */
export function searchWithContractFilter(current: URLSearchParams, filter: ContractFilter): URLSearchParams {
  const search = new URLSearchParams(current);
  for (const key of OWN_KEYS) search.delete(key);
  if (filter.page !== 1) search.set('page', String(filter.page));
  if (filter.pageSize !== DEFAULT_PAGE_SIZE) search.set('pageSize', String(filter.pageSize));
  if (filter.status !== undefined) search.set('status', String(filter.status));
  if (filter.type !== undefined) search.set('type', String(filter.type));
  if (filter.direction !== undefined) search.set('direction', String(filter.direction));
  if (filter.keyword) search.set('keyword', filter.keyword);
  if (filter.dateFrom) search.set('from', filter.dateFrom);
  if (filter.dateTo) search.set('to', filter.dateTo);
  return search;
}

/** The server's query; unset filters are not sent. */
export function contractQueryOf(filter: ContractFilter): ContractListQuery {
  return {
    page: filter.page,
    pageSize: filter.pageSize,
    ...(filter.status !== undefined ? { status: filter.status } : {}),
    ...(filter.type !== undefined ? { type: filter.type } : {}),
    ...(filter.direction !== undefined ? { direction: filter.direction } : {}),
    ...(filter.keyword ? { keyword: filter.keyword } : {}),
    ...(filter.dateFrom ? { dateFrom: filter.dateFrom } : {}),
    ...(filter.dateTo ? { dateTo: filter.dateTo } : {}),
  };
}

/** True when something narrows the list, so an empty page says "nothing matches". */
export function isContractFiltered(filter: ContractFilter): boolean {
  return (
    filter.status !== undefined ||
    filter.type !== undefined ||
    filter.direction !== undefined ||
    filter.keyword !== '' ||
    filter.dateFrom !== undefined ||
    filter.dateTo !== undefined
  );
}
