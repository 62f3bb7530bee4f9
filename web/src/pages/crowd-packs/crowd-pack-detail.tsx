import { DownloadOutlined, EditOutlined, SyncOutlined, TagsOutlined } from '@ant-design/icons';
import type { FanRow, PackRef } from '@dc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Result,
  Row,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BackButton, DetailHeader } from '../../components/DetailHeader.tsx';
import { useT } from '../../locales/index.ts';
import { PackComputedAt } from './PackComputedAt.tsx';
import { PackMemberTable } from './PackMemberTable.tsx';
import { PackSizeChart } from './PackSizeChart.tsx';
import { PackStateTag } from './PackStateTag.tsx';
import { PackTagModal } from './PackTagModal.tsx';
import { PackTraceDrawer } from './PackTraceDrawer.tsx';
import { combinationText, ruleText } from './pack-summary.ts';
import { detailPathOf, editPathOf } from './paths.ts';
import { downloadMembersCsv, fetchPack, packKeys, refreshPack } from './service.ts';
import { usePackNames } from './use-pack-names.ts';

function PackLinks({ packs }: { packs: PackRef[] }) {
  const t = useT();
  if (packs.length === 0)
    return <Typography.Text type="secondary">{t('crowdPacks.detail.none')}</Typography.Text>;
  return (
    <Flex gap={4} wrap>
      {packs.map((p) => (
        <Link key={p.id} to={detailPathOf(p.id)}>
          <Tag>
            {p.name} · {p.size.toLocaleString()}
          </Tag>
        </Link>
      ))}
    </Flex>
  );
}

/** 人群包详情 (issue 8 item 5): definition in words, size history, members, trace, export, tagging. */
export default function CrowdPackDetailPage() {
  const t = useT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const names = usePackNames();
  const [traced, setTraced] = useState<FanRow>();
  const [tagging, setTagging] = useState(false);
  const [exporting, setExporting] = useState(false);
  const detail = useQuery({
    queryKey: packKeys.detail(id),
    queryFn: ({ signal }) => fetchPack(id, signal),
    enabled: id > 0,
    // A pack computing (opened stale, or just saved) is looked at again until it is done.
    refetchInterval: (q) => (q.state.data?.pack.state === 'computing' ? 1500 : false),
  });
  // A computation that ended (opened stale, or 刷新) changed the members: read them again.
  const computedAt = detail.data?.pack.computedAt;
  useEffect(() => {
    if (computedAt) void queryClient.invalidateQueries({ queryKey: ['crowd-packs', 'members', id] });
  }, [computedAt, id, queryClient]);
  const refresh = useMutation({
    mutationFn: () => refreshPack(id),
    onSuccess: async (pack) => {
      message.success(t('crowdPacks.refreshed', { size: pack.size.toLocaleString() }));
      await queryClient.invalidateQueries({ queryKey: packKeys.all });
    },
  });
  if (id <= 0 || detail.isError) {
    return <Result status="404" title={t('crowdPacks.detail.missing')} extra={<BackButton />} />;
  }
  if (!detail.data) return <Skeleton active />;
  const { pack, sizeHistory } = detail.data;
  const words = pack.rule
    ? ruleText(pack.rule, t, names)
    : combinationText(pack.combination!, t, {
        ...names,
        pack: (sid) => pack.sources.find((s) => s.id === sid)?.name,
      });
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadMembersCsv(pack.id);
    } catch {
      message.error(t('crowdPacks.detail.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Flex vertical gap={16}>
      <DetailHeader
        title={pack.name}
        titleTestId="pack-detail-name"
        tags={
          <>
            <Tag color={pack.kind === 'rule' ? 'blue' : 'purple'}>{t(`crowdPacks.kind.${pack.kind}`)}</Tag>
            <PackStateTag state={pack.state} failure={pack.failure} />
          </>
        }
        extra={
          <Space wrap>
            <Button icon={<EditOutlined />} onClick={() => navigate(editPathOf(pack))}>
              {t('crowdPacks.action.edit')}
            </Button>
            <Button icon={<SyncOutlined />} loading={refresh.isPending} onClick={() => refresh.mutate()}>
              {t('crowdPacks.action.refresh')}
            </Button>
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
              {t('crowdPacks.detail.export')}
            </Button>
            <Button
              type="primary"
              icon={<TagsOutlined />}
              disabled={pack.size === 0}
              onClick={() => setTagging(true)}
            >
              {t('crowdPacks.detail.tagAll')}
            </Button>
          </Space>
        }
      />
      {pack.state === 'failed' && (
        <Alert type="error" showIcon title={t('crowdPacks.detail.failure', { reason: pack.failure })} />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('crowdPacks.detail.definition')} style={{ height: '100%' }}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('crowdPacks.column.summary')}>
                <span data-testid="pack-definition">{words}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('crowdPacks.column.size')}>
                <Flex gap={8} align="center" wrap>
                  <Typography.Text strong data-testid="pack-detail-size">
                    {pack.size.toLocaleString()}
                  </Typography.Text>
                  <PackComputedAt pack={pack} />
                </Flex>
              </Descriptions.Item>
              <Descriptions.Item label={t('crowdPacks.column.refreshMode')}>
                {t(`crowdPacks.refresh.${pack.refreshMode}`)}
              </Descriptions.Item>
              <Descriptions.Item label={t('crowdPacks.detail.dependencies')}>
                <PackLinks packs={pack.sources} />
              </Descriptions.Item>
              <Descriptions.Item label={t('crowdPacks.detail.dependents')}>
                <PackLinks packs={pack.usedBy} />
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('crowdPacks.detail.history')} style={{ height: '100%' }}>
            <PackSizeChart history={sizeHistory} />
          </Card>
        </Col>
      </Row>
      <Card title={t('crowdPacks.detail.members')}>
        <PackMemberTable packId={pack.id} onTrace={setTraced} />
      </Card>
      <PackTraceDrawer pack={pack} fan={traced} names={names} onClose={() => setTraced(undefined)} />
      <PackTagModal packId={pack.id} size={pack.size} open={tagging} onClose={() => setTagging(false)} />
    </Flex>
  );
}
