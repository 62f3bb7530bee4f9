/**
 * China's provinces › cities › districts (GB/T 2260 six-digit codes), shipped with the app in
 * `regions.json` (source and license: NOTICE.md). The server validates addresses, cities and
 * bank cities with it; the web builds its cascaders from `regionCascaderOptions()`. Every city
 * has districts.
 *
 * The list is loaded on demand, once: `await loadRegions()` before anything here is used (the
 * server does it when it registers the routes that validate regions; the web before it shows a
 * form or picker with regions). The bundle keeps it in a chunk of its own, and a process that
 * never needs it never parses it. Used before loading, the functions throw.
 */

/** One entry of `regions.json`: `[code, name]` or `[code, name, children]`. */
export type RegionEntry = [code: string, name: string, children?: RegionEntry[]];

/** A region as the calls answer it. */
export interface Region {
  code: string;
  name: string;
}

/** antd Cascader's default option shape (`fieldNames` value/label/children). */
export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

export type RegionLevel = 'province' | 'city' | 'district';

let entries: RegionEntry[] | undefined;
let loading: Promise<void> | undefined;

/** Loads the region list (once; later calls answer at once). */
export function loadRegions(): Promise<void> {
  loading ??= import('./regions.json', { with: { type: 'json' } }).then((module) => {
    entries = module.default as unknown as RegionEntry[];
  });
  return loading;
}

/** True once `loadRegions()` has finished. */
export const regionsLoaded = (): boolean => entries !== undefined;

function entriesOf(): RegionEntry[] {
  if (!entries) throw new Error('region data not loaded: await loadRegions() first');
  return entries;
}

interface Indexed extends Region {
  level: RegionLevel;
  parent: string | null;
  children: string[];
}

let index: Map<string, Indexed> | undefined;

/** Code → region, built once on first use. */
function regionIndex(): Map<string, Indexed> {
  if (index) return index;
  const map = new Map<string, Indexed>();
  const levels: RegionLevel[] = ['province', 'city', 'district'];
  const walk = (list: RegionEntry[], depth: number, parent: string | null) => {
    for (const [code, name, children] of list) {
      map.set(code, {
        code,
        name,
        level: levels[depth]!,
        parent,
        children: (children ?? []).map((child) => child[0]),
      });
      if (children) walk(children, depth + 1, code);
    }
  };
  walk(entriesOf(), 0, null);
  index = map;
  return map;
}

/** The region of `code`, or undefined. */
export function findRegion(
  code: string,
): (Region & { level: RegionLevel; parent: string | null }) | undefined {
  const found = regionIndex().get(code);
  return found ? { code: found.code, name: found.name, level: found.level, parent: found.parent } : undefined;
}

const toRegion = (code: string): Region => ({ code, name: regionIndex().get(code)!.name });

/** Every province, in code order. */
export const provinces = (): Region[] => entriesOf().map(([code, name]) => ({ code, name }));

/** The cities of a province; undefined when `provinceCode` is not a province. */
export function citiesOf(provinceCode: string): Region[] | undefined {
  const province = regionIndex().get(provinceCode);
  if (province?.level !== 'province') return undefined;
  return province.children.map(toRegion);
}

/** The districts of a city; undefined when `cityCode` is not a city. */
export function districtsOf(cityCode: string): Region[] | undefined {
  const city = regionIndex().get(cityCode);
  if (city?.level !== 'city') return undefined;
  return city.children.map(toRegion);
}

/** True when `code` is a city (the second level). */
export const isCityCode = (code: string): boolean => regionIndex().get(code)?.level === 'city';

/**
 * Why `[province, city, district]` is not a valid path, or undefined when it is: each code must
 * exist at its level and belong to the one before it.
 */
export function regionPathProblem(codes: readonly string[]): string | undefined {
  const levels: RegionLevel[] = ['province', 'city', 'district'];
  if (codes.length !== levels.length) return 'choose a province, a city and a district';
  let parent: string | null = null;
  for (const [i, level] of levels.entries()) {
    const region = regionIndex().get(codes[i] ?? '');
    if (!region || region.level !== level) return `unknown ${level}`;
    if (region.parent !== parent) return `the ${level} is not in the chosen ${levels[i - 1]}`;
    parent = region.code;
  }
  return undefined;
}

/** The names along a path of codes (`['广东省', '广州市', '天河区']`); unknown codes give ''. */
export const regionNames = (codes: readonly string[]): string[] =>
  codes.map((code) => regionIndex().get(code)?.name ?? '');

/** A city's display name with its province: `广东省 广州市`; '' for an unknown code. */
export function cityDisplayName(cityCode: string): string {
  const city = regionIndex().get(cityCode);
  if (city?.level !== 'city' || !city.parent) return '';
  return `${regionIndex().get(city.parent)!.name} ${city.name}`;
}

/** The city code's `[province, city]` path, for a two-level cascader; [] for an unknown code. */
export function cityPath(cityCode: string): string[] {
  const city = regionIndex().get(cityCode);
  return city?.level === 'city' && city.parent ? [city.parent, city.code] : [];
}

let cascader: RegionOption[] | undefined;
let cityCascader: RegionOption[] | undefined;

/** The three-level tree as antd Cascader options (`value`, `label`, `children`). */
export function regionCascaderOptions(): RegionOption[] {
  const build = (list: RegionEntry[]): RegionOption[] =>
    list.map(([value, label, children]) =>
      children ? { value, label, children: build(children) } : { value, label },
    );
  cascader ??= build(entriesOf());
  return cascader;
}

/** Provinces and cities only, for a city picker (designer profile, bank city). */
export function cityCascaderOptions(): RegionOption[] {
  cityCascader ??= entriesOf().map(([value, label, cities]) => ({
    value,
    label,
    children: (cities ?? []).map(([cityValue, cityLabel]) => ({ value: cityValue, label: cityLabel })),
  }));
  return cityCascader;
}
