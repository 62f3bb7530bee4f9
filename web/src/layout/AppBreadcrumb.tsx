import { BREADCRUMB_MAX_ITEM_WIDTH } from '@dc/contract';
import { Breadcrumb } from 'antd';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { flattenMenu } from '../app/menu-tree.ts';
import { useLanguage } from '../locales/index.ts';
import { useMenu } from '../stores/menu.ts';
import { menuTrail } from './menu-trail.ts';
import { useRecordTitles } from './record-title.ts';

/**
 * Each crumb cut to its width with the whole title on hover; 24 px tall, WCAG 2.2's smallest
 * target: on a phone the trail wraps and antd's 22 px lines put one link's box against the next's.
 */
const crumbStyle = {
  maxWidth: BREADCRUMB_MAX_ITEM_WIDTH,
  height: 24,
  lineHeight: '24px',
  display: 'inline-block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
} as const;

/**
 * Breadcrumb of the current page, each crumb a link: section › list › record for a detail page
 * (the record's own title once its page has named it), else the page's place in the menu.
 */
export function AppBreadcrumb() {
  const language = useLanguage((s) => s.language);
  const tree = useMenu((s) => s.tree);
  const { pathname } = useLocation();
  const recordTitle = useRecordTitles((s) => s.byPath[pathname]);
  const flat = useMemo(() => flattenMenu(tree ?? []), [tree]);
  const trail = menuTrail(flat, pathname);
  if (trail.length === 0) return null;

  return (
    <Breadcrumb
      data-testid="breadcrumb"
      style={{ marginBottom: 16 }}
      items={trail.map(({ route, path }, index) => {
        const last = index === trail.length - 1;
        const title = (last && recordTitle) || route.meta.title[language];
        return {
          key: `${path}-${index}`,
          title: (
            <Link to={path} style={crumbStyle} title={title}>
              {title}
            </Link>
          ),
        };
      })}
    />
  );
}
