import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Input, Popconfirm, Typography } from 'antd';
import { useT } from '../../locales/index.ts';
import { CourseLessonRow, type RowProblem } from './CourseLessonRow.tsx';
import { moveLesson, newKey, type OutlineChapter, type OutlineLesson } from './outline.ts';
import { courseKeys, fetchVideoOptions } from './service.ts';

export interface CourseOutlineStepProps {
  chapters: OutlineChapter[];
  problems: Map<string, RowProblem>;
  onChange(chapters: OutlineChapter[]): void;
}

function ChapterDropZone({ id, children }: { id: string; children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <Flex
      vertical
      gap={8}
      ref={setNodeRef}
      style={{ minHeight: 48, outline: isOver ? '1px dashed' : undefined }}
    >
      {children}
    </Flex>
  );
}

/** Step 2: chapters and their lessons; lessons reorder (and change chapter) by drag. */
export function CourseOutlineStep({ chapters, problems, onChange }: CourseOutlineStepProps) {
  const t = useT();
  const videos = useQuery({ queryKey: courseKeys.videoOptions, queryFn: fetchVideoOptions });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const setChapter = (index: number, change: Partial<OutlineChapter>) =>
    onChange(chapters.map((chapter, i) => (i === index ? { ...chapter, ...change } : chapter)));
  const setLesson = (c: number, l: number, lesson: OutlineLesson) =>
    setChapter(c, { lessons: chapters[c]!.lessons.map((old, i) => (i === l ? lesson : old)) });
  const addLesson = (c: number) =>
    setChapter(c, {
      lessons: [
        ...chapters[c]!.lessons,
        {
          key: newKey('l'),
          title: t('course.outline.lessonDefault', { index: chapters[c]!.lessons.length + 1 }),
          // Video when there is a video to pick, text otherwise.
          kind: videos.data?.length ? 'video' : 'text',
          textBody: '',
          minutes: 10,
        },
      ],
    });
  const addChapter = () =>
    onChange([
      ...chapters,
      {
        key: newKey('c'),
        title: t('course.outline.chapterDefault', { index: chapters.length + 1 }),
        lessons: [],
      },
    ]);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) onChange(moveLesson(chapters, String(active.id), String(over.id)));
  };

  return (
    <Flex vertical gap={12}>
      {chapters.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('course.outline.empty')} />
      )}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        {chapters.map((chapter, c) => (
          <Card
            key={chapter.key}
            size="small"
            data-testid="course-chapter"
            title={
              <Input
                variant="borderless"
                aria-label={t('course.outline.chapterTitle')}
                value={chapter.title}
                maxLength={60}
                status={problems.get(chapter.key) ? 'error' : undefined}
                onChange={(event) => setChapter(c, { title: event.target.value })}
              />
            }
            extra={
              <Popconfirm
                title={t('course.outline.removeChapterConfirm')}
                okText={t('course.action.delete')}
                cancelText={t('course.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => onChange(chapters.filter((_, i) => i !== c))}
              >
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('course.outline.removeChapter')}
                />
              </Popconfirm>
            }
          >
            <SortableContext items={chapter.lessons.map((l) => l.key)} strategy={verticalListSortingStrategy}>
              <ChapterDropZone id={chapter.key}>
                {chapter.lessons.length === 0 && (
                  <Typography.Text type="secondary">{t('course.outline.emptyChapter')}</Typography.Text>
                )}
                {chapter.lessons.map((lesson, l) => (
                  <CourseLessonRow
                    key={lesson.key}
                    lesson={lesson}
                    videos={videos.data ?? []}
                    problem={problems.get(lesson.key)}
                    onChange={(next) => setLesson(c, l, next)}
                    onRemove={() => setChapter(c, { lessons: chapter.lessons.filter((_, i) => i !== l) })}
                  />
                ))}
              </ChapterDropZone>
            </SortableContext>
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              style={{ marginTop: 8 }}
              onClick={() => addLesson(c)}
            >
              {t('course.outline.addLesson')}
            </Button>
          </Card>
        ))}
      </DndContext>
      <Button icon={<PlusOutlined />} onClick={addChapter}>
        {t('course.outline.addChapter')}
      </Button>
    </Flex>
  );
}
