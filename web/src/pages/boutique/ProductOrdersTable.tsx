import type { OrderItem, OrderState } from '@dc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatFen } from '../../components/money.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { boutiqueKeys, fetchProductOrders, type ProductOrdersQuery } from './service.ts';

const STATE_COLORS: Record<OrderState, string> = {
  paid: 'processing',
  shipped: 'cyan',
  completed: 'success',
  refunded: 'default',
};

/** The product's orders, newest first, paged by the server. */
export function ProductOrdersTable({ productId }: { productId: number }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const [query, setQuery] = useState<ProductOrdersQuery>({ page: 1, pageSize: 10 });
  const orders = useQuery({
    queryKey: boutiqueKeys.orders(productId, query),
    queryFn: ({ signal }) => fetchProductOrders(productId, query, signal),
    placeholderData: keepPreviousData,
  });
  const money = (fen: number) => `¥${formatFen(fen, language)}`;
  const columns: TableColumnsType<OrderItem> = [
    {
      key: 'buyer',
      title: t('boutique.order.buyer'),
      render: (_, order) =>
        order.fanId ? (
          <Link to={`/detail/fans-detail/${order.fanId}`}>{order.buyerName}</Link>
        ) : (
          order.buyerName
        ),
    },
    {
      key: 'variant',
      title: t('boutique.order.variant'),
      render: (_, order) => `${order.size} / ${order.color} · ${order.sku}`,
    },
    { key: 'quantity', title: t('boutique.order.quantity'), dataIndex: 'quantity', width: 70 },
    {
      key: 'unitPrice',
      title: t('boutique.order.unitPrice'),
      width: 120,
      render: (_, order) => money(order.unitPrice),
    },
    { key: 'total', title: t('boutique.order.total'), width: 120, render: (_, order) => money(order.total) },
    {
      key: 'state',
      title: t('boutique.order.state'),
      width: 90,
      render: (_, order) => (
        <Tag color={STATE_COLORS[order.state]}>{t(`boutique.order.state.${order.state}`)}</Tag>
      ),
    },
    { key: 'createdAt', title: t('boutique.order.createdAt'), dataIndex: 'createdAt', width: 170 },
  ];
  return (
    <Table<OrderItem>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={orders.data?.dataList ?? []}
      loading={orders.isPending || orders.isPlaceholderData}
      scroll={{ x: 820 }}
      data-testid="product-orders"
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('boutique.detail.ordersEmpty')} />
        ),
      }}
      pagination={{
        current: query.page,
        pageSize: query.pageSize,
        total: orders.data?.totalNumber ?? 0,
        showSizeChanger: false,
        onChange: (page) => setQuery({ ...query, page }),
      }}
    />
  );
}
