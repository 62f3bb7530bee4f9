import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { LookListQuery, LookRow } from '@dc/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Empty,
  Flex,
  Input,
  InputNumber,
  Popconfirm,
  Segmented,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { pictureAt } from '../../components/pictures.ts';
import { useT } from '../../locales/index.ts';
import { backdropStyle } from '../../three/backdrop.ts';
import { deleteLook, fetchLooks, lookKeys, setLookOnline, setLookSortOrder } from './service.ts';

const DETAIL = '/detail/3D-recommend-detail';
type OnlineFilter = 'all' | 'online' | 'offline';

/** The poster of a look's model over its background, as the public page first shows it. */
export function LookThumb({
  row,
  size = 56,
}: {
  row: Pick<LookRow, 'posterUrl' | 'background' | 'title'>;
  size?: number;
}) {
  return (
    <div
      style={{
        ...backdropStyle(row.background),
        width: size,
        height: size * 1.25,
        borderRadius: 6,
        overflow: 'hidden',
        display: 'flex',
        alignItems: 'flex-end',
        justifyContent: 'center',
      }}
    >
      {row.posterUrl && (
        <img
          src={pictureAt(row.posterUrl, 480)}
          alt={row.title}
          style={{ height: '96%', objectFit: 'contain' }}
        />
      )}
    </div>
  );
}

/** 3D推荐 › 搭配: the designer's looks with online toggle, sort order and views. */
export function LookListPanel() {
  const t = useT();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [online, setOnline] = useState<OnlineFilter>('all');
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const query: LookListQuery = {
    ...page,
    ...(keyword ? { keyword } : {}),
    ...(online === 'all' ? {} : { online: online === 'online' }),
  };
  const list = useQuery({
    queryKey: lookKeys.list(query),
    queryFn: ({ signal }) => fetchLooks(query, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: lookKeys.all });

  const toggle = useMutation({
    mutationFn: ({ id, next }: { id: number; next: boolean }) => setLookOnline(id, next),
    onSuccess: (look) => {
      message.success(t(look.online ? 'looks.onlineDone' : 'looks.offlineDone'));
      return refresh();
    },
  });
  const sort = useMutation({
    mutationFn: ({ id, sortOrder }: { id: number; sortOrder: number }) => setLookSortOrder(id, sortOrder),
    onSuccess: () => {
      message.success(t('looks.sortSaved'));
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: deleteLook,
    onSuccess: () => {
      message.success(t('looks.deleted'));
      return refresh();
    },
  });

  const columns: ColumnsType<LookRow> = [
    { title: t('looks.colPoster'), key: 'poster', width: 84, render: (_, row) => <LookThumb row={row} /> },
    {
      title: t('looks.colTitle'),
      dataIndex: 'title',
      render: (title: string, row) => (
        <Typography.Link onClick={() => navigate(`${DETAIL}/${row.id}`)}>{title}</Typography.Link>
      ),
    },
    {
      title: t('looks.colModel'),
      dataIndex: 'modelName',
      render: (name: string | null) =>
        name ?? <Typography.Text type="secondary">{t('looks.noModel')}</Typography.Text>,
    },
    { title: t('looks.colProducts'), dataIndex: 'productCount', width: 90, align: 'right' },
    { title: t('looks.colViews'), dataIndex: 'views', width: 90, align: 'right' },
    {
      title: t('looks.colSort'),
      dataIndex: 'sortOrder',
      width: 110,
      render: (value: number, row) => (
        <InputNumber
          aria-label={`${t('looks.colSort')} ${row.title}`}
          size="small"
          min={0}
          max={9999}
          precision={0}
          defaultValue={value}
          key={`${row.id}-${value}`}
          onBlur={(event) => {
            const next = Number(event.target.value);
            if (Number.isInteger(next) && next !== value && next >= 0)
              sort.mutate({ id: row.id, sortOrder: next });
          }}
        />
      ),
    },
    {
      title: t('looks.colStatus'),
      dataIndex: 'online',
      width: 90,
      render: (value: boolean, row) =>
        value ? (
          <Popconfirm
            title={t('looks.offlineConfirm')}
            okText={t('looks.confirm')}
            cancelText={t('looks.cancel')}
            onConfirm={() => toggle.mutate({ id: row.id, next: false })}
          >
            <Switch checked aria-label={`${t('looks.colStatus')} ${row.title}`} />
          </Popconfirm>
        ) : (
          <Switch
            checked={false}
            aria-label={`${t('looks.colStatus')} ${row.title}`}
            disabled={!row.modelId}
            title={row.modelId ? undefined : t('looks.needsModel')}
            onChange={() => toggle.mutate({ id: row.id, next: true })}
          />
        ),
    },
    { title: t('looks.colUpdated'), dataIndex: 'updatedAt', width: 170 },
    {
      title: t('looks.colActions'),
      key: 'actions',
      width: 150,
      render: (_, row) => (
        <Flex gap={4}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => navigate(`${DETAIL}/${row.id}`)}
          >
            {t('looks.edit')}
          </Button>
          <Popconfirm
            title={t('looks.deleteConfirm', { title: row.title })}
            description={t('looks.deleteDetail')}
            okText={t('looks.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('looks.cancel')}
            onConfirm={() => remove.mutateAsync(row.id)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />}>
              {t('looks.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" wrap gap={8}>
        <Flex gap={8} wrap>
          <Input.Search
            allowClear
            placeholder={t('looks.searchPlaceholder')}
            style={{ width: 240 }}
            onSearch={(value) => {
              setKeyword(value.trim());
              setPage((current) => ({ ...current, page: 1 }));
            }}
          />
          <Segmented<OnlineFilter>
            value={online}
            onChange={(value) => {
              setOnline(value);
              setPage((current) => ({ ...current, page: 1 }));
            }}
            options={[
              { value: 'all', label: t('looks.filterAll') },
              { value: 'online', label: t('looks.filterOnline') },
              { value: 'offline', label: t('looks.filterOffline') },
            ]}
          />
        </Flex>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(DETAIL)}>
          {t('looks.create')}
        </Button>
      </Flex>
      <Table<LookRow>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.dataList}
        loading={list.isPending || list.isPlaceholderData}
        scroll={{ x: 980 }}
        locale={{
          emptyText: (
            <Empty description={t('looks.empty')}>
              <Typography.Text type="secondary">{t('looks.emptyHint')}</Typography.Text>
            </Empty>
          ),
        }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: list.data?.totalNumber ?? 0,
          showSizeChanger: true,
          onChange: (next, pageSize) => setPage({ page: pageSize === page.pageSize ? next : 1, pageSize }),
        }}
      />
      {list.isError && <Tag color="error">{t('looks.loadFailed')}</Tag>}
    </Flex>
  );
}
