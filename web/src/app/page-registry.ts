import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { areasOfPage, loadAreas } from '../locales/areas.ts';

type PageModule = { default: ComponentType };

/**
 * Every screen, by name: `web/src/pages/<area>/<screen>.tsx` is the page `<area>/<screen>`.
 * Page files are kebab-case (digits and capitals allowed after the first letter, as in
 * `3D-recommend`); PascalCase files beside them are the page's own components. Each page is its
 * own chunk, so the login page loads no table, chart or 3D code. A page's strings (its areas, see
 * locales/areas.ts) load beside its chunk, and the page is only handed out once both are there:
 * it never renders a key whose words are still on their way.
 */
const modules = import.meta.glob<PageModule>(['../pages/**/*.tsx', '!../pages/**/[A-Z]*.tsx']);

export const pageLoaders: ReadonlyMap<string, () => Promise<PageModule>> = new Map(
  Object.entries(modules).map(([file, load]) => {
    const name = file.replace('../pages/', '').replace(/\.tsx$/, '');
    const areas = areasOfPage(name);
    return [name, () => Promise.all([load(), loadAreas(areas)]).then(([page]) => page)];
  }),
);

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

/** The page component of a name, loaded on first render; undefined when no such page exists. */
export function pageComponent(name: string): LazyExoticComponent<ComponentType> | undefined {
  const cached = lazyPages.get(name);
  if (cached) return cached;
  const load = pageLoaders.get(name);
  if (!load) return undefined;
  const component = lazy(load);
  lazyPages.set(name, component);
  return component;
}

/** A react-router `lazy` for the named page (the public routes outside the console). */
export function lazyPage(name: string) {
  const load = pageLoaders.get(name);
  if (!load) throw new Error(`No page named ${name}`);
  return async () => ({ Component: (await load()).default });
}
