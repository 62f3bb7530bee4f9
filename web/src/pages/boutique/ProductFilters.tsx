import { type ProductCategory, type ProductStatus, productCategories, productStatuses } from '@dc/contract';
import { useQuery } from '@tanstack/react-query';
import { Flex, Input, InputNumber, Select } from 'antd';
import { useT } from '../../locales/index.ts';
import { boutiqueKeys, fetchBrands, type ProductListQuery } from './service.ts';
import { yuanToFen } from './variant-matrix.ts';

export interface ProductFiltersProps {
  query: ProductListQuery;
  onChange(change: Partial<ProductListQuery>): void;
}

/** Keyword, status, brand, category and price range (yuan here, fen on the wire). */
export function ProductFilters({ query, onChange }: ProductFiltersProps) {
  const t = useT();
  const brands = useQuery({ queryKey: boutiqueKeys.brands, queryFn: fetchBrands });
  const yuan = (fen: number | undefined) => (fen === undefined ? null : fen / 100);
  const fen = (value: number | null) => (value === null ? undefined : yuanToFen(value));
  return (
    <Flex gap={8} wrap>
      <Input.Search
        allowClear
        style={{ width: 240 }}
        placeholder={t('boutique.keyword')}
        aria-label={t('boutique.keyword')}
        onSearch={(keyword) => onChange({ keyword: keyword || undefined })}
      />
      <Select<ProductStatus | ''>
        style={{ width: 130 }}
        aria-label={t('boutique.allStatuses')}
        value={query.status ?? ''}
        options={[
          { value: '', label: t('boutique.allStatuses') },
          ...productStatuses.map((value) => ({ value, label: t(`boutique.status.${value}`) })),
        ]}
        onChange={(status) => onChange({ status: status || undefined })}
      />
      <Select<number | 0>
        style={{ width: 170 }}
        aria-label={t('boutique.allBrands')}
        value={query.brandId ?? 0}
        loading={brands.isPending}
        options={[
          { value: 0, label: t('boutique.allBrands') },
          ...(brands.data?.dataList ?? []).map((brand) => ({ value: brand.id, label: brand.name })),
        ]}
        onChange={(brandId) => onChange({ brandId: brandId || undefined })}
      />
      <Select<ProductCategory | ''>
        style={{ width: 130 }}
        aria-label={t('boutique.allCategories')}
        value={query.category ?? ''}
        options={[
          { value: '', label: t('boutique.allCategories') },
          ...productCategories.map((value) => ({ value, label: t(`boutique.category.${value}`) })),
        ]}
        onChange={(category) => onChange({ category: category || undefined })}
      />
      <Flex gap={4} align="center">
        <InputNumber
          style={{ width: 120 }}
          min={0}
          precision={2}
          prefix="¥"
          placeholder={t('boutique.priceMin')}
          aria-label={t('boutique.priceMin')}
          value={yuan(query.priceMin)}
          onChange={(value) => onChange({ priceMin: fen(value) })}
        />
        <span>–</span>
        <InputNumber
          style={{ width: 120 }}
          min={0}
          precision={2}
          prefix="¥"
          placeholder={t('boutique.priceMax')}
          aria-label={t('boutique.priceMax')}
          value={yuan(query.priceMax)}
          onChange={(value) => onChange({ priceMax: fen(value) })}
        />
      </Flex>
    </Flex>
  );
}
