import { ArrowLeftOutlined, ArrowRightOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { CONTEXT_MENU_MIN_COLUMN_WIDTH } from '@dc/contract';
import type { MenuProps } from 'antd';
import type { Translate } from '../locales/index.ts';
import { contextMenuRules, type TabEntry } from '../stores/tabs.ts';
import type { TabActions } from './tab-actions.ts';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** The right-click menu of one tab, offering only what applies where the tab stands (spec section 2). */
export function tabContextMenu(
  tabs: readonly TabEntry[],
  key: string,
  t: Translate,
  actions: TabActions,
): MenuProps {
  const rules = contextMenuRules(tabs, key);
  const items: MenuItem[] = [
    { key: 'refresh', icon: <ReloadOutlined />, label: t('tabs.refresh') },
    ...(rules.closeLeft
      ? [{ key: 'closeLeft', icon: <ArrowLeftOutlined />, label: t('tabs.closeLeft') }]
      : []),
    ...(rules.closeRight
      ? [{ key: 'closeRight', icon: <ArrowRightOutlined />, label: t('tabs.closeRight') }]
      : []),
    ...(rules.closeOthers
      ? [{ key: 'closeOthers', icon: <CloseOutlined />, label: t('tabs.closeOthers') }]
      : []),
  ];
  return {
    items,
    style: { minWidth: CONTEXT_MENU_MIN_COLUMN_WIDTH },
    onClick: ({ key: action, domEvent }) => {
      // The menu is portalled but React events still bubble to the tab; it must not also switch tabs.
      domEvent.stopPropagation();
      if (
        action === 'refresh' ||
        action === 'closeLeft' ||
        action === 'closeRight' ||
        action === 'closeOthers'
      ) {
        actions[action](key);
      }
    },
  };
}
