import type { LightMyRequestResponse } from 'fastify';
import {
  boutiqueOrders,
  coursePurchases,
  courses,
  fans,
  fanUnfollows,
  platformUsers,
  products,
  videoDailyStats,
  videos,
} from '../../src/db/schema/index.ts';
import { recordLedgerEntries } from '../../src/modules/vault/ledger.ts';
import {
  API,
  authHeader,
  createDesigner,
  createTestApp,
  loginAs,
  type TestApp,
} from '../support/test-app.ts';
import { meiLedger, shanghai } from '../vault/support.ts';

export { shanghai };
export const ANALYTICS = `${API}/analytics`;
const PASSWORD = 'analytics-pass-1';

/** "Now" of the figures: 2025-03-10 12:00 in Asia/Shanghai. */
export const NOW = shanghai('2025-03-10 12:00:00');
/** The period of most checks (28 days) and the previous one: 2025-01-04 to 2025-01-31. */
export const FEB = 'start=2025-02-01&end=2025-02-28';

export interface AnalyticsApp extends TestApp {
  ids: { mei: number; kai: number; courseA: number; courseB: number; users: number[]; videos: number[] };
  get(path: string, token?: string): Promise<LightMyRequestResponse>;
  mei: string;
  kai: string;
}

const fan = (designerId: number, nickname: string, followed: string, lastActive: string) => ({
  designerId,
  nickname,
  source: 'video',
  followedAt: shanghai(followed),
  lastActiveAt: shanghai(lastActive),
  createdAt: shanghai(followed),
  updatedAt: shanghai(followed),
});

/**
 * Mei's small data set (business time), every figure of the tests computed by hand from it:
 * fans   f1 followed 01-31 23:59:59 active 02-10 · f2 02-01 00:00:00 active 02-28 23:59:59 ·
 *        f3 02-28 23:59:59 active 03-01 00:00:00 · f4 2024-12-01 active 01-20
 * left   u1 followed 01-10 left 02-15 · u2 02-03 → 02-20 · u3 2024-11-01 → 01-31 23:00
 * ledger the vault's Mei ledger (see ../vault/support.ts)
 * course A: 9900 01-31 23:59:59 (U1, ★5) · 9900 02-01 00:00 (U2, ★4) · 5000 02-28 23:59:59 (U3)
 * course B: 20000 02-10 (U1, ★3) · 20000 01-20 (U2) · 20000 01-21 (U3, ★5)
 * boutique: 2 pcs 30000 02-05 paid · 15000 02-06 refunded · 16000 01-31 16:00 paid
 * videos (views/completions): V1 02-01 100/40, 02-28 50/20, 01-31 300/100 · V2 02-10 200/50,
 *        01-04 100/10 · V3 01-10 50/5 · V4 02-20 10/10
 * Kai: one fan 02-10, one course sale 99900 02-10 — never in Mei's figures.
 */
export async function createAnalyticsApp(): Promise<AnalyticsApp> {
  let frozen = false;
  const t = await createTestApp({ now: () => (frozen ? NOW : new Date()) });
  const db = t.db;
  const mei = await createDesigner(db, { account: 'mei', password: PASSWORD });
  const kai = await createDesigner(db, { account: 'kai', password: PASSWORD });
  await db
    .insert(fans)
    .values([
      fan(mei, 'f1', '2025-01-31 23:59:59', '2025-02-10 10:00:00'),
      fan(mei, 'f2', '2025-02-01 00:00:00', '2025-02-28 23:59:59'),
      fan(mei, 'f3', '2025-02-28 23:59:59', '2025-03-01 00:00:00'),
      fan(mei, 'f4', '2024-12-01 10:00:00', '2025-01-20 10:00:00'),
      fan(kai, 'k1', '2025-02-10 10:00:00', '2025-02-10 10:00:00'),
    ]);
  const left = (nickname: string, followed: string, unfollowed: string) => ({
    designerId: mei,
    nickname,
    source: 'course',
    followedAt: shanghai(followed),
    unfollowedAt: shanghai(unfollowed),
  });
  await db
    .insert(fanUnfollows)
    .values([
      left('u1', '2025-01-10 10:00:00', '2025-02-15 10:00:00'),
      left('u2', '2025-02-03 10:00:00', '2025-02-20 10:00:00'),
      left('u3', '2024-11-01 10:00:00', '2025-01-31 23:00:00'),
    ]);
  await recordLedgerEntries(db, meiLedger(mei));
  const course = (designerId: number, title: string) => ({
    designerId,
    title,
    category: 'qipao',
    price: 9900,
    originalPrice: 30000,
    status: 'on_sale' as const,
    createdAt: shanghai('2024-10-01 10:00:00'),
    updatedAt: shanghai('2024-10-01 10:00:00'),
  });
  const [a, b, k] = await db
    .insert(courses)
    .values([course(mei, '旗袍入门'), course(mei, '西装进阶'), course(kai, 'Kai 的课')])
    .returning({ id: courses.id });
  const users = await db
    .insert(platformUsers)
    .values(
      ['U1', 'U2', 'U3'].map((nickname) => ({
        nickname,
        phoneMasked: '138****0001',
        createdAt: shanghai('2024-01-01 00:00:00'),
      })),
    )
    .returning({ id: platformUsers.id });
  const [u1, u2, u3] = users.map((u) => u.id) as [number, number, number];
  const buy = (
    courseId: number,
    buyerId: number,
    pricePaid: number,
    at: string,
    rating: number | null = null,
  ) => ({
    courseId,
    buyerId,
    pricePaid,
    boughtAt: shanghai(at),
    rating,
  });
  await db
    .insert(coursePurchases)
    .values([
      buy(a!.id, u1, 9900, '2025-01-31 23:59:59', 5),
      buy(a!.id, u2, 9900, '2025-02-01 00:00:00', 4),
      buy(a!.id, u3, 5000, '2025-02-28 23:59:59'),
      buy(b!.id, u1, 20000, '2025-02-10 10:00:00', 3),
      buy(b!.id, u2, 20000, '2025-01-20 10:00:00'),
      buy(b!.id, u3, 20000, '2025-01-21 10:00:00', 5),
      buy(k!.id, u1, 99900, '2025-02-10 10:00:00'),
    ]);
  const [product] = await db
    .insert(products)
    .values({
      designerId: mei,
      title: '真丝旗袍',
      category: 'qipao',
      images: [],
      createdAt: shanghai('2024-10-01 10:00:00'),
      updatedAt: shanghai('2024-10-01 10:00:00'),
    })
    .returning({ id: products.id });
  const order = (quantity: number, total: number, at: string, state = 'paid') => ({
    designerId: mei,
    buyerName: '李女士',
    productId: product!.id,
    size: 'M',
    color: '黑色',
    sku: 'QP-M',
    quantity,
    unitPrice: total / quantity,
    total,
    state,
    createdAt: shanghai(at),
  });
  await db
    .insert(boutiqueOrders)
    .values([
      order(2, 30000, '2025-02-05 10:00:00'),
      order(1, 15000, '2025-02-06 10:00:00', 'refunded'),
      order(1, 16000, '2025-01-31 16:00:00'),
    ]);
  const video = (title: string, index: number) => ({
    designerId: mei,
    title,
    objectKey: `test/analytics-${index}.mp4`,
    fileName: `${title}.mp4`,
    fileSize: 1000,
    mimeType: 'video/mp4',
    status: 'published',
    createdAt: shanghai('2024-12-01 10:00:00'),
    updatedAt: shanghai('2024-12-01 10:00:00'),
  });
  const vids = (
    await db
      .insert(videos)
      .values([video('V1', 1), video('V2', 2), video('V3', 3), video('V4', 4)])
      .returning({ id: videos.id })
  ).map((v) => v.id) as [number, number, number, number];
  const play = (videoId: number, day: string, views: number, completions: number) => ({
    videoId,
    designerId: mei,
    day,
    views,
    likes: 0,
    comments: 0,
    completions,
  });
  await db
    .insert(videoDailyStats)
    .values([
      play(vids[0], '2025-02-01', 100, 40),
      play(vids[0], '2025-02-28', 50, 20),
      play(vids[0], '2025-01-31', 300, 100),
      play(vids[1], '2025-02-10', 200, 50),
      play(vids[1], '2025-01-04', 100, 10),
      play(vids[2], '2025-01-10', 50, 5),
      play(vids[3], '2025-02-20', 10, 10),
    ]);
  const meiToken = await loginAs(t.app, 'mei', PASSWORD);
  const kaiToken = await loginAs(t.app, 'kai', PASSWORD);
  frozen = true;
  return {
    ...t,
    ids: { mei, kai, courseA: a!.id, courseB: b!.id, users: [u1, u2, u3], videos: vids },
    mei: meiToken,
    kai: kaiToken,
    get: (path, token = meiToken) =>
      t.app.inject({ method: 'GET', url: `${ANALYTICS}${path}`, headers: authHeader(token) }),
  };
}
