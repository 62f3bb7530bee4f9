import type { FanOrderItem, FanOrderListQuery, FanRow, OrderState } from '@dc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Empty,
  Flex,
  Image,
  Segmented,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatFen } from '../../components/money.ts';
import { pictureAt } from '../../components/pictures.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { CourseProgress } from '../courses/CourseProgress.tsx';
import { fanKeys, fetchFanOrders } from './service.ts';

type Kind = NonNullable<FanOrderListQuery['kind']>;

const STATE_COLORS: Record<OrderState, string> = {
  paid: 'processing',
  shipped: 'cyan',
  completed: 'success',
  refunded: 'default',
};
const FALLBACK = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

const linkOf = (row: FanOrderItem) =>
  row.kind === 'product'
    ? `/boutique/boutique-detail/${row.productId}`
    : `/detail/course-detail/${row.courseId}`;

/**
 * 交易商品 (issue 7 item 8): the fan's boutique orders and course purchases, newest first, paged
 * by the server, with a kind filter; the fan's running totals above.
 */
export function FanTrades({ fan }: { fan: FanRow }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const [query, setQuery] = useState<{ kind: Kind; page: number; pageSize: number }>({
    kind: 'all',
    page: 1,
    pageSize: 10,
  });
  const orders = useQuery({
    queryKey: fanKeys.orders(fan.id, query),
    queryFn: ({ signal }) => fetchFanOrders(fan.id, query, signal),
    placeholderData: keepPreviousData,
  });
  const money = (fen: number) => `¥${formatFen(fen, language)}`;
  const counts = orders.data?.counts;
  const countOf = (kind: Kind) =>
    counts === undefined ? '' : ` ${kind === 'all' ? counts.product + counts.course : counts[kind]}`;
  const columns: TableColumnsType<FanOrderItem> = [
    {
      key: 'goods',
      title: t('fans.trades.goods'),
      render: (_, row) => (
        <Flex gap={12} align="center">
          <Image
            alt=""
            src={pictureAt(row.coverUrl, 160)}
            width={48}
            height={48}
            style={{ objectFit: 'cover', borderRadius: 4 }}
            preview={false}
            fallback={FALLBACK}
          />
          <Flex vertical style={{ minWidth: 0 }}>
            <Flex gap={6} align="center">
              <Tag color={row.kind === 'product' ? 'purple' : 'blue'} style={{ marginInlineEnd: 0 }}>
                {t(`fans.trades.kind.${row.kind}`)}
              </Tag>
              <Link to={linkOf(row)}>{row.title}</Link>
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.kind === 'product'
                ? t('fans.trades.variant', {
                    size: row.size,
                    color: row.color || '—',
                    quantity: row.quantity,
                  })
                : t('fans.trades.course')}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    {
      key: 'amount',
      title: t('fans.trades.amount'),
      align: 'right',
      width: 110,
      render: (_, row) => money(row.kind === 'product' ? row.total : row.pricePaid),
    },
    {
      key: 'status',
      title: t('fans.trades.status'),
      width: 170,
      render: (_, row) =>
        row.kind === 'product' ? (
          <Tag color={STATE_COLORS[row.state]}>{t(`fans.trades.state.${row.state}`)}</Tag>
        ) : (
          <CourseProgress done={row.lessonsCompleted} total={row.lessonCount} />
        ),
    },
    { key: 'at', dataIndex: 'at', title: t('fans.trades.at'), width: 170 },
  ];
  return (
    <Card
      title={t('fans.detail.trades')}
      data-testid="fan-trades"
      extra={
        <Typography.Text type="secondary">
          {t('fans.detail.tradesSummary', {
            count: fan.orderCount,
            amount: formatFen(fan.totalSpent, language),
          })}
        </Typography.Text>
      }
    >
      <Flex vertical gap={12}>
        <Segmented<Kind>
          value={query.kind}
          onChange={(kind) => setQuery((q) => ({ ...q, kind, page: 1 }))}
          options={(['all', 'product', 'course'] as const).map((kind) => ({
            value: kind,
            label: `${t(`fans.trades.filter.${kind}`)}${countOf(kind)}`,
          }))}
        />
        {orders.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('common.loadFailed')}
            action={<Button onClick={() => void orders.refetch()}>{t('common.retry')}</Button>}
          />
        ) : (
          <Table<FanOrderItem>
            rowKey={(row) => `${row.kind}-${row.id}`}
            size="middle"
            columns={columns}
            dataSource={orders.data?.dataList ?? []}
            loading={orders.isPending || orders.isPlaceholderData}
            scroll={{ x: 640 }}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={t(query.kind === 'all' ? 'fans.detail.tradesNone' : 'fans.trades.noneOfKind')}
                />
              ),
            }}
            pagination={{
              current: query.page,
              pageSize: query.pageSize,
              total: orders.data?.totalNumber ?? 0,
              hideOnSinglePage: true,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50],
              showTotal: (total) => t('fans.trades.total', { total: total.toLocaleString(language) }),
              onChange: (page, pageSize) =>
                setQuery((q) => ({ ...q, page: pageSize === q.pageSize ? page : 1, pageSize })),
            }}
          />
        )}
      </Flex>
    </Card>
  );
}
