import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Empty, Flex, List, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { DetailHeader } from '../../components/DetailHeader.tsx';
import { pictureAt } from '../../components/pictures.ts';
import { useT } from '../../locales/index.ts';
import { BoutiqueRecordGate, useBoutiqueRouteId } from './BoutiqueRecordGate.tsx';
import { BrandEditorModal } from './BrandEditorModal.tsx';
import { ProductPrice } from './ProductPrice.tsx';
import { ProductRichTextView } from './ProductRichTextView.tsx';
import { ProductStatusTag } from './ProductStatusTag.tsx';
import { boutiqueKeys, fetchBrandPage } from './service.ts';

/** 品牌介绍 `/boutique/brand-introduction/:id`: logo, cover, slogan, story and the brand's products. */
export default function BrandIntroductionPage() {
  const t = useT();
  const id = useBoutiqueRouteId();
  const [editing, setEditing] = useState(false);
  const brand = useQuery({
    queryKey: boutiqueKeys.brand(id ?? 0),
    queryFn: ({ signal }) => fetchBrandPage(id!, signal),
    enabled: id !== null,
  });
  return (
    <BoutiqueRecordGate id={id} record={brand} notFoundTitle={t('boutique.brand.notFound')}>
      {(b) => (
        <Flex vertical gap={16}>
          <DetailHeader
            title={b.name}
            extra={
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('boutique.brand.edit')}
              </Button>
            }
          />
          <Card
            cover={
              b.coverUrl ? (
                <img
                  src={pictureAt(b.coverUrl, 1280)}
                  alt={b.name}
                  style={{ height: 220, objectFit: 'cover' }}
                />
              ) : undefined
            }
          >
            <Flex gap={16} align="center" wrap>
              <Avatar alt="" shape="square" size={72} src={pictureAt(b.logoUrl, 160)}>
                {b.name.slice(0, 1)}
              </Avatar>
              <Flex vertical>
                <Typography.Title level={3} style={{ margin: 0 }} data-testid="brand-name">
                  {b.name}
                </Typography.Title>
                {b.slogan && <Typography.Text type="secondary">{b.slogan}</Typography.Text>}
              </Flex>
            </Flex>
            <div style={{ marginTop: 16 }}>
              <ProductRichTextView
                html={b.story}
                emptyText={t('boutique.brand.noStory')}
                data-testid="brand-story-view"
              />
            </div>
          </Card>
          <Card title={t('boutique.brand.products', { count: b.products.length })}>
            {b.products.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('boutique.brand.productsEmpty')} />
            ) : (
              <List
                data-testid="brand-products"
                grid={{ gutter: 16, xs: 2, sm: 3, md: 4, lg: 5, xl: 6 }}
                dataSource={b.products}
                renderItem={(product) => (
                  <List.Item>
                    <Link to={`/boutique/boutique-detail/${product.id}`}>
                      <Card
                        hoverable
                        size="small"
                        cover={
                          <img
                            src={pictureAt(product.coverUrl, 480)}
                            alt={product.title}
                            style={{ height: 140, objectFit: 'cover' }}
                          />
                        }
                      >
                        <Flex vertical gap={4}>
                          <Typography.Text ellipsis={{ tooltip: product.title }}>
                            {product.title}
                          </Typography.Text>
                          <ProductPrice min={product.minPrice} max={product.maxPrice} />
                          <div>
                            <ProductStatusTag status={product.status} />
                          </div>
                        </Flex>
                      </Card>
                    </Link>
                  </List.Item>
                )}
              />
            )}
          </Card>
          <BrandEditorModal target={editing ? b : null} onClose={() => setEditing(false)} />
        </Flex>
      )}
    </BoutiqueRecordGate>
  );
}
