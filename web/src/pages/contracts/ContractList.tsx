import type { ContractItem } from '@dc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Table, type TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { formatFen } from '../../components/money.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { ContractCreateDrawer } from './ContractCreateDrawer.tsx';
import { ContractDetailDrawer } from './ContractDetailDrawer.tsx';
import { ContractFilters } from './ContractFilters.tsx';
import { ContractStatusTag } from './ContractStatusTag.tsx';
import {
  type ContractFilter,
  contractFilterFromSearch,
  contractQueryOf,
  isContractFiltered,
  searchWithContractFilter,
} from './contract-filters.ts';
import { contractLabels } from './contract-labels.ts';
import { contractKeys, fetchContracts } from './contract-service.ts';

/**
 * The contracts tab (the spec's template list made real): filters in the address bar, a
 * server-paged table, the step form in a drawer (`?create=1`) and the detail (`?contract=<id>`).
 */
export function ContractList() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const labels = contractLabels(language);
  const [search, setSearch] = useSearchParams();
  const filter = contractFilterFromSearch(search);
  const query = contractQueryOf(filter);
  const list = useQuery({
    queryKey: contractKeys.list(query),
    queryFn: ({ signal }) => fetchContracts(query, signal),
    placeholderData: keepPreviousData,
  });
  const setFilter = (next: ContractFilter) => setSearch(searchWithContractFilter(search, next));
  const openId = Number(search.get('contract')) || undefined;
  const creating = search.get('create') === '1';
  const setParam = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(search);
    if (value === undefined) next.delete(key);
    else next.set(key, value);
    setSearch(next);
  };

  const columns: TableColumnsType<ContractItem> = [
    { key: 'code', dataIndex: 'code', title: t('contract.column.code'), width: 170 },
    { key: 'title', dataIndex: 'title', title: t('contract.column.title'), width: 240, ellipsis: true },
    { key: 'provider', dataIndex: 'providerName', title: t('contract.column.provider'), width: 140 },
    {
      key: 'type',
      title: t('contract.column.type'),
      width: 110,
      render: (_, item) => labels.type(item.type),
    },
    {
      key: 'direction',
      title: t('contract.column.direction'),
      width: 90,
      render: (_, item) => labels.direction(item.direction),
    },
    {
      key: 'amount',
      title: t('contract.column.amount'),
      width: 150,
      align: 'right',
      render: (_, item) => formatFen(item.amount, language),
    },
    {
      key: 'status',
      title: t('contract.column.status'),
      width: 130,
      render: (_, item) => <ContractStatusTag status={item.status} />,
    },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('contract.column.createdAt'), width: 170 },
    {
      key: 'actions',
      title: t('contract.column.actions'),
      width: 90,
      fixed: 'end',
      render: (_, item) => (
        <Button
          color="primary"
          variant="link"
          size="small"
          onClick={() => setParam('contract', String(item.id))}
        >
          {t('contract.view')}
        </Button>
      ),
    },
  ];

  return (
    <Card>
      <Flex vertical gap={16}>
        <ContractFilters filter={filter} onChange={setFilter} onCreate={() => setParam('create', '1')} />
        {list.isError ? (
          <LoadFailed onRetry={list.refetch} />
        ) : (
          <Table<ContractItem>
            rowKey="id"
            columns={columns}
            dataSource={list.data?.dataList ?? []}
            loading={list.isPending || list.isPlaceholderData}
            scroll={{ x: 1380 }}
            data-testid="contract-table"
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={isContractFiltered(filter) ? t('contract.emptyFiltered') : t('contract.empty')}
                />
              ),
            }}
            pagination={{
              current: filter.page,
              pageSize: filter.pageSize,
              total: list.data?.totalNumber ?? 0,
              showSizeChanger: true,
              showTotal: (total) => t('contract.total', { total }),
              onChange: (page, pageSize) =>
                setFilter({ ...filter, page: pageSize === filter.pageSize ? page : 1, pageSize }),
            }}
          />
        )}
      </Flex>
      <ContractDetailDrawer contractId={openId} onClose={() => setParam('contract', undefined)} />
      <ContractCreateDrawer
        open={creating}
        onClose={() => setParam('create', undefined)}
        onCreated={(id) => {
          const next = searchWithContractFilter(search, { ...filter, page: 1 });
          next.delete('create');
          next.set('contract', String(id));
          setSearch(next);
        }}
      />
    </Card>
  );
}
