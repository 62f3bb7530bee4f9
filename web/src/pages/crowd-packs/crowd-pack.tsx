import { ApartmentOutlined, PlusOutlined } from '@ant-design/icons';
import type { PackRow } from '@dc/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Popconfirm,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DayCell } from '../../components/server-table/DayCell.tsx';
import { scrollToFit } from '../../components/server-table/fit-columns.ts';
import { useT } from '../../locales/index.ts';
import { ApiRequestError } from '../../request/index.ts';
import { PackComputedAt } from './PackComputedAt.tsx';
import { PackStateTag } from './PackStateTag.tsx';
import { combinationText, ruleText } from './pack-summary.ts';
import { COMBINED_NEW_PATH, detailPathOf, editPathOf, RULE_NEW_PATH } from './paths.ts';
import { copyPack, deletePack, fetchPacks, packKeys, refreshPack } from './service.ts';
import { usePackNames } from './use-pack-names.ts';

/** 人群包 (issue 8 item 4): the packs, kept alive in their tab; copy, refresh, delete. */
export default function CrowdPackPage() {
  const t = useT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const names = usePackNames();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const query = { ...paging, ...(keyword ? { keyword } : {}) };
  const list = useQuery({
    queryKey: packKeys.list(query),
    queryFn: ({ signal }) => fetchPacks(query, signal),
    placeholderData: keepPreviousData,
    // A pack still computing is looked at again shortly.
    refetchInterval: (q) => (q.state.data?.dataList.some((p) => p.state === 'computing') ? 3000 : false),
  });
  const invalidate = () => queryClient.invalidateQueries({ queryKey: packKeys.all });
  const copy = useMutation({
    mutationFn: copyPack,
    onSuccess: async (pack) => {
      message.success(t('crowdPacks.copied', { name: pack.name }));
      await invalidate();
    },
  });
  const refresh = useMutation({
    mutationFn: refreshPack,
    onSuccess: async (pack) => {
      message.success(t('crowdPacks.refreshed', { size: pack.size.toLocaleString() }));
      await invalidate();
    },
  });
  const remove = useMutation({
    mutationFn: deletePack,
    onSuccess: async () => {
      message.success(t('crowdPacks.deleted'));
      await invalidate();
    },
    onError: (error, id) => {
      const pack = list.data?.dataList.find((p) => p.id === id);
      if (error instanceof ApiRequestError && error.code === 40900 && pack) {
        const separator = t('crowdPacks.summary.listSeparator');
        message.error(
          t('crowdPacks.deleteRefused', { names: pack.usedBy.map((p) => p.name).join(separator) }),
        );
      } else {
        message.error(error.message);
      }
    },
  });

  const columns: TableColumnsType<PackRow> = [
    {
      key: 'name',
      title: t('crowdPacks.column.name'),
      width: 170,
      fixed: 'left',
      render: (_, pack) => <Link to={detailPathOf(pack.id)}>{pack.name}</Link>,
    },
    {
      key: 'kind',
      title: t('crowdPacks.column.kind'),
      width: 96,
      render: (_, pack) => (
        <Tag color={pack.kind === 'rule' ? 'blue' : 'purple'}>{t(`crowdPacks.kind.${pack.kind}`)}</Tag>
      ),
    },
    {
      key: 'summary',
      title: t('crowdPacks.column.summary'),
      width: 120,
      ellipsis: true,
      render: (_, pack) => {
        const text = pack.rule
          ? ruleText(pack.rule, t, names)
          : pack.combination
            ? combinationText(pack.combination, t, {
                ...names,
                pack: (id) => pack.sources.find((s) => s.id === id)?.name,
              })
            : '';
        return <span title={text}>{text}</span>;
      },
    },
    {
      key: 'size',
      title: t('crowdPacks.column.size'),
      width: 140,
      align: 'right',
      render: (_, pack) => (
        <Flex vertical align="end">
          <Typography.Text strong data-testid="pack-size">
            {pack.size.toLocaleString()}
          </Typography.Text>
          <PackComputedAt pack={pack} align="end" />
        </Flex>
      ),
    },
    {
      key: 'refreshMode',
      title: t('crowdPacks.column.refreshMode'),
      width: 80,
      render: (_, pack) => t(`crowdPacks.refresh.${pack.refreshMode}`),
    },
    {
      key: 'state',
      title: t('crowdPacks.column.state'),
      width: 90,
      render: (_, pack) => <PackStateTag state={pack.state} failure={pack.failure} />,
    },
    {
      key: 'usedBy',
      title: t('crowdPacks.column.usedBy'),
      width: 110,
      render: (_, pack) =>
        pack.usedBy.length === 0 ? (
          <Typography.Text type="secondary">{t('crowdPacks.unused')}</Typography.Text>
        ) : (
          <Flex gap={4} wrap>
            {pack.usedBy.map((user) => (
              <Link key={user.id} to={detailPathOf(user.id)}>
                {/* A long pack name wraps inside its tag rather than out of the column. */}
                <Tag icon={<ApartmentOutlined />} style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
                  {user.name}
                </Tag>
              </Link>
            ))}
          </Flex>
        ),
    },
    {
      key: 'times',
      title: t('crowdPacks.column.times'),
      width: 90,
      render: (_, pack) => (
        <Flex vertical style={{ fontSize: 12 }}>
          <DayCell at={pack.createdAt} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <DayCell at={pack.updatedAt} />
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('crowdPacks.column.actions'),
      width: 130,
      fixed: 'right',
      render: (_, pack) => (
        <Flex gap={0} wrap>
          <Button type="link" size="small" onClick={() => navigate(editPathOf(pack))}>
            {t('crowdPacks.action.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            loading={copy.isPending && copy.variables === pack.id}
            onClick={() => copy.mutate(pack.id)}
          >
            {t('crowdPacks.action.copy')}
          </Button>
          <Button
            type="link"
            size="small"
            loading={refresh.isPending && refresh.variables === pack.id}
            onClick={() => refresh.mutate(pack.id)}
          >
            {t('crowdPacks.action.refresh')}
          </Button>
          <Popconfirm
            title={t('crowdPacks.deleteConfirm', { name: pack.name })}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(pack.id).catch(() => undefined)}
          >
            <Button type="link" size="small" danger>
              {t('crowdPacks.action.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('crowdPacks.title')}
        </Typography.Title>
        <Flex gap={8} wrap>
          <Input.Search
            allowClear
            placeholder={t('crowdPacks.search')}
            onSearch={(value) => {
              setKeyword(value.trim());
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            style={{ width: 220 }}
          />
          <Button icon={<PlusOutlined />} onClick={() => navigate(COMBINED_NEW_PATH)}>
            {t('crowdPacks.newCombined')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(RULE_NEW_PATH)}>
            {t('crowdPacks.newRule')}
          </Button>
        </Flex>
      </Flex>
      <Card>
        <Table<PackRow>
          rowKey="id"
          data-testid="pack-table"
          size="middle"
          columns={columns}
          dataSource={list.data?.dataList ?? []}
          loading={list.isPending}
          scroll={scrollToFit(columns)}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('crowdPacks.empty')} />,
          }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: list.data?.totalNumber ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('crowdPacks.total', { total }),
            onChange: (page, pageSize) =>
              setPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize }),
          }}
        />
      </Card>
    </Flex>
  );
}
