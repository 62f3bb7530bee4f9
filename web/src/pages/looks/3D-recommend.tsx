import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useT } from '../../locales/index.ts';
import { LookBackgroundPanel } from './LookBackgroundPanel.tsx';
import { LookListPanel } from './LookListPanel.tsx';
import { LookModelPanel } from './LookModelPanel.tsx';

const TABS = ['looks', 'backgrounds', 'models'] as const;
type TabKey = (typeof TABS)[number];

/** 商家精品 › 3D推荐 (issue 9): looks, and the backgrounds and models they are made of. */
export default function ThreedRecommendPage() {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: TabKey = TABS.includes(asked as TabKey) ? (asked as TabKey) : 'looks';
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch(key === 'looks' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'looks', label: t('looks.tabLooks'), children: <LookListPanel /> },
          { key: 'backgrounds', label: t('looks.tabBackgrounds'), children: <LookBackgroundPanel /> },
          { key: 'models', label: t('looks.tabModels'), children: <LookModelPanel /> },
        ]}
      />
    </Card>
  );
}
