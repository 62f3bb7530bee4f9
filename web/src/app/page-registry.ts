import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };

/**
 * Every screen, by name: `web/src/pages/<area>/<screen>.tsx` is the page `<area>/<screen>`.
 * Page files are kebab-case; PascalCase files beside them are the page's own components.
 * Each page is its own chunk, so the login page loads no table, chart or 3D code.
 */
const modules = import.meta.glob<PageModule>('../pages/**/[a-z0-9]*.tsx');

export const pageLoaders: ReadonlyMap<string, () => Promise<PageModule>> = new Map(
  Object.entries(modules).map(([file, load]) => [file.replace('../pages/', '').replace(/\.tsx$/, ''), load]),
);

/** A react-router `lazy` for the named page. */
export function lazyPage(name: string) {
  const load = pageLoaders.get(name);
  if (!load) throw new Error(`No page named ${name}`);
  return async () => ({ Component: (await load()).default });
}
