import { BREADCRUMB_MAX_ITEM_WIDTH } from '@dc/contract';
import { Breadcrumb } from 'antd';
import { useMemo } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { flattenMenu } from '../app/menu-tree.ts';
import { useLanguage } from '../locales/index.ts';
import { useMenu } from '../stores/menu.ts';

const crumbStyle = {
  maxWidth: BREADCRUMB_MAX_ITEM_WIDTH,
  display: 'inline-block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
} as const;

/** Breadcrumb of the current page: hidden items and route-parameter segments skipped, each crumb a link. */
export function AppBreadcrumb() {
  const language = useLanguage((s) => s.language);
  const tree = useMenu((s) => s.tree);
  const { pathname } = useLocation();
  const flat = useMemo(() => flattenMenu(tree ?? []), [tree]);

  const current = flat.find((entry) => matchPath(entry.fullPath, pathname));
  if (!current) return null;
  let path = '';
  const crumbs = [...current.ancestors, current.route]
    .map((route) => {
      path = route.path.startsWith('/') ? route.path : `${path}/${route.path}`;
      return { route, path };
    })
    .filter(({ route }) => !route.meta.hiddenBreadcrumb && !(route.meta.hidden && route !== current.route));

  return (
    <Breadcrumb
      style={{ marginBottom: 16 }}
      items={crumbs.map(({ route, path: crumbPath }) => {
        // A parameter segment (`:id`) never shows; the title of the route stands for it.
        const linkPath = crumbPath.includes(':') ? pathname : crumbPath;
        return {
          key: crumbPath,
          title: (
            <Link to={linkPath} style={crumbStyle}>
              {route.meta.title[language]}
            </Link>
          ),
        };
      })}
    />
  );
}
