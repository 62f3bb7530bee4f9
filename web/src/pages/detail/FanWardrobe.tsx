import { PlusOutlined } from '@ant-design/icons';
import { type WardrobeItem, wardrobeCategories, wardrobeItemBodySchema } from '@dc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Form,
  Image,
  Input,
  Modal,
  Popconfirm,
  Row,
  Select,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { zodFieldRule } from '../../components/zod-rule.ts';
import { useT } from '../../locales/index.ts';
import { fieldErrorsOf, isApiRequestError } from '../../request/index.ts';
import { ImageDropzone } from '../../upload/ImageDropzone.tsx';
import { addWardrobeItem, fanKeys, removeWardrobeItem } from '../fans/service.ts';
import { dropzoneTexts } from './FanImages.tsx';

interface Values {
  category: WardrobeItem['category'];
  size: string;
  color?: string;
  imageUrl?: string;
}

/** The fan's wardrobe: garments from purchases or added by hand. */
export function FanWardrobe({ fanId, items }: { fanId: number; items: WardrobeItem[] }) {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<Values>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: fanKeys.detail(fanId) });
  const add = useMutation({
    mutationFn: (values: Values) =>
      addWardrobeItem(fanId, { ...values, color: values.color ?? '', imageUrl: values.imageUrl ?? '' }),
    onSuccess: async () => {
      setAdding(false);
      form.resetFields();
      await refresh();
    },
    onError: (error) => {
      const fields = fieldErrorsOf<Parameters<typeof form.setFields>[0][number]>(error);
      if (fields.length > 0) form.setFields(fields);
      else if (isApiRequestError(error)) void message.error(error.msg);
    },
  });
  const remove = useMutation({
    mutationFn: (itemId: number) => removeWardrobeItem(fanId, itemId),
    onSuccess: refresh,
  });
  const shape = wardrobeItemBodySchema.shape;
  return (
    <Card
      title={t('fans.detail.wardrobe')}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('fans.detail.wardrobeAdd')}
        </Button>
      }
    >
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fans.detail.wardrobeEmpty')} />
      ) : (
        <Row gutter={[12, 12]} data-testid="fan-wardrobe">
          {items.map((item) => (
            <Col key={item.id} xs={12} md={8} xl={6}>
              <Card
                size="small"
                cover={
                  item.imageUrl ? (
                    <Image
                      src={item.imageUrl}
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
                    <Popconfirm
                      title={t('fans.detail.removeConfirm')}
                      okText={t('fans.detail.remove')}
                      cancelText={t('fans.detail.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove.mutateAsync(item.id)}
                    >
                      <Button type="link" danger size="small">
                        {t('fans.detail.remove')}
                      </Button>
                    </Popconfirm>
                  </Flex>
                </Flex>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <Modal
        open={adding}
        title={t('fans.detail.wardrobeAdd')}
        okText={t('fans.detail.add')}
        cancelText={t('fans.detail.cancel')}
        confirmLoading={add.isPending}
        onOk={() => form.submit()}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(values) => add.mutate(values)}>
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
        </Form>
      </Modal>
    </Card>
  );
}
