import {
  TAG_COLOR_PRESETS,
  TAG_DESCRIPTION_MAX,
  TAG_NAME_MAX,
  type Tag,
  type TagClassification,
  tagBodySchema,
} from '@dc/contract';
import { ColorPicker, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { FormModal } from '../../components/FormModal.tsx';
import { useFormSave } from '../../components/use-form-save.ts';
import { zodFieldRule } from '../../components/zod-rule.ts';
import { useT } from '../../locales/index.ts';
import { createTag, tagKeys, updateTag } from './service.ts';

interface Values {
  classificationId: number;
  name: string;
  color: string;
  description: string;
}

export interface TagFormModalProps {
  /** The tag to edit; undefined creates one. */
  tag: Tag | undefined;
  classifications: TagClassification[];
  defaultClassificationId: number | undefined;
  onClose(): void;
}

const hexOf = (value: unknown): string =>
  typeof value === 'string' ? value : (value as { toHexString(): string }).toHexString();

/** Create or edit a tag: name (≤ 15), classification, colour (picker with presets), description. */
export function TagFormModal({ tag, classifications, defaultClassificationId, onClose }: TagFormModalProps) {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const save = useFormSave({
    form,
    save: (values) => {
      const body = { ...values, color: hexOf(values.color), description: values.description ?? '' };
      return tag ? updateTag(tag.id, body) : createTag(body);
    },
    savedText: t(tag ? 'tags.saved' : 'tags.created'),
    reload: tagKeys.all,
    onSaved: onClose,
  });
  // Opened before the classifications arrived, the form started without one: take the default
  // when it comes, unless the designer has already chosen.
  useEffect(() => {
    if (defaultClassificationId !== undefined && form.getFieldValue('classificationId') === undefined) {
      form.setFieldValue('classificationId', defaultClassificationId);
    }
  }, [defaultClassificationId, form]);
  const shape = tagBodySchema.shape;
  return (
    <FormModal
      title={t(tag ? 'tags.edit' : 'tags.add')}
      okText={t('tags.save')}
      cancelText={t('tags.cancel')}
      form={form}
      saving={save.isPending}
      onClose={onClose}
      data-testid="tag-form"
      initialValues={{
        classificationId: tag?.classificationId ?? defaultClassificationId,
        name: tag?.name ?? '',
        color: tag?.color ?? TAG_COLOR_PRESETS[0],
        description: tag?.description ?? '',
      }}
      onFinish={(values) => save.mutate(values)}
    >
      <Form.Item
        name="name"
        label={t('tags.field.name')}
        rules={[
          { required: true, whitespace: true, message: t('tags.nameRequired') },
          zodFieldRule(shape.name, t('tags.nameTooLong', { max: TAG_NAME_MAX })),
        ]}
      >
        <Input maxLength={TAG_NAME_MAX} showCount />
      </Form.Item>
      <Form.Item
        name="classificationId"
        label={t('tags.field.classification')}
        rules={[{ required: true, message: t('tags.classificationRequired') }]}
      >
        <Select options={classifications.map((c) => ({ value: c.id, label: c.name }))} />
      </Form.Item>
      <Form.Item name="color" label={t('tags.field.color')}>
        <ColorPicker
          disabledAlpha
          showText
          presets={[{ label: t('tags.field.color'), colors: [...TAG_COLOR_PRESETS] }]}
        />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('tags.field.description')}
        rules={[zodFieldRule(shape.description, t('tags.descriptionTooLong', { max: TAG_DESCRIPTION_MAX }))]}
      >
        <Input.TextArea maxLength={TAG_DESCRIPTION_MAX} showCount rows={2} />
      </Form.Item>
    </FormModal>
  );
}
