import { InboxOutlined, PictureOutlined } from '@ant-design/icons';
import {
  fileExtension,
  IMAGE_EXTENSIONS,
  IMAGE_MAX_BYTES,
  VIDEO_DESCRIPTION_MAX,
  VIDEO_EXTENSIONS,
  VIDEO_MAX_BYTES_DEFAULT,
  VIDEO_TITLE_MAX,
  videoFileProblem,
  videoUpdateSchema,
} from '@dc/contract';
import { App, Button, Flex, Form, Image, Input, Radio, Select, Typography, Upload } from 'antd';
import { useState } from 'react';
import { FileName } from '../../components/FileName.tsx';
import { pictureAt } from '../../components/pictures.ts';
import { ONE_LINE_TEXT } from '../../components/server-table/fit-columns.ts';
import { zodFieldRule } from '../../components/zod-rule.ts';
import { useT } from '../../locales/index.ts';
import { uploadImage } from './cover-upload.ts';
import { categoryOptions, formatBytes } from './format.ts';
import type { VideoFields } from './use-vod-uploads.ts';

interface FormValues {
  title?: string;
  description?: string;
  cateId?: number;
  tags?: string[];
  coverMode: 'frame' | 'image';
}

interface Props {
  /** Starts uploading `files` with these fields; answers when they are queued. */
  onPublish(files: File[], fields: VideoFields): void;
}

/** The videos picked for the next publish and the fields they share. */
export function PublishForm({ onPublish }: Props) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [files, setFiles] = useState<File[]>([]);
  const [cover, setCover] = useState<{ id: number; url: string } | undefined>();
  const [coverUploading, setCoverUploading] = useState(false);
  const coverMode = Form.useWatch('coverMode', form);

  const maxText = formatBytes(VIDEO_MAX_BYTES_DEFAULT);
  const pick = (file: File) => {
    const problem = videoFileProblem(file);
    if (problem === 'notVideo') message.error(t('shortVideo.refusedNotVideo', { name: file.name }));
    else if (problem === 'tooLarge')
      message.error(t('shortVideo.refusedTooLarge', { name: file.name, max: maxText }));
    else if (problem === 'empty') message.error(t('shortVideo.refusedEmpty', { name: file.name }));
    else
      setFiles((current) =>
        current.some((f) => f.name === file.name && f.size === file.size) ? current : [...current, file],
      );
    return Upload.LIST_IGNORE;
  };

  const pickCover = async (file: File) => {
    if (!(fileExtension(file.name) in IMAGE_EXTENSIONS) || file.size > IMAGE_MAX_BYTES) {
      message.error(t('shortVideo.coverNotImage'));
      return Upload.LIST_IGNORE;
    }
    setCoverUploading(true);
    try {
      setCover(await uploadImage(file, file.name));
    } catch (error) {
      message.error(
        t('shortVideo.coverFailed', { reason: error instanceof Error ? error.message : String(error) }),
      );
    } finally {
      setCoverUploading(false);
    }
    return Upload.LIST_IGNORE;
  };

  const publish = (values: FormValues) => {
    if (files.length === 0) {
      message.warning(t('shortVideo.publishNeedsFiles'));
      return;
    }
    onPublish(files, {
      title: values.title?.trim() ?? '',
      description: values.description?.trim() ?? '',
      cateId: values.cateId ?? null,
      tags: values.tags ?? [],
      coverImageId: values.coverMode === 'image' ? cover?.id : undefined,
    });
    setFiles([]);
    form.resetFields();
    setCover(undefined);
  };

  const shape = videoUpdateSchema.shape;
  return (
    <Flex vertical gap={16}>
      <Upload.Dragger
        multiple
        accept={Object.keys(VIDEO_EXTENSIONS)
          .map((extension) => `.${extension}`)
          .join(',')}
        showUploadList={false}
        beforeUpload={pick}
        data-testid="video-dropzone"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('shortVideo.dropTitle')}</p>
        <p className="ant-upload-hint">
          {t('shortVideo.dropHint', { formats: 'MP4, MOV, WEBM, MKV, AVI…', max: maxText })}
        </p>
      </Upload.Dragger>
      {files.length > 0 ? (
        <Flex vertical gap={4} data-testid="picked-files">
          <Typography.Text strong>{t('shortVideo.pickedFiles')}</Typography.Text>
          {files.map((file) => (
            <Flex key={`${file.name}/${file.size}`} align="center" gap={8}>
              <FileName name={file.name} />
              <Typography.Text type="secondary" style={ONE_LINE_TEXT}>
                {formatBytes(file.size)}
              </Typography.Text>
              <Button
                style={{ marginInlineStart: 'auto' }}
                size="small"
                type="link"
                onClick={() => setFiles((current) => current.filter((f) => f !== file))}
              >
                {t('shortVideo.removePicked')}
              </Button>
            </Flex>
          ))}
        </Flex>
      ) : null}
      <Form form={form} layout="vertical" initialValues={{ coverMode: 'frame' }} onFinish={publish}>
        <Form.Item
          name="title"
          label={t('shortVideo.title')}
          rules={[zodFieldRule(shape.title, t('shortVideo.tooLong', { max: VIDEO_TITLE_MAX }))]}
        >
          <Input placeholder={t('shortVideo.titlePlaceholder')} maxLength={VIDEO_TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('shortVideo.description')}
          rules={[zodFieldRule(shape.description, t('shortVideo.tooLong', { max: VIDEO_DESCRIPTION_MAX }))]}
        >
          <Input.TextArea
            placeholder={t('shortVideo.descriptionPlaceholder')}
            maxLength={VIDEO_DESCRIPTION_MAX}
            autoSize={{ minRows: 2, maxRows: 6 }}
          />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="cateId" label={t('shortVideo.category')} style={{ minWidth: 220, flex: 1 }}>
            <Select
              allowClear
              placeholder={t('shortVideo.categoryPlaceholder')}
              options={categoryOptions(t)}
            />
          </Form.Item>
          <Form.Item
            name="tags"
            label={t('shortVideo.tags')}
            style={{ minWidth: 260, flex: 2 }}
            rules={[zodFieldRule(shape.tags, t('shortVideo.tagsInvalid'))]}
          >
            <Select
              mode="tags"
              placeholder={t('shortVideo.tagsPlaceholder')}
              open={false}
              suffixIcon={null}
            />
          </Form.Item>
        </Flex>
        <Form.Item name="coverMode" label={t('shortVideo.cover')}>
          <Radio.Group
            options={[
              { value: 'frame', label: t('shortVideo.coverFrame') },
              { value: 'image', label: t('shortVideo.coverImage') },
            ]}
          />
        </Form.Item>
        {coverMode === 'image' ? (
          <Flex gap={12} align="center" style={{ marginBottom: 24 }}>
            <Upload accept="image/*" showUploadList={false} beforeUpload={pickCover}>
              <Button icon={<PictureOutlined />} loading={coverUploading}>
                {coverUploading ? t('shortVideo.coverUploading') : t('shortVideo.coverPick')}
              </Button>
            </Upload>
            {cover ? (
              <Image
                src={pictureAt(cover.url, 160)}
                preview={{ src: pictureAt(cover.url, 1280) }}
                alt={t('shortVideo.cover')}
                width={96}
                height={54}
                style={{ objectFit: 'cover' }}
              />
            ) : null}
          </Flex>
        ) : null}
        <Button type="primary" htmlType="submit" data-testid="publish-button">
          {t('shortVideo.publish')}
        </Button>
      </Form>
    </Flex>
  );
}
