import { boutiqueApi, cityCascaderOptions, coursesApi, loadRegions, regionsLoaded } from '@dc/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { fetchImpressionOverview, impressionKeys } from '../impressions/service.ts';
import { fetchTagOverview, tagKeys } from '../tags/service.ts';
import type { SummaryNames } from './pack-summary.ts';
import { fetchRulePacks, packKeys } from './service.ts';

export interface CityOption {
  value: string;
  label: string;
}

/** Every city of the region list as `省 市` options (loaded once). */
export function useCityOptions() {
  return useQuery({
    queryKey: ['regions', 'cities'],
    queryFn: async (): Promise<CityOption[]> => {
      if (!regionsLoaded()) await loadRegions();
      return cityCascaderOptions().flatMap((province) =>
        (province.children ?? []).map((city) => ({
          value: city.value,
          label: province.label === city.label ? city.label : `${province.label} ${city.label}`,
        })),
      );
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The designer's products (the purchase condition's picker): the latest 100. */
export function useProductOptions() {
  return useQuery({
    queryKey: ['crowd-packs', 'products'],
    queryFn: ({ signal }) => call(boutiqueApi.list, { query: { pageSize: 100 } }, { list: true, signal }),
    staleTime: 60_000,
  });
}

/** The designer's courses (the course purchase condition's picker): the latest 100. */
export function useCourseOptions() {
  return useQuery({
    queryKey: ['crowd-packs', 'courses'],
    queryFn: ({ signal }) => call(coursesApi.list, { query: { pageSize: 100 } }, { list: true, signal }),
    staleTime: 60_000,
  });
}

/** Names for summaries and traces: tags, impressions, products, courses, cities and rule packs. */
export function usePackNames(): SummaryNames {
  const tags = useQuery({ queryKey: tagKeys.overview, queryFn: ({ signal }) => fetchTagOverview(signal) });
  const products = useProductOptions();
  const courses = useCourseOptions();
  const cities = useCityOptions();
  const packs = useQuery({ queryKey: packKeys.rulePacks, queryFn: ({ signal }) => fetchRulePacks(signal) });
  const impressions = useQuery({
    queryKey: impressionKeys.overview,
    queryFn: ({ signal }) => fetchImpressionOverview(signal),
  });
  const tagNames = new Map(tags.data?.tags.map((tag) => [tag.id, tag.name]));
  const impressionWords = new Map(impressions.data?.impressions.map((item) => [item.id, item.word]));
  const productNames = new Map(products.data?.dataList.map((p) => [p.id, p.title]));
  const courseTitles = new Map(courses.data?.dataList.map((c) => [c.id, c.title]));
  const cityNames = new Map(cities.data?.map((c) => [c.value, c.label.split(' ').pop() ?? c.label]));
  const packNames = new Map(packs.data?.dataList.map((p) => [p.id, p.name]));
  return {
    tag: (id) => tagNames.get(id),
    impression: (id) => impressionWords.get(id),
    product: (id) => productNames.get(id),
    course: (id) => courseTitles.get(id),
    city: (code) => cityNames.get(code),
    pack: (id) => packNames.get(id),
  };
}
