import { type CourseDetail, courseBodySchema, progressPercent } from '@dc/contract';
import { describe, expect, it } from 'vitest';
import {
  type CourseDraft,
  courseBodyOf,
  draftOfCourse,
  keyOfPath,
  moveLesson,
  type OutlineChapter,
  outlineProblems,
  yuanToFen,
} from '../../src/pages/courses/outline.ts';

const lesson = (key: string, change: Partial<OutlineChapter['lessons'][number]> = {}) => ({
  key,
  title: key,
  kind: 'text' as const,
  textBody: 'text',
  minutes: 5,
  ...change,
});

const outline = (): OutlineChapter[] => [
  { key: 'c1', title: 'one', lessons: [lesson('a'), lesson('b'), lesson('c')] },
  { key: 'c2', title: 'two', lessons: [lesson('d')] },
  { key: 'c3', title: 'three', lessons: [] },
];
const titles = (chapters: OutlineChapter[]) => chapters.map((c) => c.lessons.map((l) => l.key).join(''));

describe('issue 5 item 6: lessons reorder by drag', () => {
  it('moves down and up within a chapter, taking the place of the lesson dropped on', () => {
    expect(titles(moveLesson(outline(), 'a', 'c'))).toEqual(['bca', 'd', '']);
    expect(titles(moveLesson(outline(), 'c', 'a'))).toEqual(['cab', 'd', '']);
  });

  it('moves to another chapter, before the lesson dropped on or at the end of an empty chapter', () => {
    expect(titles(moveLesson(outline(), 'b', 'd'))).toEqual(['ac', 'bd', '']);
    expect(titles(moveLesson(outline(), 'd', 'c3'))).toEqual(['abc', '', 'd']);
  });

  it('leaves the outline as it is for unknown keys, a chapter dragged, or a drop on itself', () => {
    const chapters = outline();
    expect(moveLesson(chapters, 'a', 'a')).toBe(chapters);
    expect(moveLesson(chapters, 'x', 'a')).toBe(chapters);
    expect(moveLesson(chapters, 'c1', 'd')).toBe(chapters);
  });

  it('does not change the outline it was given', () => {
    const chapters = outline();
    moveLesson(chapters, 'a', 'd');
    expect(titles(chapters)).toEqual(['abc', 'd', '']);
  });
});

describe('issue 5 item 6: the editor form becomes the request body', () => {
  const draft: CourseDraft = {
    title: '旗袍立裁入门',
    coverUrl: '',
    summary: '简介',
    category: 'tailoring',
    price: 199.9,
    originalPrice: 299,
    chapters: [
      {
        key: 'c-7',
        id: 7,
        title: '第一章',
        lessons: [
          lesson('l-9', { id: 9, kind: 'video', videoId: 3, title: '视频课', textBody: 'left over' }),
          lesson('l-new', { title: '图文课', minutes: 12 }),
        ],
      },
    ],
  };

  it('sends yuan as integer fen (no float residue), ids of kept rows, and only the fields of each kind', () => {
    const body = courseBodyOf(draft);
    expect(body).toMatchObject({ price: 19_990, originalPrice: 29_900, category: 'tailoring' });
    expect(body.chapters).toEqual([
      {
        id: 7,
        title: '第一章',
        lessons: [
          { id: 9, title: '视频课', kind: 'video', videoId: 3 },
          { title: '图文课', kind: 'text', textBody: 'text', durationSeconds: 720 },
        ],
      },
    ]);
    expect(courseBodySchema.safeParse(body).success).toBe(true);
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
  });

  it('reads a saved course back into the same body', () => {
    const saved: CourseDetail = {
      id: 1,
      title: 'T课程',
      coverUrl: '',
      summary: '',
      category: 'pattern',
      price: 9_900,
      originalPrice: 9_900,
      status: 'draft',
      students: 0,
      revenue: 0,
      rating: null,
      ratingCount: 0,
      chapterCount: 1,
      lessonCount: 1,
      createdAt: '2026-01-01 00:00:00',
      updatedAt: '2026-01-01 00:00:00',
      chapters: [
        {
          id: 4,
          title: '章',
          lessons: [
            {
              id: 5,
              title: '课',
              kind: 'text',
              videoId: null,
              videoTitle: null,
              videoStatus: null,
              textBody: '正文',
              durationSeconds: 600,
              completions: 0,
            },
          ],
        },
      ],
    };
    expect(courseBodyOf(draftOfCourse(saved))).toEqual({
      title: 'T课程',
      coverUrl: '',
      summary: '',
      category: 'pattern',
      price: 9_900,
      originalPrice: 9_900,
      chapters: [
        {
          id: 4,
          title: '章',
          lessons: [{ id: 5, title: '课', kind: 'text', textBody: '正文', durationSeconds: 600 }],
        },
      ],
    });
  });

  it('finds what the contract would refuse, and maps server paths to rows', () => {
    const chapters: OutlineChapter[] = [
      {
        key: 'c1',
        title: ' ',
        lessons: [lesson('v', { kind: 'video' }), lesson('t', { textBody: '  ' }), lesson('ok')],
      },
    ];
    expect([...outlineProblems(chapters)]).toEqual([
      ['c1', 'needTitle'],
      ['v', 'needVideo'],
      ['t', 'needText'],
    ]);
    expect(keyOfPath(chapters, 'chapters.0.lessons.1.textBody')).toBe('t');
    expect(keyOfPath(chapters, 'chapters.0.title')).toBe('c1');
    expect(keyOfPath(chapters, 'chapters.3.title')).toBeUndefined();
    expect(keyOfPath(chapters, 'title')).toBeUndefined();
  });
});

describe('issue 5 item 6: progress = lessons completed ÷ lessons', () => {
  it('is a whole percentage rounded down, 100 only when every lesson is done', () => {
    expect(progressPercent(0, 10)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(66);
    expect(progressPercent(9, 10)).toBe(90);
    expect(progressPercent(10, 10)).toBe(100);
    expect(progressPercent(3, 0)).toBe(0);
    expect(progressPercent(12, 10)).toBe(100);
  });
});
