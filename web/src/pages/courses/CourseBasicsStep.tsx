import { COURSE_SUMMARY_MAX, COURSE_TITLE_MAX, courseBasicsSchema, courseCategories } from '@dc/contract';
import { Form, Input, Select } from 'antd';
import { ImageDropzone } from '../../components/upload/ImageDropzone.tsx';
import { zodFieldRule } from '../../components/zod-rule.ts';
import { useT } from '../../locales/index.ts';

export const BASICS_FIELDS = ['title', 'category', 'coverUrl', 'summary'] as const;

/**
 * Step 1: title, category, cover (uploaded through the image path, kept by its lasting address)
 * and summary, checked by the contract's own schemas.
 */
export function CourseBasicsStep() {
  const t = useT();
  const shape = courseBasicsSchema.shape;
  return (
    <>
      <Form.Item
        name="title"
        label={t('course.field.title')}
        rules={[
          { required: true, whitespace: true, message: t('course.field.titleRequired') },
          zodFieldRule(shape.title, t('course.field.titleInvalid')),
        ]}
      >
        <Input placeholder={t('course.field.titlePlaceholder')} maxLength={COURSE_TITLE_MAX} showCount />
      </Form.Item>
      <Form.Item
        name="category"
        label={t('course.field.category')}
        rules={[{ required: true, message: t('course.field.categoryRequired') }]}
      >
        <Select
          options={courseCategories.map((value) => ({ value, label: t(`course.category.${value}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="coverUrl"
        label={t('course.field.cover')}
        rules={[zodFieldRule(shape.coverUrl, t('course.field.coverInvalid'))]}
      >
        <ImageDropzone
          label={t('course.field.cover')}
          texts={{
            hint: t('course.field.coverHint'),
            uploading: t('course.field.coverUploading'),
            failed: t('course.field.coverFailed'),
            remove: t('course.field.coverRemove'),
          }}
        />
      </Form.Item>
      <Form.Item
        name="summary"
        label={t('course.field.summary')}
        rules={[zodFieldRule(shape.summary, t('course.field.summaryInvalid'))]}
      >
        <Input.TextArea rows={4} maxLength={COURSE_SUMMARY_MAX} showCount />
      </Form.Item>
    </>
  );
}
