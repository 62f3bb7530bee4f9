import { ErrorCode, type ProductDetail } from '@dc/contract';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect } from 'vitest';
import { fanUnfollows, videoDailyStats, videos } from '../../src/db/schema/index.ts';
import { ApiError } from '../../src/http/api-error.ts';
import { recordOrder } from '../../src/modules/boutique/orders.ts';
import { recordCoursePurchase } from '../../src/modules/courses/purchases.ts';
import { recordLedgerEntry } from '../../src/modules/vault/ledger.ts';
import { transitionWithdrawal } from '../../src/modules/vault/withdrawals.ts';
import { createProduct, givePictures, productBody } from '../boutique/support.ts';
import { addCourses, addPlatformUser } from '../crowd-packs/support.ts';
import { addFan, addTags } from '../fans/support.ts';
import { type AccountsApp, call, dataOf, type Session, someone } from '../support/calls.ts';
import { businessDay } from './support.ts';

/**
 * A random history of one designer's business, written by the services and API calls that take
 * it in production (orders, course purchases, tagging, stock edits, rewards, withdrawals), plus
 * the platform's own rows the console only reads (follows and unfollows, video plays). The
 * invariant files check their figures after any such history.
 */

const DAY = 86_400_000;
export const FANS = 5;
export const TAGS = 3;
const PRODUCTS = 2;
const COURSES = 2;
const USERS = 3;
const VIDEOS = 2;

export type Step =
  | {
      kind: 'order';
      fan: number | null;
      product: number;
      variant: number;
      quantity: number;
      refunded: boolean;
    }
  | { kind: 'purchase'; user: number; course: number; price: number | null; elsewhere: boolean }
  | { kind: 'tag'; fans: number[]; add: number[]; remove: number[] }
  | { kind: 'restock'; product: number; variant: number; stock: number }
  | { kind: 'unfollow'; followedDaysAgo: number; stayedDays: number }
  | { kind: 'plays'; video: number; views: number; likes: number; completions: number }
  | { kind: 'reward'; amount: number }
  | { kind: 'withdraw'; amount: number; fail: boolean }
  | { kind: 'wait'; days: number };

const fanIndex = fc.nat(FANS - 1);
const tagIndexes = fc.uniqueArray(fc.nat(TAGS - 1), { maxLength: 2 });

export const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      fan: fc.option(fanIndex, { nil: null }),
      product: fc.nat(PRODUCTS - 1),
      variant: fc.nat(1),
      quantity: fc.integer({ min: 1, max: 3 }),
      refunded: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('purchase' as const),
      user: fc.nat(USERS - 1),
      course: fc.nat(COURSES - 1),
      price: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
      elsewhere: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('tag' as const),
      fans: fc.uniqueArray(fanIndex, { minLength: 1, maxLength: FANS }),
      add: tagIndexes,
      remove: tagIndexes,
    }),
  },
  fc.record({
    kind: fc.constant('restock' as const),
    product: fc.nat(PRODUCTS - 1),
    variant: fc.nat(1),
    stock: fc.integer({ min: 0, max: 12 }),
  }),
  fc.record({
    kind: fc.constant('unfollow' as const),
    followedDaysAgo: fc.integer({ min: 0, max: 90 }),
    stayedDays: fc.integer({ min: 0, max: 90 }),
  }),
  fc.record({
    kind: fc.constant('plays' as const),
    video: fc.nat(VIDEOS - 1),
    views: fc.integer({ min: 0, max: 500 }),
    likes: fc.integer({ min: 0, max: 50 }),
    completions: fc.integer({ min: 0, max: 500 }),
  }),
  fc.record({ kind: fc.constant('reward' as const), amount: fc.integer({ min: 1, max: 20_000 }) }),
  fc.record({
    kind: fc.constant('withdraw' as const),
    amount: fc.integer({ min: 100, max: 30_000 }),
    fail: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 9 }) }),
);

export const historyArbitrary = fc.array(stepArbitrary, { minLength: 1, maxLength: 16 });

export interface Business {
  me: Session;
  fanIds: number[];
  tagIds: number[];
  products: ProductDetail[];
  courseIds: number[];
  videoIds: number[];
}

/** A refused step (sold out, bought already, more than the balance) writes nothing. */
const refused = (error: unknown) => {
  if (error instanceof ApiError && (error.code === ErrorCode.conflict || error.code === ErrorCode.validation))
    return;
  throw error;
};

let run = 0;

/**
 * A new designer (and `other`, whose courses a buyer may buy instead) with fans, tags, products,
 * courses and videos, then `steps` written in order, each a little later on the app's clock.
 * Answers the designer's business; the clock ends where the history ended.
 */
export async function writeHistory(t: AccountsApp, other: Session, steps: Step[]): Promise<Business> {
  run++;
  const start = t.clock.now();
  const me = await someone(t, `inv-${run}-${start.getTime()}`);
  await givePictures(t, me);
  const fanIds: number[] = [];
  for (let i = 0; i < FANS; i++) {
    fanIds.push(
      await addFan(t, me.id, {
        nickname: `fan-${i}`,
        followedDaysAgo: 5 + i * 17,
        activeDaysAgo: 1 + i * 9,
        gender: i % 2 === 0 ? 'female' : 'male',
      }),
    );
  }
  const tagIds = (await addTags(t, me.id, TAGS)).tagIds;
  const products: ProductDetail[] = [];
  for (let i = 0; i < PRODUCTS; i++)
    products.push(await createProduct(t, me, productBody({ status: 'on_sale' }, me)));
  const mine = await addCourses(t, me.id, ['立裁', '版型'], start);
  const theirs = await addCourses(t, other.id, [`别人的课 ${run}-1`, `别人的课 ${run}-2`], start);
  const users: number[] = [];
  for (let i = 0; i < USERS; i++) users.push(await addPlatformUser(t, `用户${run}-${i}`, start));
  const videoRows = await t.db
    .insert(videos)
    .values(
      Array.from({ length: VIDEOS }, (_, i) => ({
        designerId: me.id,
        title: `视频 ${i + 1}`,
        objectKey: `videos/${me.id}/${i}.mp4`,
        fileName: `${i}.mp4`,
        fileSize: 1_000,
        mimeType: 'video/mp4',
        status: 'published' as const,
        publishedAt: start,
        createdAt: start,
        updatedAt: start,
      })),
    )
    .returning({ id: videos.id });
  const videoIds = videoRows.map((row) => row.id);
  for (const step of steps) {
    t.clock.advance(37 * 60_000);
    await writeStep(t, { me, other, fanIds, tagIds, products, mine, theirs, users, videoIds }, step);
  }
  return { me, fanIds, tagIds, products, courseIds: mine, videoIds };
}

interface Cast {
  me: Session;
  other: Session;
  fanIds: number[];
  tagIds: number[];
  products: ProductDetail[];
  mine: number[];
  theirs: number[];
  users: number[];
  videoIds: number[];
}

async function writeStep(t: AccountsApp, c: Cast, step: Step): Promise<void> {
  const now = t.clock.now();
  switch (step.kind) {
    case 'order': {
      const product = c.products[step.product]!;
      await recordOrder(t.db, {
        designerId: c.me.id,
        productId: product.id,
        variantId: product.variants[step.variant]!.id,
        quantity: step.quantity,
        fanId: step.fan === null ? null : c.fanIds[step.fan]!,
        buyerName: step.fan === null ? '路人' : undefined,
        state: step.refunded ? 'refunded' : 'paid',
        at: now,
      }).catch(refused);
      return;
    }
    case 'purchase':
      await recordCoursePurchase(t.db, {
        designerId: step.elsewhere ? c.other.id : c.me.id,
        courseId: (step.elsewhere ? c.theirs : c.mine)[step.course]!,
        buyerId: c.users[step.user]!,
        pricePaid: step.price ?? undefined,
        at: now,
      }).catch(refused);
      return;
    case 'tag': {
      const remove = step.remove.filter((i) => !step.add.includes(i));
      if (step.add.length === 0 && remove.length === 0) return;
      const res = await call(t, 'POST', '/fans/batch-tag', c.me, {
        selection: { kind: 'ids', fanIds: step.fans.map((i) => c.fanIds[i]!) },
        addTagIds: step.add.map((i) => c.tagIds[i]!),
        removeTagIds: remove.map((i) => c.tagIds[i]!),
      });
      expect(res.statusCode, res.body).toBe(200);
      return;
    }
    case 'restock': {
      // As the editor saves it: the product read back, one variant's stock changed.
      const product = c.products[step.product]!;
      const detail = dataOf<ProductDetail>(await call(t, 'GET', `/products/${product.id}`, c.me));
      const res = await call(t, 'PUT', `/products/${product.id}`, c.me, {
        title: detail.title,
        brandId: detail.brandId,
        category: detail.category,
        images: detail.images,
        videoId: detail.videoId,
        description: detail.description,
        variants: detail.variants.map((v, i) => ({
          id: v.id,
          size: v.size,
          color: v.color,
          sku: v.sku,
          price: v.price,
          originalPrice: v.originalPrice,
          stock: i === step.variant ? step.stock : v.stock,
        })),
      });
      expect(res.statusCode, res.body).toBe(200);
      return;
    }
    case 'unfollow': {
      // The platform moves a fan who leaves out of `fans` into `fan_unfollows`.
      const followedAt = new Date(now.getTime() - step.followedDaysAgo * DAY);
      const unfollowedAt = new Date(Math.min(now.getTime(), followedAt.getTime() + step.stayedDays * DAY));
      await t.db.insert(fanUnfollows).values({
        designerId: c.me.id,
        nickname: '走了的粉丝',
        source: 'video',
        followedAt,
        unfollowedAt,
      });
      return;
    }
    case 'plays': {
      // The platform's feed of plays: the day's row of the video, and the video's own counters.
      const views = step.views;
      const completions = Math.min(step.completions, views);
      await t.db
        .insert(videoDailyStats)
        .values({
          videoId: c.videoIds[step.video]!,
          designerId: c.me.id,
          day: businessDay(now),
          views,
          likes: step.likes,
          comments: 0,
          completions,
        })
        .onConflictDoUpdate({
          target: [videoDailyStats.videoId, videoDailyStats.day],
          set: {
            views: sql`${videoDailyStats.views} + ${views}`,
            likes: sql`${videoDailyStats.likes} + ${step.likes}`,
            completions: sql`${videoDailyStats.completions} + ${completions}`,
          },
        });
      await t.db
        .update(videos)
        .set({ views: sql`${videos.views} + ${views}`, likes: sql`${videos.likes} + ${step.likes}` })
        .where(eq(videos.id, c.videoIds[step.video]!));
      return;
    }
    case 'reward':
      await t.db.transaction((tx) =>
        recordLedgerEntry(tx, {
          designerId: c.me.id,
          kind: 'video_reward',
          amount: step.amount,
          title: '视频播放奖励',
          sourceType: 'video',
          sourceId: c.videoIds[0]!,
          sourceTitle: '视频 1',
          createdAt: now,
        }),
      );
      return;
    case 'withdraw': {
      const res = await call(t, 'POST', '/vault/withdrawals', c.me, {
        amount: step.amount,
        bankAccount: { bankName: '招商银行', accountName: '林', accountNumber: '6225880112345678' },
      });
      if (res.statusCode !== 200) return; // more than the available balance: refused, nothing written
      if (step.fail) {
        const { id } = dataOf<{ id: number }>(res);
        t.clock.advance(60_000);
        await transitionWithdrawal(t.db, id, 'fail', t.clock.now(), '账户有误');
      }
      return;
    }
    case 'wait':
      t.clock.advance(step.days * DAY);
      return;
  }
}
