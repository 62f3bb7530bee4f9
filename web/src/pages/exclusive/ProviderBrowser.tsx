import { type ProviderKind, providerKindLabels, providerKinds } from '@dc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Input, Pagination, Row, Segmented, Select, Spin } from 'antd';
import { useState } from 'react';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { useLanguage, useT } from '../../locales/index.ts';
import { exclusiveKeys, fetchProviders } from './exclusive-service.ts';
import { ProviderCard } from './ProviderCard.tsx';

const PAGE_SIZE = 9;

type Show = 'all' | 'collected';

/** The providers of the platform: search, kind, "collected only", and a card per provider. */
export function ProviderBrowser() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<ProviderKind | undefined>();
  const [show, setShow] = useState<Show>('all');
  const [page, setPage] = useState(1);
  const query = {
    page,
    pageSize: PAGE_SIZE,
    ...(keyword ? { keyword } : {}),
    ...(kind ? { kind } : {}),
    ...(show === 'collected'
      ? { collected: true, sortBy: 'collectedAt' as const, order: 'desc' as const }
      : {}),
  };
  const list = useQuery({
    queryKey: exclusiveKeys.providerList(query),
    queryFn: ({ signal }) => fetchProviders(query, signal),
    placeholderData: keepPreviousData,
  });
  const providers = list.data?.dataList ?? [];
  const filtered = keyword !== '' || kind !== undefined;

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex wrap gap={12} align="center">
          <Segmented<Show>
            value={show}
            onChange={(value) => {
              setShow(value);
              setPage(1);
            }}
            options={[
              { value: 'all', label: t('provider.filter.all') },
              { value: 'collected', label: t('provider.filter.collected') },
            ]}
          />
          <Select
            aria-label={t('provider.filter.kind')}
            allowClear
            style={{ width: 160 }}
            placeholder={t('provider.filter.allKinds')}
            value={kind}
            onChange={(value: ProviderKind | undefined) => {
              setKind(value);
              setPage(1);
            }}
            options={providerKinds.map((value) => ({ value, label: providerKindLabels[value][language] }))}
          />
          <Input.Search
            aria-label={t('provider.search')}
            placeholder={t('provider.search')}
            allowClear
            style={{ maxWidth: 320 }}
            onSearch={(value) => {
              setKeyword(value.trim());
              setPage(1);
            }}
          />
        </Flex>
      </Card>
      {list.isError ? (
        <LoadFailed onRetry={list.refetch} />
      ) : (
        <Spin spinning={list.isPending || list.isPlaceholderData}>
          {providers.length === 0 && !list.isPending ? (
            <Card>
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  filtered
                    ? t('provider.emptyFiltered')
                    : show === 'collected'
                      ? t('provider.emptyCollected')
                      : t('provider.empty')
                }
              />
            </Card>
          ) : (
            <Row gutter={[16, 16]} data-testid="provider-list">
              {providers.map((provider) => (
                <Col key={provider.id} xs={24} md={12} xl={8}>
                  <ProviderCard provider={provider} />
                </Col>
              ))}
            </Row>
          )}
        </Spin>
      )}
      {(list.data?.totalNumber ?? 0) > 0 ? (
        <Flex justify="flex-end">
          <Pagination
            current={page}
            pageSize={PAGE_SIZE}
            total={list.data?.totalNumber ?? 0}
            showTotal={(total) => t('provider.total', { total })}
            onChange={setPage}
          />
        </Flex>
      ) : null}
    </Flex>
  );
}
