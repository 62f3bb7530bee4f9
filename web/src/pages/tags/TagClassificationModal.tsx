import {
  TAG_CLASSIFICATION_NAME_MAX,
  type TagClassification,
  tagClassificationBodySchema,
} from '@dc/contract';
import { Form, Input } from 'antd';
import { FormModal } from '../../components/FormModal.tsx';
import { useFormSave } from '../../components/use-form-save.ts';
import { zodFieldRule } from '../../components/zod-rule.ts';
import { useT } from '../../locales/index.ts';
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
  const [form] = Form.useForm<{ name: string }>();
  const save = useFormSave({
    form,
    save: (values) =>
      classification ? renameClassification(classification.id, values) : createClassification(values),
    savedText: t('tags.classificationSaved'),
    reload: tagKeys.all,
    onSaved: onClose,
  });
  return (
    <FormModal
      title={t(classification ? 'tags.renameClassification' : 'tags.addClassification')}
      okText={t('tags.save')}
      cancelText={t('tags.cancel')}
      form={form}
      saving={save.isPending}
      onClose={onClose}
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
    </FormModal>
  );
}
