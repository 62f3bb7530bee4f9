import {
  type VideoListQuery,
  type VideoRow,
  type VideoStatus,
  videoSortFields,
  videoStatuses,
} from '@dc/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Flex,
  Image,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { pictureAt } from '../../components/pictures.ts';
import { ONE_LINE, scrollToFit } from '../../components/server-table/fit-columns.ts';
import { useT } from '../../locales/index.ts';
import { formatBytes, formatDuration, STATUS_COLORS, statusKey } from './format.ts';
import { deleteVideo, fetchVideos, setVideoOnline, videoKeys } from './service.ts';

interface Filter extends VideoListQuery {
  page: number;
  pageSize: number;
  sortBy: (typeof videoSortFields)[number];
  order: 'asc' | 'desc';
  status?: VideoStatus;
  keyword?: string;
}

/** 我的视频: server-paged, filtered by status and keyword, sorted; take offline and delete with confirmation. */
export function MyVideos() {
  const t = useT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>({ page: 1, pageSize: 10, sortBy: 'createdAt', order: 'desc' });
  const list = useQuery({
    queryKey: videoKeys.list(filter),
    queryFn: ({ signal }) => fetchVideos(filter, signal),
    placeholderData: keepPreviousData,
    // Rows still uploading or processing change on their own.
    refetchInterval: (query) =>
      query.state.data?.dataList.some((row) => row.status === 'uploading' || row.status === 'processing')
        ? 10_000
        : false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: videoKeys.all });
  const online = useMutation({
    mutationFn: ({ id, to }: { id: number; to: boolean }) => setVideoOnline(id, to),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteVideo(id),
    onSuccess: () => {
      message.success(t('shortVideo.delete'));
      return refresh();
    },
  });
  const change = (next: Partial<Filter>) => setFilter((current) => ({ ...current, page: 1, ...next }));

  const columns: ColumnsType<VideoRow> = [
    {
      title: t('shortVideo.col.cover'),
      dataIndex: 'coverUrl',
      // The 96 px cover and the cell's padding: the columns sum to what a 1366 px laptop leaves.
      width: 112,
      render: (url: string, row) =>
        url ? (
          <Image
            src={pictureAt(url, 160)}
            preview={{ src: pictureAt(url, 1280) }}
            alt={t('image.coverOf', { name: row.title })}
            width={96}
            height={54}
            style={{ objectFit: 'cover', borderRadius: 4 }}
          />
        ) : (
          <Typography.Text type="secondary">{t('shortVideo.noCover')}</Typography.Text>
        ),
    },
    {
      title: t('shortVideo.col.title'),
      dataIndex: 'title',
      width: 150,
      ellipsis: true,
      render: (title: string, row) => (
        <Typography.Link onClick={() => navigate(`/detail/video-detail/${row.id}`)}>{title}</Typography.Link>
      ),
    },
    {
      title: t('shortVideo.col.duration'),
      dataIndex: 'durationSeconds',
      width: 80,
      ...ONE_LINE,
      render: (seconds: number | null) =>
        seconds === null ? t('shortVideo.unknownDuration') : formatDuration(seconds),
    },
    {
      title: t('shortVideo.col.size'),
      dataIndex: 'fileSize',
      width: 84,
      ...ONE_LINE,
      render: (bytes: number) => formatBytes(bytes),
    },
    {
      title: t('shortVideo.col.status'),
      dataIndex: 'status',
      width: 92,
      render: (status: VideoStatus, row) => {
        const tag = (
          <Tag color={STATUS_COLORS[status]} data-testid="video-status">
            {t(statusKey(status))}
            {status === 'processing' ? ` ${row.processingProgress}%` : ''}
          </Tag>
        );
        // Why processing refused it (a damaged or over-long file), on hover or tap.
        return status === 'failed' && row.failureReason ? (
          <Tooltip title={row.failureReason}>{tag}</Tooltip>
        ) : (
          tag
        );
      },
    },
    { title: t('shortVideo.col.views'), dataIndex: 'views', width: 72, align: 'right' },
    { title: t('shortVideo.col.likes'), dataIndex: 'likes', width: 64, align: 'right' },
    { title: t('shortVideo.col.comments'), dataIndex: 'comments', width: 88, align: 'right' },
    { title: t('shortVideo.col.created'), dataIndex: 'createdAt', width: 160, ...ONE_LINE },
    {
      title: t('shortVideo.col.actions'),
      key: 'actions',
      width: 130,
      render: (_, row) => (
        <Space size={4} wrap>
          <Button size="small" type="link" onClick={() => navigate(`/detail/video-detail/${row.id}/1`)}>
            {t('shortVideo.view')}
          </Button>
          <Button size="small" type="link" onClick={() => navigate(`/detail/video-detail/${row.id}`)}>
            {t('shortVideo.edit')}
          </Button>
          {row.status === 'published' ? (
            <Popconfirm
              title={t('shortVideo.takeOfflineConfirm', { title: row.title })}
              okText={t('shortVideo.confirm')}
              cancelText={t('shortVideo.back')}
              onConfirm={() => online.mutateAsync({ id: row.id, to: false })}
            >
              <Button size="small" type="link">
                {t('shortVideo.takeOffline')}
              </Button>
            </Popconfirm>
          ) : null}
          {row.status === 'offline' ? (
            <Button size="small" type="link" onClick={() => online.mutate({ id: row.id, to: true })}>
              {t('shortVideo.putOnline')}
            </Button>
          ) : null}
          <Popconfirm
            title={t('shortVideo.deleteConfirm', { title: row.title })}
            description={t('shortVideo.deleteDetail')}
            okText={t('shortVideo.confirm')}
            okButtonProps={{ danger: true }}
            cancelText={t('shortVideo.back')}
            onConfirm={() => remove.mutateAsync(row.id)}
          >
            <Button size="small" type="link" danger>
              {t('shortVideo.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const filtered = Boolean(filter.status || filter.keyword);
  return (
    <Card title={t('shortVideo.myVideos')} data-testid="my-videos">
      <Flex vertical gap={16}>
        <Flex gap={8} wrap>
          <Input.Search
            allowClear
            style={{ width: 240 }}
            placeholder={t('shortVideo.keyword')}
            onSearch={(keyword) => change({ keyword: keyword.trim() || undefined })}
          />
          <Select
            style={{ width: 140 }}
            value={filter.status ?? ''}
            aria-label={t('shortVideo.col.status')}
            onChange={(status: VideoStatus | '') => change({ status: status || undefined })}
            options={[
              { value: '', label: t('shortVideo.allStatuses') },
              ...videoStatuses.map((status) => ({ value: status, label: t(statusKey(status)) })),
            ]}
          />
          <Select
            style={{ width: 140 }}
            value={filter.sortBy}
            aria-label={t('shortVideo.sortBy')}
            onChange={(sortBy) => change({ sortBy })}
            options={videoSortFields.map((field) => ({ value: field, label: t(`shortVideo.sort.${field}`) }))}
          />
          <Select
            style={{ width: 110 }}
            value={filter.order}
            aria-label={`${t('shortVideo.orderDesc')} / ${t('shortVideo.orderAsc')}`}
            onChange={(order) => change({ order })}
            options={[
              { value: 'desc', label: t('shortVideo.orderDesc') },
              { value: 'asc', label: t('shortVideo.orderAsc') },
            ]}
          />
        </Flex>
        <Table<VideoRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.dataList}
          loading={list.isPending || list.isPlaceholderData}
          scroll={scrollToFit(columns)}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={filtered ? t('shortVideo.emptyFiltered') : t('shortVideo.empty')}
              />
            ),
          }}
          pagination={{
            current: filter.page,
            pageSize: filter.pageSize,
            total: list.data?.totalNumber ?? 0,
            showSizeChanger: true,
            showTotal: (count) => t('shortVideo.total', { count }),
            onChange: (page, pageSize) =>
              setFilter((current) => ({
                ...current,
                page: pageSize === current.pageSize ? page : 1,
                pageSize,
              })),
          }}
        />
      </Flex>
    </Card>
  );
}
