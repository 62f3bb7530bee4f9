import { PlusOutlined } from '@ant-design/icons';
import type { Impression } from '@dc/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Flex, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../locales/index.ts';
import { ImpressionCloud } from './ImpressionCloud.tsx';
import { ImpressionFans } from './ImpressionFans.tsx';
import { ImpressionFormModal } from './ImpressionFormModal.tsx';
import { ImpressionTable } from './ImpressionTable.tsx';
import { fetchImpressionOverview, impressionKeys } from './service.ts';

type Dialog = { impression: Impression | undefined } | null;

/** 粉丝管理 › 粉丝印象 (issue 7 item 6): the word cloud, the list with counts, and a word's fans. */
export default function FansImpressionPage() {
  const t = useT();
  const overview = useQuery({
    queryKey: impressionKeys.overview,
    queryFn: ({ signal }) => fetchImpressionOverview(signal),
  });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  if (overview.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('common.loadFailed')}
        action={<Button onClick={() => void overview.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  const data = overview.data;
  const impressions = data?.impressions ?? [];
  const selected = impressions.find((item) => item.id === selectedId);
  const full = data !== undefined && impressions.length >= data.limit;
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="baseline" gap={12}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('impressions.title')}
          </Typography.Title>
          {data && (
            <Typography.Text type="secondary" data-testid="impressions-summary">
              {t('impressions.summary', {
                count: impressions.length,
                max: data.limit,
                perFan: data.perFanLimit,
              })}
            </Typography.Text>
          )}
        </Flex>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={full}
          onClick={() => setDialog({ impression: undefined })}
        >
          {t('impressions.add')}
        </Button>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title={t('impressions.cloud')}>
            {!data ? (
              <Skeleton active paragraph={{ rows: 6 }} />
            ) : impressions.length === 0 ? (
              <Empty description={t('impressions.empty')} />
            ) : (
              <ImpressionCloud impressions={impressions} selectedId={selectedId} onSelect={setSelectedId} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t('impressions.list')}>
            <ImpressionTable
              impressions={impressions}
              loading={overview.isPending}
              selectedId={selectedId}
              onSelect={setSelectedId}
              onRename={(impression) => setDialog({ impression })}
              onDeleted={(id) => {
                if (id === selectedId) setSelectedId(null);
              }}
            />
          </Card>
        </Col>
      </Row>
      {selected ? (
        <ImpressionFans key={selected.id} impression={selected} />
      ) : (
        impressions.length > 0 && <Alert type="info" showIcon title={t('impressions.pickWord')} />
      )}
      {dialog && <ImpressionFormModal impression={dialog.impression} onClose={() => setDialog(null)} />}
    </Flex>
  );
}
