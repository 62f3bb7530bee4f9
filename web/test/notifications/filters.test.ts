import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@dc/contract';
import { describe, expect, it } from 'vitest';
import {
  filterFromSearch,
  isFiltered,
  type ListFilter,
  queryOfFilter,
  searchFromFilter,
} from '../../src/pages/notifications/filters.ts';

const plain: ListFilter = {
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  type: undefined,
  status: 'all',
  collected: undefined,
};

describe('notification list filters in the address bar', () => {
  it('an empty query string is the plain list: page 1, default size, everything', () => {
    expect(filterFromSearch(new URLSearchParams())).toEqual(plain);
    expect(isFiltered(plain)).toBe(false);
  });

  it('reads type, read state, collected and paging', () => {
    const filter = filterFromSearch(
      new URLSearchParams('type=invoice&status=unread&collected=1&page=3&pageSize=20'),
    );
    expect(filter).toEqual({ page: 3, pageSize: 20, type: 'invoice', status: 'unread', collected: true });
    expect(isFiltered(filter)).toBe(true);
  });

  it('unknown or malformed values fall back to the defaults instead of reaching the server', () => {
    const filter = filterFromSearch(
      new URLSearchParams('type=gossip&status=maybe&collected=yes&page=-2&pageSize=1.5'),
    );
    expect(filter).toEqual(plain);
  });

  it('the page size is capped at the contract maximum', () => {
    expect(filterFromSearch(new URLSearchParams('pageSize=5000')).pageSize).toBe(MAX_PAGE_SIZE);
  });

  it('writes back only what differs from the defaults, and round-trips', () => {
    expect(searchFromFilter(plain).toString()).toBe('');
    const filter: ListFilter = { page: 2, pageSize: 50, type: 'meeting', status: 'read', collected: true };
    expect(filterFromSearch(searchFromFilter(filter))).toEqual(filter);
  });

  it('the server query leaves unset filters out and always names the read state', () => {
    expect(queryOfFilter(plain)).toEqual({ page: 1, pageSize: DEFAULT_PAGE_SIZE, status: 'all' });
    expect(queryOfFilter({ ...plain, type: 'contract', collected: true })).toEqual({
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
      status: 'all',
      type: 'contract',
      collected: true,
    });
  });

  it('only the read state is a filter too', () => {
    expect(isFiltered({ ...plain, status: 'unread' })).toBe(true);
  });
});
