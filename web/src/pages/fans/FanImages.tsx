import type { FanImage } from '@dc/contract';
import { Flex, Form, Image, Select, Tag } from 'antd';
import { pictureAt } from '../../components/pictures.ts';
import { ImageDropzone } from '../../components/upload/ImageDropzone.tsx';
import { useT } from '../../locales/index.ts';
import { FanCollectionCard } from './FanCollectionCard.tsx';
import { FanItemRemoveButton } from './FanItemRemoveButton.tsx';
import { addFanImage, removeFanImage } from './service.ts';

interface ImageValues {
  url: string;
  labels?: string[];
}

/**
 * Photos of the fan with labels (issue 7), each uploaded through the uploader's image path:
 * drop or choose a file, watch it upload, check the preview, label it.
 */
export function FanImages({ fanId, images }: { fanId: number; images: FanImage[] }) {
  const t = useT();
  return (
    <FanCollectionCard<ImageValues>
      fanId={fanId}
      title={t('fans.detail.images')}
      addText={t('fans.detail.imageAdd')}
      emptyText={t('fans.detail.imagesEmpty')}
      empty={images.length === 0}
      add={(values) => addFanImage(fanId, { url: values.url, labels: values.labels ?? [] })}
      remove={(itemId) => removeFanImage(fanId, itemId)}
      fields={
        <>
          <Form.Item
            name="url"
            label={t('fans.detail.photo')}
            rules={[{ required: true, message: t('fans.detail.photoRequired') }]}
          >
            <ImageDropzone label={t('fans.detail.photo')} texts={dropzoneTexts(t)} />
          </Form.Item>
          <Form.Item name="labels" label={t('fans.detail.imageLabels')} extra={t('fans.detail.labelsHint')}>
            <Select mode="tags" maxCount={5} open={false} aria-label={t('fans.detail.imageLabels')} />
          </Form.Item>
        </>
      }
    >
      {(remove) => (
        <Image.PreviewGroup>
          <Flex gap={12} wrap>
            {images.map((image, index) => (
              <Flex key={image.id} vertical gap={4} style={{ width: 140 }}>
                <Image
                  alt={t('image.pictureNumber', { index: index + 1 })}
                  src={pictureAt(image.url, 480)}
                  preview={{ src: pictureAt(image.url, 1280) }}
                  width={140}
                  height={105}
                  style={{ objectFit: 'cover', borderRadius: 6 }}
                />
                <Flex gap={4} wrap>
                  {image.labels.map((label) => (
                    <Tag key={label}>{label}</Tag>
                  ))}
                </Flex>
                <FanItemRemoveButton
                  style={{ alignSelf: 'flex-start', padding: 0 }}
                  onRemove={() => remove(image.id)}
                />
              </Flex>
            ))}
          </Flex>
        </Image.PreviewGroup>
      )}
    </FanCollectionCard>
  );
}

/** The drop area's words in the current language. */
export const dropzoneTexts = (t: ReturnType<typeof useT>) => ({
  hint: t('fans.detail.dropHint'),
  uploading: t('fans.detail.uploading'),
  failed: t('fans.detail.uploadFailed'),
  remove: t('fans.detail.removePicture'),
});
