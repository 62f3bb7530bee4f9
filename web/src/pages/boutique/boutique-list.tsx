import { PlusOutlined, ShopOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../locales/index.ts';
import { BrandManagerDrawer } from './BrandManagerDrawer.tsx';
import { ProductBatchBar } from './ProductBatchBar.tsx';
import { ProductEditor } from './ProductEditor.tsx';
import { ProductFilters } from './ProductFilters.tsx';
import { ProductTable } from './ProductTable.tsx';
import { boutiqueKeys, fetchProducts, type ProductListQuery } from './service.ts';

const FIRST_PAGE: ProductListQuery = { page: 1, pageSize: 10, sortBy: 'createdAt', order: 'desc' };

/** 精品列表: the designer's boutique products, filtered and sorted; create, edit, batch on/off shelf. */
export default function BoutiqueListPage() {
  const t = useT();
  const [query, setQuery] = useState<ProductListQuery>(FIRST_PAGE);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [brandsOpen, setBrandsOpen] = useState(false);
  const list = useQuery({
    queryKey: boutiqueKeys.list(query),
    queryFn: ({ signal }) => fetchProducts(query, signal),
    placeholderData: keepPreviousData,
  });
  const filter = (change: Partial<ProductListQuery>) => setQuery({ ...query, ...change, page: 1 });
  const filtered = Boolean(
    query.status ||
      query.brandId ||
      query.category ||
      query.keyword ||
      query.priceMin !== undefined ||
      query.priceMax !== undefined,
  );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('boutique.title')}
        </Typography.Title>
        <Flex gap={8}>
          <Button icon={<ShopOutlined />} onClick={() => setBrandsOpen(true)}>
            {t('boutique.brands')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('boutique.new')}
          </Button>
        </Flex>
      </Flex>
      <Card>
        <Flex vertical gap={16}>
          <ProductFilters query={query} onChange={filter} />
          <ProductBatchBar selected={selected} onDone={() => setSelected([])} />
          <ProductTable
            page={list.data}
            loading={list.isPending || list.isPlaceholderData}
            query={query}
            filtered={filtered}
            selected={selected}
            onSelect={setSelected}
            onQueryChange={setQuery}
            onEdit={setEditing}
          />
        </Flex>
      </Card>
      <ProductEditor target={editing} onClose={() => setEditing(null)} />
      <BrandManagerDrawer open={brandsOpen} onClose={() => setBrandsOpen(false)} />
    </Flex>
  );
}
