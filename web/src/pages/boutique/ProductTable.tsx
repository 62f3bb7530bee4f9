import type { ProductItem } from '@dc/contract';
import { Button, Flex, Image, Popconfirm, type TableColumnsType, Typography } from 'antd';
import type { Key } from 'react';
import { Link } from 'react-router';
import { pictureAt } from '../../components/pictures.ts';
import { DayCell } from '../../components/server-table/DayCell.tsx';
import { ONE_LINE, SELECTION_COLUMN_WIDTH, scrollToFit } from '../../components/server-table/fit-columns.ts';
import { type ServerListProps, ServerTable } from '../../components/server-table/ServerTable.tsx';
import { useT } from '../../locales/index.ts';
import { ProductPrice } from './ProductPrice.tsx';
import { ProductStatusTag } from './ProductStatusTag.tsx';
import type { ProductListQuery } from './service.ts';
import { useProductActions } from './use-product-actions.ts';

export interface ProductTableProps extends ServerListProps<ProductItem, ProductListQuery> {
  filtered: boolean;
  selected: number[];
  onSelect(ids: number[]): void;
  onEdit(id: number): void;
}

const SORTABLE = { createdAt: 'createdAt', sales: 'sales', price: 'price', stock: 'stock' } as const;
const FALLBACK = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

function RowActions({ product, onEdit }: { product: ProductItem; onEdit(id: number): void }) {
  const t = useT();
  const { duplicate, remove } = useProductActions();
  return (
    <Flex gap={4} wrap>
      <Button color="primary" variant="link" size="small" onClick={() => onEdit(product.id)}>
        {t('boutique.action.edit')}
      </Button>
      <Link to={`/boutique/boutique-detail/${product.id}`}>
        <Button color="primary" variant="link" size="small">
          {t('boutique.action.detail')}
        </Button>
      </Link>
      <Button
        color="primary"
        variant="link"
        size="small"
        loading={duplicate.isPending && duplicate.variables === product.id}
        onClick={() => duplicate.mutate(product.id)}
      >
        {t('boutique.action.duplicate')}
      </Button>
      {product.status === 'draft' && (
        <Popconfirm
          title={t('boutique.confirm.delete')}
          description={t('boutique.confirm.deleteDetail')}
          okText={t('boutique.action.delete')}
          cancelText={t('boutique.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove.mutateAsync(product.id)}
        >
          <Button color="danger" variant="link" size="small">
            {t('boutique.action.delete')}
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );
}

/** The products: cover and title, brand, price span, stock, sales, status, actions; selectable. */
export function ProductTable({ filtered, selected, onSelect, onEdit, ...list }: ProductTableProps) {
  const t = useT();
  const columns: TableColumnsType<ProductItem> = [
    {
      key: 'product',
      title: t('boutique.column.product'),
      width: 230,
      render: (_, product) => (
        <Flex gap={12} align="center">
          <Image
            alt=""
            src={pictureAt(product.coverUrl, 160)}
            width={56}
            height={56}
            style={{ objectFit: 'cover', borderRadius: 4 }}
            preview={false}
            fallback={FALLBACK}
          />
          <Flex vertical>
            <Link to={`/boutique/boutique-detail/${product.id}`}>{product.title}</Link>
            <Typography.Text type="secondary">
              {t(`boutique.category.${product.category}`)} ·{' '}
              {t('boutique.variantCount', { count: product.variantCount })}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    {
      key: 'brand',
      title: t('boutique.column.brand'),
      width: 110,
      render: (_, product) =>
        product.brandId ? (
          <Link to={`/boutique/brand-introduction/${product.brandId}`}>{product.brandName}</Link>
        ) : (
          <Typography.Text type="secondary">{t('boutique.noBrand')}</Typography.Text>
        ),
    },
    {
      key: 'price',
      title: t('boutique.column.price'),
      width: 170,
      ...ONE_LINE,
      render: (_, product) => <ProductPrice min={product.minPrice} max={product.maxPrice} />,
    },
    {
      key: 'stock',
      dataIndex: 'stock',
      title: t('boutique.column.stock'),
      width: 76,
    },
    {
      key: 'sales',
      dataIndex: 'sales',
      title: t('boutique.column.sales'),
      width: 76,
    },
    {
      key: 'status',
      title: t('boutique.column.status'),
      width: 88,
      render: (_, product) => <ProductStatusTag status={product.status} />,
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('boutique.column.createdAt'),
      width: 112,
      render: (at: string) => <DayCell at={at} />,
    },
    {
      key: 'actions',
      title: t('boutique.column.actions'),
      width: 130,
      render: (_, product) => <RowActions product={product} onEdit={onEdit} />,
    },
  ];
  return (
    <ServerTable
      {...list}
      columns={columns}
      sortable={SORTABLE}
      defaultSort="createdAt"
      emptyText={filtered ? t('boutique.emptyFiltered') : t('boutique.empty')}
      totalText={(total) => t('boutique.total', { total })}
      rowKey="id"
      scroll={scrollToFit(columns, SELECTION_COLUMN_WIDTH)}
      size="middle"
      data-testid="product-table"
      rowSelection={{
        selectedRowKeys: selected,
        preserveSelectedRowKeys: true,
        onChange: (keys: Key[]) => onSelect(keys.map(Number)),
      }}
    />
  );
}
