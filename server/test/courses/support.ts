import type { CourseBody, CourseDetail } from '@dc/contract';
import { coursePurchases, lessonCompletions, platformUsers, videos } from '../../src/db/schema/index.ts';
import { type AccountsApp, call, dataOf, type Session } from '../support/calls.ts';

export {
  type AccountsApp,
  call,
  createAccountsApp,
  dataOf,
  type Session,
  someone,
} from '../support/calls.ts';

let videoSerial = 0;

/** A video row of `designerId` (the upload path is another area's; tests insert the row). */
export async function addVideo(
  t: AccountsApp,
  designerId: number,
  status: 'uploading' | 'processing' | 'published' | 'offline' = 'published',
  durationSeconds = 300,
): Promise<number> {
  videoSerial += 1;
  const now = t.clock.now();
  const [row] = await t.db
    .insert(videos)
    .values({
      designerId,
      title: `视频 ${videoSerial}`,
      objectKey: `test/courses/${designerId}/${videoSerial}-${now.getTime()}.mp4`,
      fileName: `lesson-${videoSerial}.mp4`,
      fileSize: 1024,
      mimeType: 'video/mp4',
      durationSeconds,
      status,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: videos.id });
  return row!.id;
}

/** A valid course body: one chapter with a video lesson and a text lesson. */
export const courseBody = (videoId: number, change: Partial<CourseBody> = {}): CourseBody => ({
  title: '旗袍立裁入门',
  coverUrl: 'https://cdn.example.com/cover.jpg',
  summary: '从量体到成衣。',
  category: 'tailoring',
  price: 19_900,
  originalPrice: 29_900,
  chapters: [
    {
      title: '第一章 量体',
      lessons: [
        { title: '量体要点', kind: 'video', videoId },
        { title: '尺寸表', kind: 'text', textBody: '胸围、腰围、臀围。', durationSeconds: 600 },
      ],
    },
  ],
  ...change,
});

export async function createCourse(t: AccountsApp, who: Session, body: CourseBody): Promise<CourseDetail> {
  return dataOf<CourseDetail>(await call(t, 'POST', '/courses', who, body));
}

let buyerSerial = 0;

/** A platform user who bought `courseId` at `boughtAt` and completed `completedLessonIds`. */
export async function addPurchase(
  t: AccountsApp,
  courseId: number,
  options: {
    pricePaid?: number;
    boughtAt?: Date;
    completedLessonIds?: number[];
    rating?: number;
    nickname?: string;
  } = {},
): Promise<number> {
  buyerSerial += 1;
  const boughtAt = options.boughtAt ?? t.clock.now();
  const [buyer] = await t.db
    .insert(platformUsers)
    .values({
      nickname: options.nickname ?? `学员${buyerSerial}`,
      phoneMasked: '138****0000',
      createdAt: boughtAt,
    })
    .returning({ id: platformUsers.id });
  const [purchase] = await t.db
    .insert(coursePurchases)
    .values({
      courseId,
      buyerId: buyer!.id,
      pricePaid: options.pricePaid ?? 19_900,
      boughtAt,
      lastStudiedAt: options.completedLessonIds?.length ? boughtAt : null,
      rating: options.rating ?? null,
    })
    .returning({ id: coursePurchases.id });
  for (const lessonId of options.completedLessonIds ?? []) {
    await t.db
      .insert(lessonCompletions)
      .values({ purchaseId: purchase!.id, lessonId, completedAt: boughtAt });
  }
  return purchase!.id;
}
