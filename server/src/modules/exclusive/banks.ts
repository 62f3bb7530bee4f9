import { type Bank, citiesOf, type ListPage, provinces, type Region } from '@dc/contract';
import { singlePage, totalPagesOf } from '../../http/list-page.ts';
import bankList from './banks.json' with { type: 'json' };

// Banks and bank cities (shipped reference data)

export const BANKS: readonly Bank[] = bankList;

export const findBank = (code: string): Bank | undefined => BANKS.find((bank) => bank.code === code);

/** `getBanks`: banks whose code, name or short name contains `keyword` (any case). */
export function listBanks(query: {
  keyword?: string | undefined;
  page: number;
  pageSize: number;
}): ListPage<Bank> {
  const keyword = query.keyword?.toLowerCase() ?? '';
  const matches = keyword
    ? BANKS.filter((bank) =>
        [bank.code, bank.name, bank.shortName].some((field) => field.toLowerCase().includes(keyword)),
      )
    : [...BANKS];
  const start = (query.page - 1) * query.pageSize;
  return {
    dataList: matches.slice(start, start + query.pageSize),
    totalNumber: matches.length,
    totalPages: totalPagesOf(matches.length, query.pageSize),
  };
}

/** `getBankCitys`: the provinces, or the cities of `province` (validated by the query schema). */
export function bankCities(query: { province?: string | undefined }): ListPage<Region> {
  const list = query.province ? (citiesOf(query.province) ?? []) : provinces();
  return singlePage(list);
}
