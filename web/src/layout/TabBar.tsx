import { HomeOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, type DragEndEvent, PointerSensor, useSensor } from '@dnd-kit/core';
import { horizontalListSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import { Dropdown, Flex, Tabs, type TabsProps, theme } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useLanguage, useT } from '../locales/index.ts';
import { useMenu } from '../stores/menu.ts';
import { useSettings } from '../stores/settings.ts';
import { locationTabKey, tabHref, tabKey, tabTitleText, useTabs } from '../stores/tabs.ts';
import { HEADER_HEIGHT, TAB_BAR_Z_INDEX } from './AppHeader.tsx';
import { DraggableTabNode } from './DraggableTabNode.tsx';
import { planNavigation } from './navigation-plan.ts';
import { OpenPagesButton } from './OpenPagesButton.tsx';
import { useTabActions } from './tab-actions.ts';
import { tabContextMenu } from './tab-context-menu.tsx';
import './tab-bar.css';

// A press that moves less than this is a click (switch tab, close), not the start of a drag.
const DRAG_START_DISTANCE = 8;

/**
 * The multi-tab bar (spec section 2): home pinned first, tabs reordered by dragging, closed by
 * their ×, and a right-click menu to refresh or close several at once. The strip scrolls sideways
 * in its own box and a button beside it lists every open page, at every width: antd's overflow
 * "…" (hidden in tab-bar.css) sat inside the tablist, where a button is not allowed (axe
 * aria-required-children, critical, as soon as the tabs overflow).
 */
export function TabBar() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const tabs = useTabs((s) => s.tabs);
  const moveTab = useTabs((s) => s.moveTab);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const activeKey = locationTabKey(pathname);
  const actions = useTabActions(activeKey);
  const sensor = useSensor(PointerSensor, { activationConstraint: { distance: DRAG_START_DISTANCE } });
  const stickyTop = useStickyTop(pathname);
  const { token } = theme.useToken();

  const keys = tabs.map(tabKey);
  const open = (key: string) => {
    const tab = tabs.find((entry) => tabKey(entry) === key);
    if (tab) navigate(tabHref(tab));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) moveTab(String(active.id), String(over.id));
  };

  const items: TabsProps['items'] = tabs.map((tab) => ({
    key: tabKey(tab),
    label: tabTitleText(tab.title, language),
    icon: tab.isHome ? <HomeOutlined /> : undefined,
    closable: !tab.isHome,
  }));

  const renderTabBar: TabsProps['renderTabBar'] = (tabBarProps, DefaultTabBar) => (
    <DndContext sensors={[sensor]} onDragEnd={onDragEnd} collisionDetection={closestCenter}>
      <SortableContext items={keys} strategy={horizontalListSortingStrategy}>
        <DefaultTabBar {...tabBarProps}>
          {(node) => {
            const key = String(node.key);
            const tab = tabs.find((entry) => tabKey(entry) === key);
            return (
              <Dropdown key={key} trigger={['contextMenu']} menu={tabContextMenu(tabs, key, t, actions)}>
                <DraggableTabNode id={key} pinned={tab?.isHome ?? false}>
                  {node}
                </DraggableTabNode>
              </Dropdown>
            );
          }}
        </DefaultTabBar>
      </SortableContext>
    </DndContext>
  );

  return (
    <nav
      aria-label={t('tabs.label')}
      data-testid="tab-bar"
      className="console-tab-bar"
      // Stays reachable under a fixed header however far the page is scrolled.
      style={{
        position: 'sticky',
        top: stickyTop,
        zIndex: TAB_BAR_Z_INDEX,
        background: token.colorBgLayout,
        paddingTop: 8,
        marginTop: -8,
      }}
    >
      <Flex align="flex-start" gap={8}>
        <Tabs
          style={{ flex: 1, minWidth: 0 }}
          type="editable-card"
          hideAdd
          size="small"
          activeKey={activeKey}
          items={items}
          renderTabBar={renderTabBar}
          onChange={open}
          onEdit={(key, action) => {
            if (action === 'remove' && typeof key === 'string') actions.close(key);
          }}
          styles={{ header: { marginBottom: 12 } }}
        />
        <OpenPagesButton
          pages={tabs.map((tab) => ({
            key: tabKey(tab),
            title: tabTitleText(tab.title, language),
            isHome: tab.isHome,
          }))}
          activeKey={activeKey}
          onOpen={open}
        />
      </Flex>
    </nav>
  );
}

/** Where the bar sticks: just under the header when a fixed header is shown, else at the window top. */
function useStickyTop(pathname: string): number {
  const settings = useSettings();
  const tree = useMenu((s) => s.tree) ?? [];
  const { header } = planNavigation(settings, tree, pathname);
  return header !== 'none' && settings.isHeaderFixed ? HEADER_HEIGHT : 0;
}
