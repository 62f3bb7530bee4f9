import { Descriptions, Typography } from 'antd';
import { formatFen } from '../../components/money.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { type CourseDraft, lessonCountOf, yuanToFen } from './outline.ts';

/** Step 4: what will be saved. */
export function CourseReviewStep({ draft }: { draft: CourseDraft }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const price = yuanToFen(draft.price ?? 0);
  const original = yuanToFen(draft.originalPrice ?? 0);
  return (
    <>
      <Descriptions column={1} bordered size="small" data-testid="course-review">
        <Descriptions.Item label={t('course.field.title')}>{draft.title}</Descriptions.Item>
        <Descriptions.Item label={t('course.field.category')}>
          {draft.category ? t(`course.category.${draft.category}`) : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('course.editor.step.outline')}>
          {t('course.review.lessons', {
            chapters: draft.chapters.length,
            lessons: lessonCountOf(draft.chapters),
          })}
        </Descriptions.Item>
        <Descriptions.Item label={t('course.column.price')}>
          ¥{formatFen(price, language)}
          {original > price && (
            <Typography.Text delete type="secondary" style={{ marginInlineStart: 8 }}>
              ¥{formatFen(original, language)}
            </Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('course.field.summary')}>{draft.summary}</Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('course.review.draftHint')}
      </Typography.Paragraph>
    </>
  );
}
