import { FileTextOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { Chapter } from '@dc/contract';
import { Card, Empty, Flex, List, Tag, Typography } from 'antd';
import { ONE_LINE_TEXT } from '../../components/server-table/fit-columns.ts';
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
                <List.Item>
                  {/* One wrapping line: on a phone the completions move under the rest, still at the end. */}
                  <Flex gap={8} align="center" wrap style={{ width: '100%' }}>
                    {lesson.kind === 'video' ? <PlayCircleOutlined /> : <FileTextOutlined />}
                    <span>{lesson.title}</span>
                    <Tag>{t(`course.outline.kind.${lesson.kind}`)}</Tag>
                    {lesson.kind === 'video' && !lesson.videoId && (
                      <Tag color="error">{t('course.detail.videoMissing')}</Tag>
                    )}
                    {lesson.durationSeconds > 0 && (
                      <Typography.Text type="secondary" style={ONE_LINE_TEXT}>
                        {t('course.detail.minutes', {
                          minutes: Math.max(1, Math.round(lesson.durationSeconds / 60)),
                        })}
                      </Typography.Text>
                    )}
                    <Typography.Text type="secondary" style={{ ...ONE_LINE_TEXT, marginInlineStart: 'auto' }}>
                      {t('course.detail.completions', { count: lesson.completions })}
                    </Typography.Text>
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
