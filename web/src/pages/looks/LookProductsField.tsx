import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { LOOK_PRODUCTS_MAX, type ProductItem } from '@dc/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, type FormInstance, Select, Typography } from 'antd';
import { useState } from 'react';
import { formatFen } from '../../components/money.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { boutiqueKeys, fetchProduct, fetchProducts } from '../boutique/service.ts';

export interface LookProductValue {
  productId?: number;
  variantId?: number | null;
}

/** The colours of one product, one option per colour (its first variant in that colour). */
function ColourSelect({
  productId,
  value,
  onChange,
}: {
  productId?: number;
  value?: number | null;
  onChange?(v: number | null): void;
}) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const detail = useQuery({
    queryKey: boutiqueKeys.detail(productId ?? 0),
    queryFn: ({ signal }) => fetchProduct(productId!, signal),
    enabled: Boolean(productId),
  });
  const variants = detail.data?.variants ?? [];
  const chosen = variants.find((variant) => variant.id === value);
  // One option per colour: the chosen variant stands for its colour, else the colour's first variant.
  const options = [...new Set(variants.map((variant) => variant.color))].map((color) => {
    const variant =
      chosen?.color === color ? chosen : variants.find((candidate) => candidate.color === color)!;
    return { value: variant.id, label: `${color} · ¥${formatFen(variant.price, language)}` };
  });
  return (
    <Select
      aria-label={t('looks.fieldColor')}
      placeholder={t('looks.fieldColorPlaceholder')}
      style={{ width: 150, flex: 'none' }}
      loading={detail.isFetching}
      disabled={!productId}
      value={detail.data ? (value ?? undefined) : undefined}
      onChange={(next) => onChange?.(next ?? null)}
      options={options}
      allowClear
    />
  );
}

/** 搭配商品: boutique products, one colour each (the first product's colour dyes the garment). */
export function LookProductsField({
  form,
  initial,
}: {
  form: FormInstance;
  initial: Pick<ProductItem, 'id' | 'title'>[];
}) {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const query = {
    page: 1,
    pageSize: 50,
    sortBy: 'createdAt' as const,
    order: 'desc' as const,
    ...(keyword ? { keyword } : {}),
  };
  const products = useQuery({
    queryKey: boutiqueKeys.list(query),
    queryFn: ({ signal }) => fetchProducts(query, signal),
  });
  const known = new Map<number, Pick<ProductItem, 'id' | 'title'> & Partial<Pick<ProductItem, 'status'>>>(
    [...initial, ...(products.data?.dataList ?? [])].map((item) => [item.id, item]),
  );
  // The H5 page shows on-sale products only, so the others say why a buyer will not see them.
  const options = [...known.values()].map((item) => ({
    value: item.id,
    label:
      item.status && item.status !== 'on_sale'
        ? t('looks.productHiddenFromBuyers', {
            title: item.title,
            status: t(`boutique.status.${item.status}`),
          })
        : item.title,
  }));

  return (
    <Form.List name="products">
      {(fields, { add, remove }) => (
        <Flex vertical gap={8}>
          {fields.map((field, index) => (
            <Flex key={field.key} gap={8} align="start" data-testid={`look-product-row-${index}`}>
              <Form.Item
                name={[field.name, 'productId']}
                noStyle
                rules={[{ required: true, message: t('looks.fieldProductPlaceholder') }]}
              >
                <Select
                  aria-label={t('looks.fieldProduct')}
                  placeholder={t('looks.fieldProductPlaceholder')}
                  style={{ flex: 1, minWidth: 0 }}
                  showSearch={{ filterOption: false, onSearch: (value) => setKeyword(value.trim()) }}
                  loading={products.isFetching}
                  options={options}
                  onChange={() => form.setFieldValue(['products', field.name, 'variantId'], null)}
                />
              </Form.Item>
              <Form.Item noStyle shouldUpdate>
                {() => (
                  <Form.Item name={[field.name, 'variantId']} noStyle>
                    <ColourSelect productId={form.getFieldValue(['products', field.name, 'productId'])} />
                  </Form.Item>
                )}
              </Form.Item>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('looks.removeProduct')}
                onClick={() => remove(field.name)}
              />
            </Flex>
          ))}
          <Flex align="center" gap={8}>
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length >= LOOK_PRODUCTS_MAX}
              onClick={() => add({ productId: undefined, variantId: null })}
            >
              {t('looks.addProduct')}
            </Button>
            <Typography.Text type="secondary">
              {t('looks.productsMax', { max: LOOK_PRODUCTS_MAX })}
            </Typography.Text>
          </Flex>
        </Flex>
      )}
    </Form.List>
  );
}
