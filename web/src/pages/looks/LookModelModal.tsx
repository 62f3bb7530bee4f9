import { UploadOutlined } from '@ant-design/icons';
import {
  type BodyType,
  bodyTypes,
  LOOK_NAME_MAX,
  LOOK_SIZE_LABEL_MAX,
  type LookModel,
  modelFileProblem,
} from '@dc/contract';
import { App, Button, Flex, Form, Input, Modal, Progress, Select, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { pictureAt } from '../../components/pictures.ts';
import { useT } from '../../locales/index.ts';
import { fieldErrorsOf } from '../../request/index.ts';
import { uploadImage } from '../videos/cover-upload.ts';
import { bytesText } from './labels.ts';
import { uploadModelFile } from './model-upload.ts';
import { updateModel } from './service.ts';

interface FormValues {
  name: string;
  bodyType: BodyType;
  sizeLabel: string;
}

/** The server's reason for refusing a model file, in the current language where it is a known one. */
function refusalText(t: ReturnType<typeof useT>, reason: string): string {
  const triangles = /^(\d+) triangles/.exec(reason);
  if (triangles) return t('looks.reasonTriangles', { count: Number(triangles[1]).toLocaleString() });
  if (/not a binary glTF|first chunk is not JSON|not valid JSON/.test(reason))
    return t('looks.modelFileNotGlb');
  if (/glTF version|asset\.version/.test(reason)) return t('looks.reasonVersion');
  if (/larger than|at most 30 MB/.test(reason)) return t('looks.modelFileTooLarge');
  if (/no triangles/.test(reason)) return t('looks.reasonNoTriangles');
  return reason;
}

type Phase = { step: 'idle' } | { step: 'uploading'; percent: number } | { step: 'checking' };

/** Upload a .glb (no `editing`) or edit one of the designer's models: name, body, size, poster. */
export function LookModelModal({
  editing,
  open,
  onClose,
  onSaved,
}: {
  editing: LookModel | null;
  open: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [poster, setPoster] = useState<{ id: number; url: string } | null>(null);
  const [posterBusy, setPosterBusy] = useState(false);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      name: editing?.name ?? '',
      bodyType: editing?.bodyType ?? 'female',
      sizeLabel: editing?.sizeLabel ?? '',
    });
    setFile(null);
    setFileError(null);
    setPoster(null);
    setPhase({ step: 'idle' });
  }, [open, editing, form]);

  const fileProblemText = (candidate: File): string | null => {
    const problem = modelFileProblem(candidate);
    if (problem === 'notGlb') return t('looks.modelFileNotGlb');
    if (problem === 'tooLarge') return t('looks.modelFileTooLarge');
    if (problem === 'empty') return t('looks.modelFileEmpty');
    return null;
  };

  const submit = async (values: FormValues) => {
    const fields = { ...values, ...(poster ? { posterImageId: poster.id } : {}) };
    try {
      if (editing) {
        await updateModel(editing.id, fields);
        message.success(t('looks.modelSaved'));
      } else {
        if (!file) {
          setFileError(t('looks.modelFileRequired'));
          return;
        }
        setPhase({ step: 'uploading', percent: 0 });
        await uploadModelFile(
          file,
          fields,
          (fraction) => setPhase({ step: 'uploading', percent: Math.round(fraction * 100) }),
          () => setPhase({ step: 'checking' }),
        );
        message.success(t('looks.modelUploaded'));
      }
      onSaved();
    } catch (error) {
      setPhase({ step: 'idle' });
      const fieldErrors = fieldErrorsOf(error);
      const onFile = fieldErrors.find((f) => ['file', 'fileName', 'fileSize'].includes(f.name[0]!));
      if (onFile) setFileError(t('looks.modelRefused', { reason: refusalText(t, onFile.errors[0] ?? '') }));
      const others = fieldErrors
        .filter((f) => f !== onFile)
        .map((f) => ({ name: f.name[0]!, errors: f.errors }));
      if (others.length) form.setFields(others as Parameters<typeof form.setFields>[0]);
      if (!fieldErrors.length) message.error(error instanceof Error ? error.message : String(error));
    }
  };

  const busy = phase.step !== 'idle';
  return (
    <Modal
      open={open}
      title={t(editing ? 'looks.modelEdit' : 'looks.modelUpload')}
      okText={t('looks.save')}
      cancelText={t('looks.cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: posterBusy }}
      onOk={() => form.submit()}
      onCancel={busy ? undefined : onClose}
      closable={!busy}
      maskClosable={false}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} disabled={busy}>
        <Form.Item
          name="name"
          label={t('looks.modelName')}
          rules={[
            { required: true, whitespace: true, message: t('looks.modelNameRequired') },
            { max: LOOK_NAME_MAX, message: t('looks.tooLong', { max: LOOK_NAME_MAX }) },
          ]}
        >
          <Input maxLength={LOOK_NAME_MAX} />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item name="bodyType" label={t('looks.modelBody')} style={{ flex: 1 }}>
            <Select options={bodyTypes.map((value) => ({ value, label: t(`looks.body.${value}`) }))} />
          </Form.Item>
          <Form.Item
            name="sizeLabel"
            label={t('looks.modelSize')}
            style={{ flex: 1 }}
            rules={[{ max: LOOK_SIZE_LABEL_MAX, message: t('looks.tooLong', { max: LOOK_SIZE_LABEL_MAX }) }]}
          >
            <Input maxLength={LOOK_SIZE_LABEL_MAX} placeholder="M" />
          </Form.Item>
        </Flex>
        <Form.Item label={t('looks.modelPoster')} extra={t('looks.modelPosterHint')}>
          <Flex gap={12} align="center">
            {(poster?.url ?? editing?.posterUrl) && (
              <img
                src={pictureAt(poster?.url ?? editing?.posterUrl, 480)}
                alt=""
                style={{ height: 64, borderRadius: 4 }}
              />
            )}
            <Upload
              accept="image/jpeg,image/png,image/webp"
              showUploadList={false}
              beforeUpload={(picked) => {
                setPosterBusy(true);
                uploadImage(picked, picked.name)
                  .then(setPoster)
                  .catch((error: unknown) =>
                    message.error(
                      t('looks.bgUploadFailed', {
                        reason: error instanceof Error ? error.message : String(error),
                      }),
                    ),
                  )
                  .finally(() => setPosterBusy(false));
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={posterBusy}>
                {t('looks.bgUpload')}
              </Button>
            </Upload>
          </Flex>
        </Form.Item>
        {!editing && (
          <Form.Item
            label={t('looks.modelFile')}
            required
            extra={t('looks.modelFileHint')}
            validateStatus={fileError ? 'error' : undefined}
            help={fileError ?? undefined}
          >
            <Flex vertical gap={8}>
              <Upload
                accept=".glb,model/gltf-binary"
                showUploadList={false}
                beforeUpload={(picked) => {
                  setFile(picked);
                  setFileError(fileProblemText(picked));
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />}>{t('looks.modelFileChoose')}</Button>
              </Upload>
              {file && (
                <Typography.Text data-testid="look-model-file">
                  {file.name} · {bytesText(file.size)}
                </Typography.Text>
              )}
              {phase.step === 'uploading' && (
                <Progress
                  percent={phase.percent}
                  aria-label={t('looks.modelUploading', { percent: phase.percent })}
                  format={() => t('looks.modelUploading', { percent: phase.percent })}
                />
              )}
              {phase.step === 'checking' && (
                <Typography.Text type="secondary">{t('looks.modelChecking')}</Typography.Text>
              )}
            </Flex>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
