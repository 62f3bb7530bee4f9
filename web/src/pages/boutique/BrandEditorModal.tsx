import { BRAND_NAME_MAX, BRAND_SLOGAN_MAX, type Brand, type BrandBody } from '@dc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { ImageDropzone } from '../../components/upload/ImageDropzone.tsx';
import { useT } from '../../locales/index.ts';
import { ProductRichTextEditor } from './ProductRichTextEditor.tsx';
import { serverFieldProblems, serverMessageOf } from './server-problems.ts';
import { boutiqueKeys, createBrand, updateBrand } from './service.ts';

export interface BrandEditorModalProps {
  /** null: closed; 'new': a new brand; a brand: that brand. */
  target: Brand | 'new' | null;
  onClose(): void;
}

type Values = Required<BrandBody>;
const FIELDS = ['name', 'logoUrl', 'coverUrl', 'slogan', 'story'] as const;

/** 新建 / 编辑品牌: name, logo, cover, slogan and the story (rich text). */
export function BrandEditorModal({ target, onClose }: BrandEditorModalProps) {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [alert, setAlert] = useState<string>();
  const brand = target !== null && target !== 'new' ? target : undefined;

  useEffect(() => {
    if (target === null) return;
    form.resetFields();
    form.setFieldsValue(
      brand
        ? {
            name: brand.name,
            logoUrl: brand.logoUrl,
            coverUrl: brand.coverUrl,
            slogan: brand.slogan,
            story: brand.story,
          }
        : { name: '', logoUrl: '', coverUrl: '', slogan: '', story: '' },
    );
    setAlert(undefined);
  }, [target, brand, form]);

  const save = useMutation({
    mutationFn: (body: Values) => (brand ? updateBrand(brand.id, body) : createBrand(body)),
    onSuccess: async () => {
      message.success(t(brand ? 'boutique.brand.saved' : 'boutique.brand.created'));
      await queryClient.invalidateQueries({ queryKey: boutiqueKeys.all });
      onClose();
    },
    onError: (error) => {
      const problems = serverFieldProblems(error);
      form.setFields(
        problems.flatMap((p) => {
          const name = FIELDS.find((field) => field === p.path);
          return name ? [{ name, errors: [p.message] }] : [];
        }),
      );
      setAlert(problems.length ? undefined : serverMessageOf(error));
    },
  });

  const dropzoneTexts = {
    hint: t('boutique.image.dropHint'),
    uploading: t('boutique.image.uploading'),
    failed: t('boutique.field.uploadFailed'),
    remove: t('boutique.field.remove'),
  };
  return (
    <Modal
      open={target !== null}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      title={t(brand ? 'boutique.brand.edit' : 'boutique.brand.new')}
      okText={t('boutique.editor.save')}
      cancelText={t('boutique.cancel')}
      confirmLoading={save.isPending}
      onOk={() =>
        void form.validateFields().then(
          () => save.mutate(form.getFieldsValue(true)),
          () => undefined,
        )
      }
    >
      {alert && <Alert type="error" showIcon message={alert} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="name"
          label={t('boutique.brand.name')}
          rules={[
            { required: true, whitespace: true, message: t('boutique.brand.nameRequired') },
            { max: BRAND_NAME_MAX, message: t('boutique.brand.nameTooLong') },
          ]}
        >
          <Input maxLength={BRAND_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="slogan"
          label={t('boutique.brand.slogan')}
          rules={[{ max: BRAND_SLOGAN_MAX, message: t('boutique.brand.sloganTooLong') }]}
        >
          <Input maxLength={BRAND_SLOGAN_MAX} showCount />
        </Form.Item>
        <Form.Item name="logoUrl" label={t('boutique.brand.logo')}>
          <ImageDropzone label={t('boutique.brand.logo')} texts={dropzoneTexts} />
        </Form.Item>
        <Form.Item name="coverUrl" label={t('boutique.brand.cover')}>
          <ImageDropzone label={t('boutique.brand.cover')} texts={dropzoneTexts} />
        </Form.Item>
        <Form.Item name="story" label={t('boutique.brand.story')}>
          <ProductRichTextEditor ariaLabel={t('boutique.brand.story')} data-testid="brand-story" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
