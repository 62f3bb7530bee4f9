import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Row, Statistic } from 'antd';
import { useState } from 'react';
import { DetailHeader } from '../../components/DetailHeader.tsx';
import { formatFen } from '../../components/money.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { BoutiqueRecordGate, useBoutiqueRouteId } from './BoutiqueRecordGate.tsx';
import { ProductBuyerView } from './ProductBuyerView.tsx';
import { ProductEditor } from './ProductEditor.tsx';
import { ProductOrdersTable } from './ProductOrdersTable.tsx';
import { ProductStatusTag } from './ProductStatusTag.tsx';
import { ProductStockHistory } from './ProductStockHistory.tsx';
import { boutiqueKeys, fetchProduct } from './service.ts';

/** 精品详情 `/boutique/boutique-detail/:id`: the product as a buyer sees it, its sales, orders and stock. */
export default function BoutiqueDetailPage() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const id = useBoutiqueRouteId();
  const [editing, setEditing] = useState(false);
  const product = useQuery({
    queryKey: boutiqueKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchProduct(id!, signal),
    enabled: id !== null,
  });
  return (
    <BoutiqueRecordGate id={id} record={product} notFoundTitle={t('boutique.detail.notFound')}>
      {(p) => (
        <Flex vertical gap={16}>
          <DetailHeader
            title={p.title}
            tags={<ProductStatusTag status={p.status} />}
            extra={
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('boutique.detail.edit')}
              </Button>
            }
          />
          <Row gutter={[16, 16]}>
            {[
              { key: 'sales', title: t('boutique.detail.sales'), value: String(p.sales) },
              {
                key: 'revenue',
                title: t('boutique.detail.revenue'),
                value: `¥${formatFen(p.revenue, language)}`,
              },
              { key: 'orders', title: t('boutique.detail.orderCount'), value: String(p.orderCount) },
              { key: 'stock', title: t('boutique.detail.stock'), value: String(p.stock) },
            ].map((item) => (
              <Col key={item.key} xs={12} md={6}>
                <Card>
                  <Statistic title={item.title} value={item.value} data-testid={`detail-${item.key}`} />
                </Card>
              </Col>
            ))}
          </Row>
          <Card title={t('boutique.detail.buyerView')}>
            <ProductBuyerView product={p} />
          </Card>
          <Card title={t('boutique.detail.orders')}>
            <ProductOrdersTable productId={p.id} />
          </Card>
          <Card title={t('boutique.detail.stockHistory')}>
            <ProductStockHistory productId={p.id} />
          </Card>
          <ProductEditor target={editing ? p.id : null} onClose={() => setEditing(false)} />
        </Flex>
      )}
    </BoutiqueRecordGate>
  );
}
