import type { CourseBody, CourseCategory, CourseDetail, LessonKind } from '@dc/contract';

/**
 * The course editor's working copy: prices in yuan as the inputs show them, chapters and
 * lessons with client keys (new rows have no id yet), and the pure operations on it.
 */
export interface OutlineLesson {
  key: string;
  id?: number;
  title: string;
  kind: LessonKind;
  videoId?: number;
  textBody: string;
  /** Reading time of a text lesson, minutes. */
  minutes: number;
}

export interface OutlineChapter {
  key: string;
  id?: number;
  title: string;
  lessons: OutlineLesson[];
}

export interface CourseDraft {
  title: string;
  coverUrl: string;
  summary: string;
  category?: CourseCategory;
  /** Yuan, as typed (two decimals at most). */
  price?: number;
  originalPrice?: number;
  chapters: OutlineChapter[];
}

let keySerial = 0;
/** A key for a new chapter or lesson, unique in this page's life. */
export const newKey = (prefix: 'c' | 'l') => `${prefix}-new-${++keySerial}`;

/** Yuan as typed (0.1 + 0.2 style floats included) to integer fen. */
export const yuanToFen = (yuan: number): number => Math.round(yuan * 100);
export const fenToYuan = (fen: number): number => fen / 100;

export const emptyDraft = (): CourseDraft => ({ title: '', coverUrl: '', summary: '', chapters: [] });

/** The editor's copy of a saved course. */
export function draftOfCourse(course: CourseDetail): CourseDraft {
  return {
    title: course.title,
    coverUrl: course.coverUrl,
    summary: course.summary,
    category: course.category,
    price: fenToYuan(course.price),
    originalPrice: fenToYuan(course.originalPrice),
    chapters: course.chapters.map((chapter) => ({
      key: `c-${chapter.id}`,
      id: chapter.id,
      title: chapter.title,
      lessons: chapter.lessons.map((lesson) => ({
        key: `l-${lesson.id}`,
        id: lesson.id,
        title: lesson.title,
        kind: lesson.kind,
        ...(lesson.videoId ? { videoId: lesson.videoId } : {}),
        textBody: lesson.textBody,
        minutes: Math.round(lesson.durationSeconds / 60),
      })),
    })),
  };
}

/** The request body of `POST /courses` and `PUT /courses/:id`, in the outline's order. */
export function courseBodyOf(draft: CourseDraft): CourseBody {
  return {
    title: draft.title,
    coverUrl: draft.coverUrl ?? '',
    summary: draft.summary ?? '',
    category: draft.category ?? 'tailoring',
    price: yuanToFen(draft.price ?? 0),
    originalPrice: yuanToFen(draft.originalPrice ?? draft.price ?? 0),
    chapters: draft.chapters.map((chapter) => ({
      ...(chapter.id ? { id: chapter.id } : {}),
      title: chapter.title,
      lessons: chapter.lessons.map((lesson) => ({
        ...(lesson.id ? { id: lesson.id } : {}),
        title: lesson.title,
        kind: lesson.kind,
        ...(lesson.kind === 'video'
          ? { videoId: lesson.videoId ?? null }
          : { textBody: lesson.textBody, durationSeconds: Math.round(lesson.minutes * 60) }),
      })),
    })),
  };
}

export const lessonCountOf = (chapters: OutlineChapter[]) =>
  chapters.reduce((sum, chapter) => sum + chapter.lessons.length, 0);

function locate(chapters: OutlineChapter[], key: string): { chapter: number; lesson: number } | undefined {
  for (const [c, chapter] of chapters.entries()) {
    if (chapter.key === key) return { chapter: c, lesson: chapter.lessons.length };
    const l = chapter.lessons.findIndex((lesson) => lesson.key === key);
    if (l >= 0) return { chapter: c, lesson: l };
  }
  return undefined;
}

/**
 * Moves the lesson `activeKey` to where `overKey` is: onto a lesson takes that lesson's place
 * (in its chapter), onto a chapter appends to it. Answers the chapters unchanged when either is
 * unknown or they are the same.
 */
export function moveLesson(chapters: OutlineChapter[], activeKey: string, overKey: string): OutlineChapter[] {
  if (activeKey === overKey) return chapters;
  const from = locate(chapters, activeKey);
  const to = locate(chapters, overKey);
  if (!from || !to || from.lesson >= (chapters[from.chapter]?.lessons.length ?? 0)) return chapters;
  const next = chapters.map((chapter) => ({ ...chapter, lessons: [...chapter.lessons] }));
  const [moved] = next[from.chapter]!.lessons.splice(from.lesson, 1);
  next[to.chapter]!.lessons.splice(to.lesson, 0, moved!);
  return next;
}

export type OutlineProblem = 'needTitle' | 'needVideo' | 'needText';

/** What the contract would refuse in the outline, by chapter or lesson key. */
export function outlineProblems(chapters: OutlineChapter[], maxTitle = 60): Map<string, OutlineProblem> {
  const problems = new Map<string, OutlineProblem>();
  const badTitle = (title: string) => title.trim() === '' || title.trim().length > maxTitle;
  for (const chapter of chapters) {
    if (badTitle(chapter.title)) problems.set(chapter.key, 'needTitle');
    for (const lesson of chapter.lessons) {
      if (badTitle(lesson.title)) problems.set(lesson.key, 'needTitle');
      else if (lesson.kind === 'video' && !lesson.videoId) problems.set(lesson.key, 'needVideo');
      else if (lesson.kind === 'text' && lesson.textBody.trim() === '') problems.set(lesson.key, 'needText');
    }
  }
  return problems;
}

/** The chapter or lesson key a server path such as `chapters.0.lessons.1.videoId` names. */
export function keyOfPath(chapters: OutlineChapter[], path: string): string | undefined {
  const match = /^chapters\.(\d+)(?:\.lessons\.(\d+))?/.exec(path);
  if (!match) return undefined;
  const chapter = chapters[Number(match[1])];
  if (!chapter) return undefined;
  return match[2] === undefined ? chapter.key : chapter.lessons[Number(match[2])]?.key;
}
