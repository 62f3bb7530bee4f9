import { PlusOutlined } from '@ant-design/icons';
import type { FanImage } from '@dc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Form, Image, Modal, Popconfirm, Select, Tag } from 'antd';
import { useState } from 'react';
import { useT } from '../../locales/index.ts';
import { fieldErrorsOf, isApiRequestError } from '../../request/index.ts';
import { ImageDropzone } from '../../upload/ImageDropzone.tsx';
import { addFanImage, fanKeys, removeFanImage } from '../fans/service.ts';

/**
 * Photos of the fan with labels (issue 7), each uploaded through the uploader's image path:
 * drop or choose a file, watch it upload, check the preview, label it.
 */
export function FanImages({ fanId, images }: { fanId: number; images: FanImage[] }) {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<{ url: string; labels?: string[] }>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: fanKeys.detail(fanId) });
  const add = useMutation({
    mutationFn: (values: { url: string; labels?: string[] }) =>
      addFanImage(fanId, { url: values.url, labels: values.labels ?? [] }),
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
    mutationFn: (itemId: number) => removeFanImage(fanId, itemId),
    onSuccess: refresh,
  });
  return (
    <Card
      title={t('fans.detail.images')}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('fans.detail.imageAdd')}
        </Button>
      }
    >
      {images.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fans.detail.imagesEmpty')} />
      ) : (
        <Image.PreviewGroup>
          <Flex gap={12} wrap>
            {images.map((image) => (
              <Flex key={image.id} vertical gap={4} style={{ width: 140 }}>
                <Image
                  src={image.url}
                  width={140}
                  height={105}
                  style={{ objectFit: 'cover', borderRadius: 6 }}
                />
                <Flex gap={4} wrap>
                  {image.labels.map((label) => (
                    <Tag key={label}>{label}</Tag>
                  ))}
                </Flex>
                <Popconfirm
                  title={t('fans.detail.removeConfirm')}
                  okText={t('fans.detail.remove')}
                  cancelText={t('fans.detail.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutateAsync(image.id)}
                >
                  <Button type="link" danger size="small" style={{ alignSelf: 'flex-start', padding: 0 }}>
                    {t('fans.detail.remove')}
                  </Button>
                </Popconfirm>
              </Flex>
            ))}
          </Flex>
        </Image.PreviewGroup>
      )}
      <Modal
        open={adding}
        title={t('fans.detail.imageAdd')}
        okText={t('fans.detail.add')}
        cancelText={t('fans.detail.cancel')}
        confirmLoading={add.isPending}
        onOk={() => form.submit()}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(values) => add.mutate(values)}>
          <Form.Item
            name="url"
            label={t('fans.detail.photo')}
            rules={[{ required: true, message: t('fans.detail.photoRequired') }]}
          >
            <ImageDropzone label={t('fans.detail.photo')} texts={dropzoneTexts(t)} />
          </Form.Item>
          <Form.Item name="labels" label={t('fans.detail.imageLabels')} extra={t('fans.detail.labelsHint')}>
            <Select mode="tags" maxCount={5} open={false} aria-label={t('fans.detail.imageLabels')} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

/** The drop area's words in the current language. */
export const dropzoneTexts = (t: ReturnType<typeof useT>) => ({
  hint: t('fans.detail.dropHint'),
  uploading: t('fans.detail.uploading'),
  failed: t('fans.detail.uploadFailed'),
  remove: t('fans.detail.removePicture'),
});
