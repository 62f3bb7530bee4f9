import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  courseChapters,
  courseLessons,
  coursePurchases,
  courses,
  lessonCompletions,
  platformUsers,
  videos,
} from '../db/schema/index.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../time/business-day.ts';
import { linkCourseBuyers } from './fans.ts';
import { picture } from './pictures.ts';
import { type SeededRandom, seededRandom } from './random.ts';

/** Courses draw from their own stream, so the other areas' demo figures stay what they were. */
const COURSES_SEED = 20151005;

type Status = 'draft' | 'on_sale' | 'off_shelf';

interface DemoCourse {
  title: string;
  cover: string;
  category: string;
  summary: string;
  price: number;
  originalPrice: number;
  status: Status;
  /** Days ago the course was created; buyers come after it (and before going off shelf). */
  createdDaysAgo: number;
  offShelfDaysAgo?: number;
  buyers: number;
  chapters: Array<[string, string[]]>;
}

/** Every purchase is a course sale in the vault ledger (seed/vault-sources.ts): these volumes are its course income. */
const DEMO_COURSES: DemoCourse[] = [
  {
    title: '旗袍立裁入门',
    cover: 'course-qipao',
    category: 'tailoring',
    summary: '从人台立裁到成衣：领型、偏襟、盘扣与开衩，一步一步做出第一件合体旗袍。',
    price: 19_900,
    originalPrice: 29_900,
    status: 'on_sale',
    createdDaysAgo: 365,
    buyers: 260,
    chapters: [
      ['量体与备料', ['旗袍量体的十二个部位', '面料与衬料的选择', '人台补正']],
      ['立裁成型', ['前片立裁', '后片与侧缝', '立领的做法', '偏襟线条']],
      ['工艺与收尾', ['手工盘扣', '滚边与开衩', '整烫与试穿']],
    ],
  },
  {
    title: '西装版型精讲',
    cover: 'course-suit',
    category: 'pattern',
    summary: '男装西服的原型、省道转移与驳头造型，附可下载的尺寸推档表。',
    price: 29_900,
    originalPrice: 39_900,
    status: 'on_sale',
    createdDaysAgo: 300,
    buyers: 190,
    chapters: [
      ['原型', ['西装原型制图', '胸省与肚省']],
      ['细节', ['驳头与领嘴', '袖山与袖窿的配合', '口袋定位']],
      ['推档', ['尺码推档规则', '样衣修正']],
    ],
  },
  {
    title: '亚麻衬衫制作',
    cover: 'course-linen',
    category: 'sewing',
    summary: '一件亚麻衬衫从裁剪到缝制的完整流程，适合有缝纫机的初学者。',
    price: 9_900,
    originalPrice: 12_900,
    status: 'on_sale',
    createdDaysAgo: 240,
    buyers: 210,
    chapters: [
      ['裁剪', ['亚麻预缩与整纬', '排料与裁剪']],
      ['缝制', ['领子与领座', '门襟与袖衩', '来去缝']],
    ],
  },
  {
    title: '童装打版基础',
    cover: 'course-kids',
    category: 'pattern',
    summary: '儿童体型特点、放松量与常见款式的打版方法。',
    price: 14_900,
    originalPrice: 14_900,
    status: 'on_sale',
    createdDaysAgo: 180,
    buyers: 110,
    chapters: [
      ['体型与放量', ['儿童体型的变化', '放松量参考']],
      ['常见款式', ['连衣裙', '背带裤', '外套']],
    ],
  },
  {
    title: '婚纱设计进阶',
    cover: 'course-bridal',
    category: 'design',
    summary: '婚纱廓形、蕾丝拼接与裙撑结构，面向有基础的设计师。',
    price: 49_900,
    originalPrice: 69_900,
    status: 'on_sale',
    createdDaysAgo: 120,
    buyers: 80,
    chapters: [
      ['廓形', ['A 字与鱼尾', '裙撑结构']],
      ['面料', ['蕾丝拼接', '珠绣工艺']],
      ['案例', ['一件定制婚纱的全过程']],
    ],
  },
  {
    title: '真丝面料识别与护理',
    cover: 'course-silk',
    category: 'fabric',
    summary: '真丝的种类、识别方法与日常护理。',
    price: 4_900,
    originalPrice: 9_900,
    status: 'off_shelf',
    createdDaysAgo: 330,
    offShelfDaysAgo: 60,
    buyers: 120,
    chapters: [['识别与护理', ['常见真丝品种', '燃烧法与手感', '洗涤与收纳']]],
  },
  {
    title: '手工盘扣技法',
    cover: 'course-knot',
    category: 'sewing',
    summary: '一字扣、琵琶扣与花扣的编结方法（制作中）。',
    price: 6_900,
    originalPrice: 6_900,
    status: 'draft',
    createdDaysAgo: 6,
    buyers: 0,
    chapters: [['盘扣', ['扣条的制作', '一字扣']]],
  },
];

const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '周',
  '吴',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '林',
];
const GIVEN = [
  '小雅',
  '晓晴',
  '子涵',
  '思远',
  '一诺',
  '雨桐',
  '佳怡',
  '浩然',
  '欣然',
  '梓萱',
  '俊杰',
  '可馨',
];
const HANDLES = [
  '爱做衣服的猫',
  '裁缝小白',
  'Mia',
  '布料收藏家',
  '周末去裁缝店',
  '一颗纽扣',
  'Leo',
  '旗袍控',
];

const nicknameOf = (random: SeededRandom) =>
  random.chance(0.25)
    ? `${random.pick(HANDLES)}${random.int(1, 99)}`
    : `${random.pick(SURNAMES)}${random.pick(GIVEN)}`;

const phoneOf = (random: SeededRandom) =>
  `1${random.pick(['38', '39', '58', '86', '77', '35'])}****${String(random.int(0, 9999)).padStart(4, '0')}`;

/** Reading time of a text lesson, seconds. */
const TEXT_LESSON_SECONDS = 600;

/**
 * demo's courses: five on sale, one off shelf, one draft, with chapters and lessons (video
 * lessons use demo's published videos when the video seed made some), and a year of buyers with
 * their progress; the buyers become demo's fans. Runs after `seedVideos` and `seedFans`.
 */
export async function seedCourses(db: Database, demoId: number, now: Date): Promise<void> {
  const random = seededRandom(COURSES_SEED);
  const publishedVideos = await db
    .select({ id: videos.id, durationSeconds: videos.durationSeconds })
    .from(videos)
    .where(and(eq(videos.designerId, demoId), eq(videos.status, 'published')))
    .orderBy(asc(videos.id));

  const buyerCount = Math.max(...DEMO_COURSES.map((c) => c.buyers)) + 40;
  const users = await db
    .insert(platformUsers)
    .values(
      Array.from({ length: buyerCount }, (_, i) => ({
        nickname: nicknameOf(random),
        phoneMasked: phoneOf(random),
        createdAt: new Date(now.getTime() - (400 - (i % 30)) * DAY_MS),
      })),
    )
    .returning({ id: platformUsers.id });

  const purchases: DemoPurchase[] = [];
  for (const demo of DEMO_COURSES) {
    const createdAt = new Date(now.getTime() - demo.createdDaysAgo * DAY_MS - random.int(0, 600) * MINUTE_MS);
    const [course] = await db
      .insert(courses)
      .values({
        designerId: demoId,
        title: demo.title,
        coverUrl: picture(demoId, demo.cover),
        summary: demo.summary,
        category: demo.category,
        price: demo.price,
        originalPrice: demo.originalPrice,
        status: demo.status,
        createdAt,
        updatedAt: new Date(
          now.getTime() - (demo.offShelfDaysAgo ?? Math.min(demo.createdDaysAgo, 20)) * DAY_MS,
        ),
      })
      .returning({ id: courses.id });
    const lessonIds: number[] = [];
    for (const [c, [chapterTitle, lessonTitles]] of demo.chapters.entries()) {
      const [chapter] = await db
        .insert(courseChapters)
        .values({ courseId: course!.id, title: chapterTitle, position: c })
        .returning({ id: courseChapters.id });
      for (const [l, title] of lessonTitles.entries()) {
        const video = publishedVideos.length && random.chance(0.6) ? random.pick(publishedVideos) : undefined;
        const [lesson] = await db
          .insert(courseLessons)
          .values({
            courseId: course!.id,
            chapterId: chapter!.id,
            title,
            position: l,
            kind: video ? 'video' : 'text',
            videoId: video?.id ?? null,
            textBody: video ? '' : `${title}：本节讲解要点、常见错误与练习方法，配图见课程资料包。`,
            durationSeconds: video ? (video.durationSeconds ?? 0) : TEXT_LESSON_SECONDS,
          })
          .returning({ id: courseLessons.id });
        lessonIds.push(lesson!.id);
      }
    }
    purchases.push(
      ...demoPurchases(random, { courseId: course!.id, demo, createdAt, lessonIds, users, now }),
    );
  }
  await insertPurchases(db, purchases);
  // The buyers are demo's fans (source course), their purchases on the fan's traded goods.
  await linkCourseBuyers(db, demoId);
}

interface DemoPurchase {
  row: typeof coursePurchases.$inferInsert & { courseId: number; buyerId: number; boughtAt: Date };
  /** The lessons completed, in order, with their completion times. */
  completions: Array<{ lessonId: number; completedAt: Date }>;
}

/** Share of a course's buyers who buy in its launch week (the first of them on launch day). */
const LAUNCH_BUYER_SHARE = 0.08;
/** Share of the later purchases spread evenly; the rest lean towards now (the course catches on). */
const STEADY_SHARE = 0.5;
/** A fraction of a window, its density rising linearly from STEADY_SHARE to 2 − STEADY_SHARE. */
const skewedTowardsNow = (random: SeededRandom) =>
  random.chance(STEADY_SHARE) ? random.next() : Math.sqrt(random.next());

/**
 * Buyers of one course: a few in the launch week, then purchases growing towards now; progress
 * grows with age. Answers the rows; `insertPurchases` writes them in bulk.
 */
function demoPurchases(
  random: SeededRandom,
  input: {
    courseId: number;
    demo: DemoCourse;
    createdAt: Date;
    lessonIds: number[];
    users: { id: number }[];
    now: Date;
  },
): DemoPurchase[] {
  const { demo, lessonIds, now } = input;
  const launch = input.createdAt.getTime();
  const start = launch + DAY_MS;
  const end = demo.offShelfDaysAgo
    ? now.getTime() - demo.offShelfDaysAgo * DAY_MS
    : now.getTime() - MINUTE_MS;
  const launchBuyers = Math.round(demo.buyers * LAUNCH_BUYER_SHARE);
  const offset = random.int(0, input.users.length - 1);
  const purchases: DemoPurchase[] = [];
  for (let i = 0; i < demo.buyers; i++) {
    const buyer = input.users[(offset + i) % input.users.length]!;
    // Launch week: the first buyer within hours of launch; later ones sqrt-skewed towards now.
    const boughtAt = new Date(
      i === 0
        ? launch + random.int(1, 10) * HOUR_MS
        : i < launchBuyers
          ? launch + random.int(HOUR_MS, 7 * DAY_MS)
          : start + skewedTowardsNow(random) * (end - start),
    );
    const discounted = i < launchBuyers || random.chance(0.2);
    const pricePaid = discounted ? Math.round((demo.price * 0.8) / 100) * 100 : demo.price;
    const ageDays = (now.getTime() - boughtAt.getTime()) / DAY_MS;
    const eagerness = random.next();
    const completed = Math.min(
      lessonIds.length,
      Math.floor(
        lessonIds.length * eagerness * Math.min(1, 0.3 + ageDays / 60) +
          (eagerness > 0.85 ? lessonIds.length : 0),
      ),
    );
    const lastStudiedAt =
      completed > 0
        ? new Date(boughtAt.getTime() + random.next() * (now.getTime() - boughtAt.getTime()) * 0.9)
        : null;
    const span = lastStudiedAt ? lastStudiedAt.getTime() - boughtAt.getTime() : 0;
    purchases.push({
      row: {
        courseId: input.courseId,
        buyerId: buyer.id,
        pricePaid,
        boughtAt,
        lastStudiedAt,
        rating: completed > 0 && random.chance(0.6) ? random.pick([3, 4, 4, 5, 5, 5]) : null,
      },
      completions: lessonIds.slice(0, completed).map((lessonId, k) => ({
        lessonId,
        completedAt: new Date(boughtAt.getTime() + (span * (k + 1)) / completed),
      })),
    });
  }
  return purchases;
}

/** The purchases and their lesson completions, a few hundred rows per statement. */
async function insertPurchases(db: Database, purchases: DemoPurchase[], chunk = 400): Promise<void> {
  for (let i = 0; i < purchases.length; i += chunk) {
    const slice = purchases.slice(i, i + chunk);
    const ids = await db
      .insert(coursePurchases)
      .values(slice.map((p) => p.row))
      .returning({
        id: coursePurchases.id,
        courseId: coursePurchases.courseId,
        buyerId: coursePurchases.buyerId,
      });
    // A buyer buys a course once (unique key), so (course, buyer) finds each row's id.
    const idOf = new Map(ids.map((row) => [`${row.courseId}|${row.buyerId}`, row.id]));
    const completions = slice.flatMap((p) =>
      p.completions.map((c) => ({ ...c, purchaseId: idOf.get(`${p.row.courseId}|${p.row.buyerId}`)! })),
    );
    for (let k = 0; k < completions.length; k += 1000) {
      await db.insert(lessonCompletions).values(completions.slice(k, k + 1000));
    }
  }
}
