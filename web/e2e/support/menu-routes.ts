import type { MenuAnswer, MenuRoute } from '@dc/contract';
import { demoApi } from './browser.ts';

/** One screen to open in a per-route check: its URL and the menu title it answers to. */
export interface RouteToOpen {
  url: string;
  /** The menu's zh-CN title; absent for the shell's own pages. */
  title?: string;
}

interface ListPage<T> {
  dataList: T[];
}

/** Screens outside the menu tree that a designer reaches every day. */
const PAGES_OUTSIDE_THE_MENU: RouteToOpen[] = [{ url: '/notifications' }, { url: '/user/index' }];

async function firstId(url: string): Promise<string> {
  const [first] = (await demoApi<ListPage<{ id: number }>>(url)).dataList;
  if (!first) throw new Error(`the demo seed has no row at ${url}`);
  return String(first.id);
}

/**
 * A real value for each route parameter of the menu tree, read from the demo designer's data,
 * so a detail route opens a real record. An optional parameter is left out.
 */
async function parameterValues(): Promise<Record<string, string>> {
  const [fan, video, course, product, brand, look, pack, rulePack, combinedPack] = await Promise.all([
    firstId('/fans?pageSize=1'),
    firstId('/videos?pageSize=1'),
    firstId('/courses?pageSize=1'),
    firstId('/products?pageSize=1'),
    firstId('/brands'),
    firstId('/looks?pageSize=1'),
    firstId('/crowd-packs?pageSize=1'),
    firstId('/crowd-packs?pageSize=1&kind=rule'),
    firstId('/crowd-packs?pageSize=1&kind=combined'),
  ]);
  return {
    fans_id: fan,
    course_id: course,
    recommend_id: look,
    type: 'all',
    dateType: 'day',
    videoId: video,
    productId: product,
    brandId: brand,
    packId: pack,
    rulePackId: rulePack,
    combinedPackId: combinedPack,
  };
}

/**
 * Routes that take their record from the query string (`?id=`): a pack's detail and its editors
 * (without an id an editor goes to its 新建 screen, which has a route of its own).
 */
function queryFor(fullPath: string, values: Record<string, string>): string {
  if (fullPath.endsWith('crowd-pack-detail')) return `?id=${values.packId}`;
  if (fullPath.endsWith('crowd-pack-edit')) return `?id=${values.rulePackId}`;
  if (fullPath.endsWith('crowd-pack-combined-edit')) return `?id=${values.combinedPackId}`;
  return '';
}

/** Detail routes share parameter names (`:id`); the route's name says which record it opens. */
function idFor(fullPath: string, values: Record<string, string>): string | undefined {
  if (fullPath.includes('video-detail')) return values.videoId;
  if (fullPath.includes('boutique-detail')) return values.productId;
  if (fullPath.includes('brand-introduction')) return values.brandId;
  return undefined;
}

function fill(fullPath: string, values: Record<string, string>): string | undefined {
  let unfilled = false;
  const url = fullPath
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      const value =
        name === 'id'
          ? idFor(fullPath, values)
          : name === 'type' && fullPath.includes('sales-analysis-list')
            ? 'boutique'
            : values[name];
      if (value !== undefined) return value;
      if (!optional) unfilled = true;
      return '';
    })
    .filter((segment, index) => index === 0 || segment !== '')
    .join('/');
  return unfilled ? undefined : url;
}

function walk(
  routes: readonly MenuRoute[],
  parent: string,
  out: RouteToOpen[],
  values: Record<string, string>,
) {
  for (const route of routes) {
    const fullPath = route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    if (route.component && !route.meta.frameSrc) {
      const url = fill(fullPath, values);
      if (!url) throw new Error(`no demo value for a parameter of ${fullPath}: add one in menu-routes.ts`);
      out.push({ url: url + queryFor(fullPath, values), title: route.meta.title['zh-CN'] });
    }
    walk(route.children ?? [], fullPath, out, values);
  }
}

/** Every screen of the demo designer's menu tree (hidden detail routes included), plus the shell's own. */
export async function everyConsoleRoute(): Promise<RouteToOpen[]> {
  const [{ list }, values] = await Promise.all([demoApi<MenuAnswer>('/menu'), parameterValues()]);
  const routes: RouteToOpen[] = [];
  walk(list, '/', routes, values);
  return [...routes, ...PAGES_OUTSIDE_THE_MENU];
}
