import { type DynamicKind, dynamicKindLabels, dynamicKinds, type PartnerCompany } from '@dc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Pagination, Select, Spin, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { useLanguage, useT } from '../../locales/index.ts';
import { fetchDynamics, partnerKeys } from './partner-service.ts';

const PAGE_SIZE = 6;
const kindColor: Record<DynamicKind, string> = { news: 'blue', announcement: 'orange', milestone: 'green' };

/** The partners' news, newest first, by company and kind. */
export function PartnerDynamics({ companies }: { companies: PartnerCompany[] }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const [companyId, setCompanyId] = useState<number | undefined>();
  const [kind, setKind] = useState<DynamicKind | undefined>();
  const [page, setPage] = useState(1);
  const query = {
    page,
    pageSize: PAGE_SIZE,
    ...(companyId ? { companyId } : {}),
    ...(kind ? { kind } : {}),
  };
  const { token } = theme.useToken();
  const feed = useQuery({
    queryKey: partnerKeys.dynamics(query),
    queryFn: ({ signal }) => fetchDynamics(query, signal),
    placeholderData: keepPreviousData,
  });
  const items = feed.data?.dataList ?? [];
  const total = feed.data?.totalNumber ?? 0;
  return (
    <Card title={t('partner.dynamics.title')} style={{ height: '100%' }}>
      <Flex vertical gap={12}>
        <Flex gap={8} wrap>
          <Select
            aria-label={t('partner.dynamics.company')}
            allowClear
            style={{ flex: '1 1 140px' }}
            placeholder={t('partner.dynamics.allCompanies')}
            value={companyId}
            onChange={(value: number | undefined) => {
              setCompanyId(value);
              setPage(1);
            }}
            options={companies.map((c) => ({ value: c.id, label: c.name }))}
          />
          <Select
            aria-label={t('partner.dynamics.kind')}
            allowClear
            style={{ flex: '1 1 110px' }}
            placeholder={t('partner.dynamics.allKinds')}
            value={kind}
            onChange={(value: DynamicKind | undefined) => {
              setKind(value);
              setPage(1);
            }}
            options={dynamicKinds.map((value) => ({ value, label: dynamicKindLabels[value][language] }))}
          />
        </Flex>
        {feed.isError ? (
          <LoadFailed onRetry={feed.refetch} />
        ) : (
          <Spin spinning={feed.isPending || feed.isPlaceholderData}>
            <Flex vertical data-testid="partner-dynamics">
              {items.length === 0 && !feed.isPending ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('partner.dynamics.empty')} />
              ) : null}
              {items.map((item, index) => (
                <Flex
                  key={item.id}
                  vertical
                  gap={4}
                  data-testid="partner-dynamic"
                  style={{
                    padding: '12px 0',
                    borderTop: index === 0 ? undefined : `1px solid ${token.colorSplit}`,
                  }}
                >
                  <Flex gap={8} align="center" wrap>
                    <Tag color={kindColor[item.kind]} style={{ margin: 0 }}>
                      {dynamicKindLabels[item.kind][language]}
                    </Tag>
                    <Typography.Text strong>{item.title}</Typography.Text>
                  </Flex>
                  <Typography.Paragraph
                    type="secondary"
                    ellipsis={{ rows: 2, expandable: true, symbol: '…' }}
                    style={{ margin: 0 }}
                  >
                    {item.content}
                  </Typography.Paragraph>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {item.companyName} ·{' '}
                    <time dateTime={item.publishedAt.replace(' ', 'T')}>{item.publishedAt}</time>
                  </Typography.Text>
                </Flex>
              ))}
            </Flex>
          </Spin>
        )}
        {total > PAGE_SIZE ? (
          <Pagination
            align="center"
            size="small"
            current={page}
            pageSize={PAGE_SIZE}
            total={total}
            onChange={setPage}
          />
        ) : null}
      </Flex>
    </Card>
  );
}
