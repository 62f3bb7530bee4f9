import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { ListPage, NotificationItem } from '@dc/contract';
import {
  Badge,
  Button,
  Empty,
  Flex,
  Popconfirm,
  Table,
  type TableColumnsType,
  Typography,
  theme,
} from 'antd';
import { typeLabels } from '../../components/notifications/labels.ts';
import { QualityTag } from '../../components/notifications/QualityTag.tsx';
import { useNotificationActions } from '../../components/notifications/use-notification-actions.ts';
import { ONE_LINE, scrollToFit } from '../../components/server-table/fit-columns.ts';
import { useT } from '../../locales/index.ts';
import type { ListFilter } from './filters.ts';

export interface NotificationTableProps {
  page: ListPage<NotificationItem> | undefined;
  loading: boolean;
  filter: ListFilter;
  filtered: boolean;
  onPageChange: (page: number, pageSize: number) => void;
}

function RowActions({ item }: { item: NotificationItem }) {
  const t = useT();
  const { token } = theme.useToken();
  const { markRead, collect, remove } = useNotificationActions();
  return (
    <Flex gap={4} wrap>
      {item.status && (
        <Button
          color="primary"
          variant="link"
          size="small"
          loading={markRead.isPending}
          onClick={() => markRead.mutate(item.id)}
        >
          {t('notifications.markRead')}
        </Button>
      )}
      <Button
        color="primary"
        variant="link"
        size="small"
        icon={item.collected ? <StarFilled style={{ color: token.colorWarning }} /> : <StarOutlined />}
        loading={collect.isPending}
        onClick={() => collect.mutate({ id: item.id, collected: !item.collected })}
      >
        {item.collected ? t('notifications.uncollect') : t('notifications.collect')}
      </Button>
      <Popconfirm
        title={t('notifications.deleteConfirm')}
        description={t('notifications.deleteConfirmDetail')}
        okText={t('notifications.delete')}
        cancelText={t('notifications.cancel')}
        okButtonProps={{ danger: true, loading: remove.isPending }}
        onConfirm={() => remove.mutateAsync(item.id)}
      >
        <Button color="danger" variant="link" size="small">
          {t('notifications.delete')}
        </Button>
      </Popconfirm>
    </Flex>
  );
}

/** The notifications of one page: unread ones marked with a dot and in bold. */
export function NotificationTable({ page, loading, filter, filtered, onPageChange }: NotificationTableProps) {
  const t = useT();
  const { token } = theme.useToken();
  const columns: TableColumnsType<NotificationItem> = [
    {
      key: 'content',
      title: t('notifications.column.content'),
      width: 280,
      render: (_, item) => (
        <Flex gap={8} align="baseline">
          <Badge
            color={token.colorPrimary}
            style={{ visibility: item.status ? 'visible' : 'hidden' }}
            {...(item.status ? { role: 'img', 'aria-label': t('notifications.status.unread') } : {})}
          />
          <Typography.Text strong={item.status}>{item.content}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'type',
      title: t('notifications.column.type'),
      width: 140,
      render: (_, item) => t(typeLabels[item.type]),
    },
    {
      key: 'quality',
      title: t('notifications.column.quality'),
      width: 96,
      render: (_, item) => <QualityTag quality={item.quality} />,
    },
    { key: 'date', dataIndex: 'date', title: t('notifications.column.date'), width: 160, ...ONE_LINE },
    {
      key: 'actions',
      title: t('notifications.column.actions'),
      width: 260,
      render: (_, item) => <RowActions item={item} />,
    },
  ];
  return (
    <Table<NotificationItem>
      scroll={scrollToFit(columns)}
      rowKey="id"
      columns={columns}
      dataSource={page?.dataList ?? []}
      loading={loading}
      data-testid="notification-table"
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={filtered ? t('notifications.emptyFiltered') : t('notifications.empty')}
          />
        ),
      }}
      pagination={{
        current: filter.page,
        pageSize: filter.pageSize,
        total: page?.totalNumber ?? 0,
        showSizeChanger: true,
        showTotal: (total) => t('notifications.total', { total }),
        onChange: onPageChange,
      }}
    />
  );
}
