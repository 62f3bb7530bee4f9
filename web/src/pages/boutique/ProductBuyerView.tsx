import type { ProductDetail } from '@dc/contract';
import { Divider, Flex, Radio, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatFen } from '../../components/money.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { ProductGallery } from './ProductGallery.tsx';
import { ProductRichTextView } from './ProductRichTextView.tsx';

const distinct = (values: string[]) => [...new Set(values)];

/** The product as a buyer sees it: gallery, title, the chosen variant's price and stock, description. */
export function ProductBuyerView({ product }: { product: ProductDetail }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const sizes = distinct(product.variants.map((v) => v.size));
  const colors = distinct(product.variants.map((v) => v.color));
  const [size, setSize] = useState(sizes[0]);
  const [color, setColor] = useState(colors[0]);
  const variant = product.variants.find((v) => v.size === size && v.color === color);
  const available = (s: string, c: string) => product.variants.some((v) => v.size === s && v.color === c);
  return (
    <Flex vertical gap={16}>
      <Flex gap={24} wrap>
        <ProductGallery images={product.images} title={product.title} />
        <Flex vertical gap={12} style={{ minWidth: 280, flex: 1 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {product.title}
          </Typography.Title>
          {product.brand && (
            <Link to={`/boutique/brand-introduction/${product.brand.id}`}>
              <Tag color="purple">{product.brand.name}</Tag>
            </Link>
          )}
          <Flex align="baseline" gap={8} data-testid="buyer-price">
            <Typography.Text style={{ fontSize: 24, color: 'var(--ant-color-error, #ff4d4f)' }}>
              ¥{formatFen(variant?.price ?? product.minPrice, language)}
            </Typography.Text>
            {variant && variant.originalPrice > variant.price && (
              <Typography.Text delete type="secondary">
                ¥{formatFen(variant.originalPrice, language)}
              </Typography.Text>
            )}
          </Flex>
          <Flex vertical gap={4}>
            <Typography.Text type="secondary">{t('boutique.detail.chooseSize')}</Typography.Text>
            <Radio.Group
              optionType="button"
              value={size}
              onChange={(event) => setSize(event.target.value as string)}
              options={sizes.map((value) => ({
                value,
                label: value,
                disabled: !color || !available(value, color),
              }))}
            />
          </Flex>
          <Flex vertical gap={4}>
            <Typography.Text type="secondary">{t('boutique.detail.chooseColor')}</Typography.Text>
            <Radio.Group
              optionType="button"
              value={color}
              onChange={(event) => setColor(event.target.value as string)}
              options={colors.map((value) => ({
                value,
                label: value,
                disabled: !size || !available(size, value),
              }))}
            />
          </Flex>
          {variant && (
            <Typography.Text type={variant.stock > 0 ? 'secondary' : 'danger'}>
              {variant.stock > 0
                ? t('boutique.detail.inStock', { count: variant.stock })
                : t('boutique.detail.soldOut')}
              {' · SKU '}
              {variant.sku}
            </Typography.Text>
          )}
          {product.videoTitle && (
            <Typography.Text type="secondary">
              {t('boutique.detail.video', { title: product.videoTitle })}
            </Typography.Text>
          )}
        </Flex>
      </Flex>
      <Divider titlePlacement="start">{t('boutique.detail.description')}</Divider>
      <ProductRichTextView
        html={product.description}
        emptyText={t('boutique.rich.empty')}
        data-testid="product-description-view"
      />
    </Flex>
  );
}
