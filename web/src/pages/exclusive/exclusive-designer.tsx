import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useT } from '../../locales/index.ts';
import { ContractList } from '../contracts/ContractList.tsx';
import { ExclusiveApplication } from './ExclusiveApplication.tsx';
import { type ExclusiveTab, searchForTab, tabFromSearch } from './exclusive-tabs.ts';
import { ProviderBrowser } from './ProviderBrowser.tsx';

/**
 * 基本信息 › 专属设计师 (issue 4 item 7): the application to become a provider's exclusive
 * designer, the providers to browse and collect, and the contracts with providers. The active
 * tab lives in the address bar, so reload and back keep it.
 */
export default function ExclusiveDesignerPage() {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const active = tabFromSearch(search);
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => setSearch(searchForTab(key as ExclusiveTab))}
      destroyOnHidden
      items={[
        { key: 'application', label: t('exclusive.tab.application'), children: <ExclusiveApplication /> },
        { key: 'providers', label: t('exclusive.tab.providers'), children: <ProviderBrowser /> },
        { key: 'contracts', label: t('exclusive.tab.contracts'), children: <ContractList /> },
      ]}
    />
  );
}
