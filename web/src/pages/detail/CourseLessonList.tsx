import { FileTextOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { Chapter } from '@dc/contract';
import { Card, Empty, Flex, List, Tag, Typography } from 'antd';
import { useT } from '../../locales/index.ts';

/** The course's chapters and lessons in order, each with its duration and completions. */
export function CourseLessonList({ chapters }: { chapters: Chapter[] }) {
  const t = useT();
  return (
    <Card title={t('course.detail.lessons')} data-testid="course-lessons">
      {chapters.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('course.outline.empty')} />
      )}
      <Flex vertical gap={16}>
        {chapters.map((chapter) => (
          <div key={chapter.id}>
            <Typography.Title level={5}>{chapter.title}</Typography.Title>
            <List
              size="small"
              bordered
              dataSource={chapter.lessons}
              locale={{ emptyText: t('course.outline.emptyChapter') }}
              renderItem={(lesson) => (
                <List.Item
                  extra={
                    <Typography.Text type="secondary">
                      {t('course.detail.completions', { count: lesson.completions })}
                    </Typography.Text>
                  }
                >
                  <Flex gap={8} align="center" wrap>
                    {lesson.kind === 'video' ? <PlayCircleOutlined /> : <FileTextOutlined />}
                    <span>{lesson.title}</span>
                    <Tag>{t(`course.outline.kind.${lesson.kind}`)}</Tag>
                    {lesson.kind === 'video' && !lesson.videoId && (
                      <Tag color="error">{t('course.detail.videoMissing')}</Tag>
                    )}
                    {lesson.durationSeconds > 0 && (
                      <Typography.Text type="secondary">
                        {t('course.detail.minutes', {
                          minutes: Math.max(1, Math.round(lesson.durationSeconds / 60)),
                        })}
                      </Typography.Text>
                    )}
                  </Flex>
                </List.Item>
              )}
            />
          </div>
        ))}
      </Flex>
    </Card>
  );
}
