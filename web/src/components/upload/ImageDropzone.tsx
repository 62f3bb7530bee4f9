import { DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { Button, Flex, Image, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { createUpload, finishImageUpload } from '../../api/uploads.ts';
import { uploadImageFile } from '../../upload/image-upload.ts';
import { pictureAt } from '../pictures.ts';

export interface ImageDropzoneTexts {
  /** The drop area's text: click to choose or drag an image. */
  hint: string;
  uploading: string;
  failed: string;
  remove: string;
}

export interface ImageDropzoneProps {
  /** The uploaded image's address ('' or unset: none yet). */
  value?: string;
  onChange?(url: string): void;
  texts: ImageDropzoneTexts;
  /** The accessible name of the drop area (the field's label). */
  label: string;
  id?: string;
}

/**
 * One image through the uploader's image path, as a form control: a drop area (drag and drop, or
 * click / Enter / Space to choose a file), a progress bar while it uploads, then a preview with
 * a remove button. The value is the uploaded image's lasting address, as the server keeps it.
 */
export function ImageDropzone({ value, onChange, texts, label, id }: ImageDropzoneProps) {
  const [percent, setPercent] = useState<number | undefined>();
  const [failed, setFailed] = useState(false);
  const uploading = percent !== undefined;

  if (value) {
    return (
      <Flex align="flex-start" gap={8} data-testid="image-dropzone-preview">
        <Image
          src={pictureAt(value, 480)}
          preview={{ src: pictureAt(value, 1280) }}
          width={160}
          height={120}
          style={{ objectFit: 'cover', borderRadius: 6 }}
          alt={label}
        />
        <Button icon={<DeleteOutlined />} danger aria-label={texts.remove} onClick={() => onChange?.('')}>
          {texts.remove}
        </Button>
      </Flex>
    );
  }
  return (
    <Flex vertical gap={8}>
      <Upload.Dragger
        id={id}
        accept="image/jpeg,image/png,image/webp,image/gif"
        multiple={false}
        showUploadList={false}
        disabled={uploading}
        aria-label={label}
        customRequest={({ file }) => {
          const blob = file as File;
          setFailed(false);
          setPercent(0);
          uploadImageFile(blob, blob.name || 'image.jpg', { createUpload, finishImageUpload }, setPercent)
            .then((uploaded) => onChange?.(uploaded.url))
            .catch(() => setFailed(true))
            .finally(() => setPercent(undefined));
        }}
      >
        <Flex vertical align="center" gap={4} style={{ padding: '8px 12px' }}>
          <InboxOutlined style={{ fontSize: 32, color: 'var(--ant-color-primary)' }} aria-hidden />
          <Typography.Text>{uploading ? texts.uploading : texts.hint}</Typography.Text>
        </Flex>
      </Upload.Dragger>
      {uploading && <Progress percent={percent} size="small" aria-label={texts.uploading} />}
      {failed && (
        <Typography.Text type="danger" role="alert">
          {texts.failed}
        </Typography.Text>
      )}
    </Flex>
  );
}
