import { DeleteOutlined, StarOutlined, UploadOutlined } from '@ant-design/icons';
import { PRODUCT_IMAGES_MAX } from '@dc/contract';
import { App, Button, Flex, Image, Tag, Tooltip, Typography, Upload } from 'antd';
import { useState } from 'react';
import { pictureAt } from '../../components/pictures.ts';
import { useT } from '../../locales/index.ts';
import { uploadImage } from '../videos/cover-upload.ts';

export interface ProductImagesInputProps {
  value?: string[];
  onChange?(urls: string[]): void;
}

const FALLBACK = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

/**
 * The product's images (1–9, the first is the cover; issue 7: "uploaded through the uploader's
 * image path"): thumbnails with "make cover" and "remove", and an upload button. Each image is
 * kept by the lasting address the upload answers, so it keeps showing after any signed link
 * expires; the server takes no other address for a product.
 */
export function ProductImagesInput({ value = [], onChange }: ProductImagesInputProps) {
  const t = useT();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const full = value.length >= PRODUCT_IMAGES_MAX;

  const add = (next: string) => {
    if (value.includes(next) || full) return;
    onChange?.([...value, next]);
  };

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap data-testid="product-images">
        {value.map((src, index) => (
          <div key={src} style={{ position: 'relative', width: 96 }}>
            <Image
              alt={t('image.pictureNumber', { index: index + 1 })}
              src={pictureAt(src, 480)}
              preview={{ src: pictureAt(src, 1280) }}
              width={96}
              height={96}
              style={{ objectFit: 'cover', borderRadius: 6 }}
              fallback={FALLBACK}
            />
            {index === 0 && (
              <Tag color="processing" style={{ position: 'absolute', top: 4, left: 4, margin: 0 }}>
                {t('boutique.field.cover')}
              </Tag>
            )}
            <Flex justify="center" gap={2}>
              {index > 0 && (
                <Tooltip title={t('boutique.field.makeCover')}>
                  <Button
                    size="small"
                    type="text"
                    icon={<StarOutlined />}
                    aria-label={t('boutique.field.makeCover')}
                    onClick={() => onChange?.([src, ...value.filter((other) => other !== src)])}
                  />
                </Tooltip>
              )}
              <Tooltip title={t('boutique.field.remove')}>
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('boutique.field.remove')}
                  onClick={() => onChange?.(value.filter((other) => other !== src))}
                />
              </Tooltip>
            </Flex>
          </div>
        ))}
      </Flex>
      <Flex gap={8} wrap>
        <Upload
          accept="image/jpeg,image/png,image/webp,image/gif"
          showUploadList={false}
          disabled={full || uploading}
          customRequest={({ file }) => {
            const blob = file as File;
            setUploading(true);
            uploadImage(blob, blob.name || 'image.jpg')
              .then((uploaded) => add(uploaded.url))
              .catch(() => message.error(t('boutique.field.uploadFailed')))
              .finally(() => setUploading(false));
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading} disabled={full}>
            {t('boutique.field.upload')}
          </Button>
        </Upload>
      </Flex>
      {full && <Typography.Text type="secondary">{t('boutique.field.imagesFull')}</Typography.Text>}
    </Flex>
  );
}
