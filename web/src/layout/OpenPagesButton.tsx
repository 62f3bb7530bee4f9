import { HomeOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useT } from '../locales/index.ts';

export interface OpenPage {
  key: string;
  title: string;
  isHome: boolean;
}

/**
 * In place of antd's overflow "…" (a hover menu of only the tabs scrolled out of sight, placed
 * inside the tablist): a button named 所有打开的页面 that lists every open page, the current one
 * marked, to jump to one. The tab strip beside it scrolls sideways in its own box.
 */
export function OpenPagesButton({
  pages,
  activeKey,
  onOpen,
}: {
  pages: OpenPage[];
  activeKey: string;
  onOpen(key: string): void;
}) {
  const t = useT();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: pages.map((page) => ({
          key: page.key,
          label: page.title,
          icon: page.isHome ? <HomeOutlined /> : undefined,
        })),
        selectable: true,
        selectedKeys: [activeKey],
        onClick: ({ key }) => onOpen(key),
      }}
    >
      <Button icon={<UnorderedListOutlined />} aria-label={t('tabBar.allOpen')} title={t('tabBar.allOpen')} />
    </Dropdown>
  );
}
