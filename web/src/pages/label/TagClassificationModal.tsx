import {
  TAG_CLASSIFICATION_NAME_MAX,
  type TagClassification,
  tagClassificationBodySchema,
} from '@dc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { zodFieldRule } from '../../components/zod-rule.ts';
import { useT } from '../../locales/index.ts';
import { fieldErrorsOf, isApiRequestError } from '../../request/index.ts';
import { createClassification, renameClassification, tagKeys } from './service.ts';

/** Create or rename a tag classification. */
export function TagClassificationModal({
  classification,
  onClose,
}: {
  classification: TagClassification | undefined;
  onClose(): void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: { name: string }) =>
      classification ? renameClassification(classification.id, values) : createClassification(values),
    onSuccess: async () => {
      void message.success(t('tags.classificationSaved'));
      await queryClient.invalidateQueries({ queryKey: tagKeys.all });
      onClose();
    },
    onError: (error) => {
      const fields = fieldErrorsOf<Parameters<typeof form.setFields>[0][number]>(error);
      if (fields.length > 0) form.setFields(fields);
      else if (isApiRequestError(error)) void message.error(error.msg);
    },
  });
  return (
    <Modal
      open
      title={t(classification ? 'tags.renameClassification' : 'tags.addClassification')}
      okText={t('tags.save')}
      cancelText={t('tags.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: classification?.name ?? '' }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="name"
          label={t('tags.classificationName')}
          rules={[
            { required: true, whitespace: true, message: t('tags.nameRequired') },
            zodFieldRule(
              tagClassificationBodySchema.shape.name,
              t('tags.nameTooLong', { max: TAG_CLASSIFICATION_NAME_MAX }),
            ),
          ]}
        >
          <Input maxLength={TAG_CLASSIFICATION_NAME_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
