import { UploadOutlined } from '@ant-design/icons';
import {
  type BackgroundKind,
  backgroundKinds,
  LOOK_NAME_MAX,
  type LookBackground,
  type LookBackgroundBody,
  lookBackgroundNameField,
} from '@dc/contract';
import { App, Button, ColorPicker, Flex, Form, Input, Modal, Radio, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { zodFieldRule } from '../../components/zod-rule.ts';
import { useT } from '../../locales/index.ts';
import { fieldErrorsOf } from '../../request/index.ts';
import { backdropStyle } from '../../three/backdrop.ts';
import { uploadImage } from '../videos/cover-upload.ts';
import { createBackground, updateBackground } from './service.ts';

interface FormValues {
  name: string;
  kind: BackgroundKind;
  top: string;
  bottom: string;
}

const hexOf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'object' && value !== null && 'toHexString' in value
      ? (value as { toHexString(): string }).toHexString().slice(0, 7)
      : '#F2EFEA';

/** Add or edit one of the designer's backgrounds: colours, or a picture through the image upload. */
export function LookBackgroundModal({
  editing,
  open,
  onClose,
  onSaved,
}: {
  editing: LookBackground | null;
  open: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const kind = Form.useWatch('kind', form) ?? 'solid';
  const top = Form.useWatch('top', form);
  const bottom = Form.useWatch('bottom', form);
  const [image, setImage] = useState<{ id: number | null; url: string | null }>({ id: null, url: null });
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const picture = kind === 'image' || kind === 'hdr';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      name: editing?.name ?? '',
      kind: editing?.kind ?? 'solid',
      top: editing?.colors[0] ?? '#F2EFEA',
      bottom: editing?.colors[1] ?? '#C9D6F0',
    });
    setImage({ id: null, url: editing?.imageUrl ?? null });
  }, [open, editing, form]);

  const submit = async (values: FormValues) => {
    const colors =
      kind === 'solid'
        ? [hexOf(values.top)]
        : kind === 'gradient'
          ? [hexOf(values.top), hexOf(values.bottom)]
          : [];
    const keepsPicture =
      picture && !image.id && editing?.imageUrl && (editing.kind === 'image' || editing.kind === 'hdr');
    if (picture && !image.id && !keepsPicture) {
      form.setFields([{ name: 'kind', errors: [t('looks.bgImageRequired')] }]);
      return;
    }
    const body: LookBackgroundBody = {
      name: values.name,
      kind,
      colors,
      ...(image.id ? { imageId: image.id } : {}),
    };
    setSaving(true);
    try {
      if (editing) {
        // Without a new upload, a picture kind keeps its stored picture.
        await updateBackground(editing.id, body);
      } else {
        await createBackground(body);
      }
      message.success(t('looks.bgSaved'));
      onSaved();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.length)
        form.setFields(
          fields.map((f) => ({
            errors: f.errors,
            name: (f.name[0] === 'imageId' ? 'kind' : f.name[0]) as keyof FormValues,
          })),
        );
      else message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(editing ? 'looks.bgModalEdit' : 'looks.bgModalCreate')}
      okText={t('looks.save')}
      cancelText={t('looks.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: uploading }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="name"
          label={t('looks.bgName')}
          rules={[
            { required: true, whitespace: true, message: t('looks.bgNameRequired') },
            zodFieldRule(lookBackgroundNameField, t('looks.tooLong', { max: LOOK_NAME_MAX })),
          ]}
        >
          <Input maxLength={LOOK_NAME_MAX} />
        </Form.Item>
        <Form.Item name="kind" label={t('looks.bgKind')}>
          <Radio.Group
            optionType="button"
            options={backgroundKinds.map((value) => ({ value, label: t(`looks.bgKind.${value}`) }))}
          />
        </Form.Item>
        {kind === 'solid' && (
          <Form.Item name="top" label={t('looks.bgColor')}>
            <ColorPicker disabledAlpha showText />
          </Form.Item>
        )}
        {kind === 'gradient' && (
          <Flex gap={24}>
            <Form.Item name="top" label={t('looks.bgColorTop')}>
              <ColorPicker disabledAlpha showText />
            </Form.Item>
            <Form.Item name="bottom" label={t('looks.bgColorBottom')}>
              <ColorPicker disabledAlpha showText />
            </Form.Item>
          </Flex>
        )}
        {picture && (
          <Form.Item
            label={t('looks.bgImage')}
            extra={kind === 'hdr' ? t('looks.bgImageHdrHint') : undefined}
          >
            <Flex gap={12} align="center">
              <div
                style={{
                  ...backdropStyle({ kind, colors: [], imageUrl: image.url }),
                  width: 120,
                  height: 68,
                  borderRadius: 6,
                }}
              />
              <Upload
                accept="image/jpeg,image/png,image/webp"
                showUploadList={false}
                beforeUpload={(file) => {
                  setUploading(true);
                  uploadImage(file, file.name)
                    .then((uploaded) => setImage({ id: uploaded.id, url: uploaded.url }))
                    .catch((error: unknown) =>
                      message.error(
                        t('looks.bgUploadFailed', {
                          reason: error instanceof Error ? error.message : String(error),
                        }),
                      ),
                    )
                    .finally(() => setUploading(false));
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={uploading}>
                  {t(uploading ? 'looks.bgUploading' : 'looks.bgUpload')}
                </Button>
              </Upload>
            </Flex>
          </Form.Item>
        )}
        {!picture && (
          <div
            aria-hidden
            style={{
              ...backdropStyle({ kind, colors: [hexOf(top), hexOf(bottom)], imageUrl: null }),
              height: 48,
              borderRadius: 6,
            }}
          />
        )}
      </Form>
    </Modal>
  );
}
