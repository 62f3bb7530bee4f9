import type { Tag, TagClassification } from '@dc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Select, Typography } from 'antd';
import { useT } from '../../locales/index.ts';
import { mergeTag, tagKeys } from './service.ts';

/** Merge `tag` into another tag: its fans get the other one, then it is deleted. */
export function TagMergeModal({
  tag,
  tags,
  classifications,
  onClose,
}: {
  tag: Tag;
  tags: Tag[];
  classifications: TagClassification[];
  onClose(): void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ intoTagId: number }>();
  const queryClient = useQueryClient();
  const merge = useMutation({
    mutationFn: (intoTagId: number) => mergeTag(tag.id, intoTagId),
    onSuccess: async (answer) => {
      void message.success(t('tags.merged', { count: answer.movedFans }));
      await queryClient.invalidateQueries({ queryKey: tagKeys.all });
      onClose();
    },
  });
  const options = classifications.map((c) => ({
    label: c.name,
    title: c.name,
    options: tags
      .filter((x) => x.classificationId === c.id && x.id !== tag.id)
      .map((x) => ({ value: x.id, label: x.name })),
  }));
  return (
    <Modal
      open
      title={t('tags.mergeTitle', { name: tag.name })}
      okText={t('tags.merge')}
      cancelText={t('tags.cancel')}
      confirmLoading={merge.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('tags.mergeHint', { name: tag.name, count: tag.fanCount })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => merge.mutate(values.intoTagId)}>
        <Form.Item
          name="intoTagId"
          label={t('tags.mergeInto')}
          rules={[{ required: true, message: t('tags.mergeTargetRequired') }]}
        >
          <Select showSearch optionFilterProp="label" options={options} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
