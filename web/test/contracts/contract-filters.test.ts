import { DEFAULT_PAGE_SIZE } from '@dc/contract';
import { describe, expect, it } from 'vitest';
import {
  contractFilterFromSearch,
  contractQueryOf,
  isContractFiltered,
  plainContractFilter,
  searchWithContractFilter,
} from '../../src/pages/contracts/contract-filters.ts';

describe('§4 contract list filters in the address bar', () => {
  it('an empty query string is the plain list', () => {
    const filter = contractFilterFromSearch(new URLSearchParams('tab=contracts'));
    expect(filter).toEqual(plainContractFilter);
    expect(isContractFiltered(filter)).toBe(false);
    expect(contractQueryOf(filter)).toEqual({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  });

  it('reads state 0 (failed audit) as a real filter, not as "unset"', () => {
    const filter = contractFilterFromSearch(new URLSearchParams('status=0&type=2&direction=0'));
    expect(filter.status).toBe(0);
    expect(filter.type).toBe(2);
    expect(filter.direction).toBe(0);
    expect(isContractFiltered(filter)).toBe(true);
    expect(contractQueryOf(filter)).toMatchObject({ status: 0, type: 2, direction: 0 });
  });

  it('sends keyword and date range only when set; swaps a reversed range', () => {
    const filter = contractFilterFromSearch(
      new URLSearchParams('keyword=%20春夏%20&from=2026-03-31&to=2026-03-01&page=2&pageSize=20'),
    );
    expect(contractQueryOf(filter)).toEqual({
      page: 2,
      pageSize: 20,
      keyword: '春夏',
      dateFrom: '2026-03-01',
      dateTo: '2026-03-31',
    });
  });

  it('unknown states, types, directions and impossible dates fall back instead of reaching the server', () => {
    const filter = contractFilterFromSearch(
      new URLSearchParams('status=7&type=x&direction=-1&from=2026-02-30&to=soon&page=0&pageSize=1000'),
    );
    expect(filter).toEqual({ ...plainContractFilter, pageSize: 100 });
  });

  it('writing the filters keeps the page tab and drops the defaults', () => {
    const current = new URLSearchParams('tab=contracts&status=1&contract=5');
    const next = searchWithContractFilter(current, {
      ...plainContractFilter,
      status: 3,
      keyword: 'HT2026',
      dateFrom: '2026-01-01',
      dateTo: '2026-01-31',
    });
    expect(next.toString()).toBe(
      'tab=contracts&contract=5&status=3&keyword=HT2026&from=2026-01-01&to=2026-01-31',
    );
    expect(searchWithContractFilter(next, plainContractFilter).toString()).toBe('tab=contracts&contract=5');
  });
});
