import { DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import type { CourseVideoOption } from '@dc/contract';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Card, Flex, Input, InputNumber, Select, Typography } from 'antd';
import { useT } from '../../locales/index.ts';
import type { OutlineLesson, OutlineProblem } from './outline.ts';

/** What is wrong with a chapter or lesson: a known kind (marks the field) and the text shown. */
export interface RowProblem {
  kind?: OutlineProblem;
  text: string;
}

export interface CourseLessonRowProps {
  lesson: OutlineLesson;
  videos: CourseVideoOption[];
  problem?: RowProblem;
  onChange(lesson: OutlineLesson): void;
  onRemove(): void;
}

/** One lesson of the outline: drag handle, title, kind, and its video or text. */
export function CourseLessonRow({ lesson, videos, problem, onChange, onRemove }: CourseLessonRowProps) {
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: lesson.key });
  const set = (change: Partial<OutlineLesson>) => onChange({ ...lesson, ...change });
  return (
    <Card
      ref={setNodeRef}
      size="small"
      data-testid="course-lesson"
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <Flex vertical gap={8}>
        <Flex gap={8} align="center">
          <Button
            ref={setActivatorNodeRef}
            type="text"
            size="small"
            icon={<HolderOutlined />}
            aria-label={t('course.outline.drag')}
            style={{ cursor: 'grab' }}
            {...attributes}
            {...listeners}
          />
          <Input
            aria-label={t('course.outline.lessonTitle')}
            placeholder={t('course.outline.lessonTitle')}
            value={lesson.title}
            maxLength={60}
            status={problem?.kind === 'needTitle' ? 'error' : undefined}
            onChange={(event) => set({ title: event.target.value })}
          />
          <Select
            aria-label={t('course.outline.kind')}
            style={{ width: 110 }}
            value={lesson.kind}
            options={[
              { value: 'video', label: t('course.outline.kind.video') },
              { value: 'text', label: t('course.outline.kind.text') },
            ]}
            onChange={(kind) => set({ kind })}
          />
          <Button
            type="text"
            danger
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('course.outline.removeLesson')}
            onClick={onRemove}
          />
        </Flex>
        {lesson.kind === 'video' ? (
          <Select
            aria-label={t('course.outline.video')}
            placeholder={videos.length ? t('course.outline.video') : t('course.outline.noVideos')}
            value={lesson.videoId}
            status={problem?.kind === 'needVideo' ? 'error' : undefined}
            showSearch={{ optionFilterProp: 'label' }}
            options={videos.map((video) => ({ value: video.id, label: video.title }))}
            onChange={(videoId: number) => set({ videoId })}
          />
        ) : (
          <Flex vertical gap={8}>
            <Input.TextArea
              aria-label={t('course.outline.text')}
              placeholder={t('course.outline.text')}
              rows={3}
              value={lesson.textBody}
              status={problem?.kind === 'needText' ? 'error' : undefined}
              onChange={(event) => set({ textBody: event.target.value })}
            />
            <InputNumber
              aria-label={t('course.outline.minutes')}
              addonBefore={t('course.outline.minutes')}
              min={0}
              max={1440}
              precision={0}
              value={lesson.minutes}
              onChange={(minutes) => set({ minutes: minutes ?? 0 })}
            />
          </Flex>
        )}
        {problem && <Typography.Text type="danger">{problem.text}</Typography.Text>}
      </Flex>
    </Card>
  );
}
