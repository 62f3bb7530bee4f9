import {
  type FanFilterValue,
  type FanListQuery,
  type FanSortField,
  fanFilterKeys,
  fanGenders,
  fanSortFields,
  fanSources,
} from '@dc/contract';

/** The list's state in the URL: every filter, sort and page (so a tag's fan count can link here). */
export interface FanListState {
  filter: FanFilterValue;
  page: number;
  pageSize: number;
  sortBy: FanSortField;
  order: 'asc' | 'desc';
}

const idList = (value: string | null) =>
  value
    ? value
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0)
    : undefined;
const oneOf = <T extends string>(values: readonly T[], value: string | null) =>
  value ? value.split(',').filter((v): v is T => (values as readonly string[]).includes(v)) : undefined;
const numberOf = (value: string | null) =>
  value !== null && value !== '' && !Number.isNaN(Number(value)) ? Number(value) : undefined;
const dayOf = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

export function stateFromSearch(search: URLSearchParams): FanListState {
  const filter: FanFilterValue = {
    keyword: search.get('keyword') ?? undefined,
    tagsAny: idList(search.get('tagsAny')),
    tagsAll: idList(search.get('tagsAll')),
    tagsNone: idList(search.get('tagsNone')),
    source: oneOf(fanSources, search.get('source')),
    gender: oneOf(fanGenders, search.get('gender')),
    ageMin: numberOf(search.get('ageMin')),
    ageMax: numberOf(search.get('ageMax')),
    city: search
      .get('city')
      ?.split(',')
      .filter((c) => /^\d{6}$/.test(c)),
    spentMin: numberOf(search.get('spentMin')),
    spentMax: numberOf(search.get('spentMax')),
    followedFrom: dayOf(search.get('followedFrom')),
    followedTo: dayOf(search.get('followedTo')),
    activeFrom: dayOf(search.get('activeFrom')),
    activeTo: dayOf(search.get('activeTo')),
  };
  const sortBy = search.get('sortBy');
  return {
    filter: compactFilter(filter),
    page: Math.max(1, numberOf(search.get('page')) ?? 1),
    pageSize: numberOf(search.get('pageSize')) ?? 20,
    sortBy: (fanSortFields as readonly string[]).includes(sortBy ?? '')
      ? (sortBy as FanSortField)
      : 'followedAt',
    order: search.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

/** The filter without empty fields. */
export function compactFilter(filter: FanFilterValue): FanFilterValue {
  return Object.fromEntries(
    Object.entries(filter).filter(
      ([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0),
    ),
  ) as FanFilterValue;
}

export function searchFromState(state: FanListState): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of fanFilterKeys) {
    const value = state.filter[key];
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  if (state.page > 1) search.set('page', String(state.page));
  if (state.pageSize !== 20) search.set('pageSize', String(state.pageSize));
  if (state.sortBy !== 'followedAt') search.set('sortBy', state.sortBy);
  if (state.order !== 'desc') search.set('order', state.order);
  return search;
}

export const queryOfState = (state: FanListState): FanListQuery => ({
  ...state.filter,
  page: state.page,
  pageSize: state.pageSize,
  sortBy: state.sortBy,
  order: state.order,
});

export const isFiltered = (filter: FanFilterValue) => Object.keys(compactFilter(filter)).length > 0;
