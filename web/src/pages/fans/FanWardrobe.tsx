import { type WardrobeItem, wardrobeCategories, wardrobeItemBodySchema } from '@dc/contract';
import { Card, Col, Flex, Form, Image, Input, Row, Select, Tag, Typography } from 'antd';
import { pictureAt } from '../../components/pictures.ts';
import { ImageDropzone } from '../../components/upload/ImageDropzone.tsx';
import { zodFieldRule } from '../../components/zod-rule.ts';
import { useT } from '../../locales/index.ts';
import { FanCollectionCard } from './FanCollectionCard.tsx';
import { dropzoneTexts } from './FanImages.tsx';
import { FanItemRemoveButton } from './FanItemRemoveButton.tsx';
import { addWardrobeItem, removeWardrobeItem } from './service.ts';

interface Values {
  category: WardrobeItem['category'];
  size: string;
  color?: string;
  imageUrl?: string;
}

/** The fan's wardrobe: garments from purchases or added by hand. */
export function FanWardrobe({ fanId, items }: { fanId: number; items: WardrobeItem[] }) {
  const t = useT();
  const shape = wardrobeItemBodySchema.shape;
  return (
    <FanCollectionCard<Values>
      fanId={fanId}
      title={t('fans.detail.wardrobe')}
      addText={t('fans.detail.wardrobeAdd')}
      emptyText={t('fans.detail.wardrobeEmpty')}
      empty={items.length === 0}
      add={(values) =>
        addWardrobeItem(fanId, { ...values, color: values.color ?? '', imageUrl: values.imageUrl ?? '' })
      }
      remove={(itemId) => removeWardrobeItem(fanId, itemId)}
      fields={
        <>
          <Form.Item
            name="category"
            label={t('fans.detail.category')}
            rules={[{ required: true, message: t('fans.detail.categoryRequired') }]}
          >
            <Select options={wardrobeCategories.map((c) => ({ value: c, label: t(`fans.category.${c}`) }))} />
          </Form.Item>
          <Form.Item
            name="size"
            label={t('fans.detail.size')}
            rules={[
              { required: true, whitespace: true, message: t('fans.detail.sizeRequired') },
              zodFieldRule(shape.size, t('fans.detail.sizeRequired')),
            ]}
          >
            <Input maxLength={8} />
          </Form.Item>
          <Form.Item name="color" label={t('fans.detail.color')}>
            <Input maxLength={16} />
          </Form.Item>
          <Form.Item name="imageUrl" label={t('fans.detail.picture')}>
            <ImageDropzone label={t('fans.detail.picture')} texts={dropzoneTexts(t)} />
          </Form.Item>
        </>
      }
    >
      {(remove) => (
        <Row gutter={[12, 12]} data-testid="fan-wardrobe">
          {items.map((item) => (
            <Col key={item.id} xs={12} md={8} xl={6}>
              <Card
                size="small"
                cover={
                  item.imageUrl ? (
                    <Image
                      src={pictureAt(item.imageUrl, 480)}
                      preview={{ src: pictureAt(item.imageUrl, 1280) }}
                      alt={t(`fans.category.${item.category}`)}
                      height={120}
                      style={{ objectFit: 'cover' }}
                    />
                  ) : undefined
                }
              >
                <Flex vertical gap={4}>
                  <Typography.Text strong>
                    {t(`fans.category.${item.category}`)} · {item.size}
                  </Typography.Text>
                  <Typography.Text type="secondary">{item.color || '—'}</Typography.Text>
                  <Flex justify="space-between" align="center">
                    <Tag color={item.source === 'purchase' ? 'green' : 'default'}>
                      {item.source === 'purchase' ? t('fans.detail.fromPurchase') : t('fans.detail.manual')}
                    </Tag>
                    <FanItemRemoveButton onRemove={() => remove(item.id)} />
                  </Flex>
                </Flex>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </FanCollectionCard>
  );
}
