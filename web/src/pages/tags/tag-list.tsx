import { PlusOutlined } from '@ant-design/icons';
import type { Tag, TagClassification } from '@dc/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Flex, Row, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../locales/index.ts';
import { fetchTagOverview, tagKeys } from './service.ts';
import { ALL_CLASSIFICATIONS, TagClassificationList } from './TagClassificationList.tsx';
import { TagClassificationModal } from './TagClassificationModal.tsx';
import { TagFormModal } from './TagFormModal.tsx';
import { TagMergeModal } from './TagMergeModal.tsx';
import { TagTable } from './TagTable.tsx';

type Dialog =
  | { kind: 'tag'; tag: Tag | undefined }
  | { kind: 'merge'; tag: Tag }
  | { kind: 'classification'; classification: TagClassification | undefined };

/** 标签管理 › 标签列表 (issue 7 item 4): tags grouped by classification. */
export default function TagListPage() {
  const t = useT();
  const overview = useQuery({
    queryKey: tagKeys.overview,
    queryFn: ({ signal }) => fetchTagOverview(signal),
  });
  const [selected, setSelected] = useState(ALL_CLASSIFICATIONS);
  const [dialog, setDialog] = useState<Dialog | null>(null);
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
  const classifications = data?.classifications ?? [];
  const tags = data?.tags ?? [];
  const shown = selected === ALL_CLASSIFICATIONS ? tags : tags.filter((x) => x.classificationId === selected);
  const full = data !== undefined && tags.length >= data.tagLimit;
  const close = () => setDialog(null);
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="baseline" gap={12}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('tags.title')}
          </Typography.Title>
          {data && (
            <Typography.Text type="secondary" data-testid="tags-summary">
              {t('tags.summary', { count: tags.length, max: data.tagLimit, perFan: data.perFanLimit })}
            </Typography.Text>
          )}
        </Flex>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={full || classifications.length === 0}
          title={full ? t('tags.limitReached', { max: data?.tagLimit ?? 0 }) : undefined}
          onClick={() => setDialog({ kind: 'tag', tag: undefined })}
        >
          {t('tags.add')}
        </Button>
      </Flex>
      {full && <Alert type="warning" showIcon title={t('tags.limitReached', { max: data.tagLimit })} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={7} xl={5}>
          <TagClassificationList
            classifications={classifications}
            total={tags.length}
            selected={selected}
            onSelect={setSelected}
            onEdit={(classification) => setDialog({ kind: 'classification', classification })}
          />
        </Col>
        <Col xs={24} md={17} xl={19}>
          <Card>
            {data && classifications.length === 0 ? (
              <Empty description={t('tags.noClassification')}>
                <Button
                  type="primary"
                  onClick={() => setDialog({ kind: 'classification', classification: undefined })}
                >
                  {t('tags.addClassification')}
                </Button>
              </Empty>
            ) : (
              <TagTable
                tags={shown}
                classifications={classifications}
                loading={overview.isPending}
                onEdit={(tag) => setDialog({ kind: 'tag', tag })}
                onMerge={(tag) => setDialog({ kind: 'merge', tag })}
              />
            )}
          </Card>
        </Col>
      </Row>
      {dialog?.kind === 'tag' && (
        <TagFormModal
          tag={dialog.tag}
          classifications={classifications}
          defaultClassificationId={selected === ALL_CLASSIFICATIONS ? classifications[0]?.id : selected}
          onClose={close}
        />
      )}
      {dialog?.kind === 'merge' && (
        <TagMergeModal tag={dialog.tag} tags={tags} classifications={classifications} onClose={close} />
      )}
      {dialog?.kind === 'classification' && (
        <TagClassificationModal classification={dialog.classification} onClose={close} />
      )}
    </Flex>
  );
}
