import type { FanDetail, FanOrderPage, FanRow, ListPage } from '@dc/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseChapters,
  courseLessons,
  courses,
  fans,
  ledgerEntries,
  lessonCompletions,
} from '../../src/db/schema/index.ts';
import { recordOrder } from '../../src/modules/boutique/orders.ts';
import { recordCoursePurchase } from '../../src/modules/courses/purchases.ts';
import { createProduct, givePictures, productBody } from '../boutique/support.ts';
import { addPlatformUser } from '../crowd-packs/support.ts';
import {
  type AccountsApp,
  call,
  createAccountsApp,
  dataOf,
  expectInvalid,
  expectNotFound,
  type Session,
  someone,
} from '../support/calls.ts';
import { addFan } from './support.ts';

/**
 * Issue 7 (fan detail "traded goods") and the link between fans and course buyers: a course
 * purchase makes the buyer the designer's fan (or moves an existing fan's totals) in the same
 * transaction, and `GET /fans/:id/orders` lists the fan's boutique orders and course purchases.
 */
let t: AccountsApp;
let me: Session;
let other: Session;
const HOUR = 3_600_000;
let base: Date;
const at = (hours: number) => new Date(base.getTime() + hours * HOUR);

/** An on-sale course of `designerId` with `lessons` text lessons; answers its id and lesson ids. */
async function addCourse(designerId: number, title: string, price: number, lessons = 4, status = 'on_sale') {
  const now = t.clock.now();
  const [course] = await t.db
    .insert(courses)
    .values({
      designerId,
      title,
      coverUrl: `https://cdn.example.com/${encodeURIComponent(title)}.jpg`,
      category: 'tailoring',
      price,
      originalPrice: price,
      status: status as 'on_sale',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: courses.id });
  const [chapter] = await t.db
    .insert(courseChapters)
    .values({ courseId: course!.id, title: '第一章', position: 0 })
    .returning({ id: courseChapters.id });
  const lessonIds: number[] = [];
  for (let i = 0; i < lessons; i++) {
    const [lesson] = await t.db
      .insert(courseLessons)
      .values({
        courseId: course!.id,
        chapterId: chapter!.id,
        title: `第${i + 1}节`,
        position: i,
        kind: 'text',
        textBody: '要点',
      })
      .returning({ id: courseLessons.id });
    lessonIds.push(lesson!.id);
  }
  return { id: course!.id, lessonIds };
}

const fanRow = async (id: number) => (await t.db.select().from(fans).where(eq(fans.id, id)))[0]!;
const ordersOf = async (fanId: number, query = '', who = me) =>
  dataOf<FanOrderPage>(await call(t, 'GET', `/fans/${fanId}/orders${query}`, who));

let qipao: { id: number; lessonIds: number[] };
let suit: { id: number; lessonIds: number[] };
let theirCourse: { id: number; lessonIds: number[] };
let buyer: number;
let buyerFan: number;
/** The buyer fan's total spent after their purchases and order (fen). */
let buyerSpent: number;

beforeAll(async () => {
  t = await createAccountsApp();
  base = new Date(t.clock.now().getTime() - 30 * 24 * HOUR);
  me = await someone(t, 'traded-owner');
  other = await someone(t, 'traded-other');
  await givePictures(t, me);
  qipao = await addCourse(me.id, '旗袍立裁入门', 19_900);
  suit = await addCourse(me.id, '西装版型精讲', 29_900, 5);
  theirCourse = await addCourse(other.id, '别人的课', 9_900);
  buyer = await addPlatformUser(t, '林小雅', base);
});
afterAll(() => t?.close());

describe('a course purchase makes the buyer a fan (issue 8 item 1 needs fans linked to buyers)', () => {
  it('a first purchase adds a fan (source course, linked) with the price as totals, timeline and ledger', async () => {
    const before = await t.db.$count(fans, eq(fans.designerId, me.id));
    const answer = await recordCoursePurchase(t.db, {
      designerId: me.id,
      courseId: qipao.id,
      buyerId: buyer,
      pricePaid: 15_900,
      at: at(0),
    });
    expect(answer.newFan).toBe(true);
    buyerFan = answer.fanId;
    expect(await t.db.$count(fans, eq(fans.designerId, me.id))).toBe(before + 1);
    expect(await fanRow(buyerFan)).toMatchObject({
      designerId: me.id,
      nickname: '林小雅',
      source: 'course',
      platformUserId: buyer,
      totalSpent: 15_900,
      orderCount: 1,
      followedAt: at(0),
      lastActiveAt: at(0),
    });
    const detail = dataOf<FanDetail>(await call(t, 'GET', `/fans/${buyerFan}`, me));
    expect(detail.interactions.map((i) => [i.kind, i.text])).toEqual(
      expect.arrayContaining([
        ['follow', '购买课程后关注'],
        ['course', '购买课程《旗袍立裁入门》'],
      ]),
    );
    const [entry] = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.designerId, me.id), eq(ledgerEntries.sourceId, qipao.id)));
    expect(entry).toMatchObject({ kind: 'course_sale', amount: 15_900, fee: 1_590, buyer: '林小雅' });
  });

  it('a second purchase (default price) and a boutique order move the same fan’s totals coherently', async () => {
    const answer = await recordCoursePurchase(t.db, {
      designerId: me.id,
      courseId: suit.id,
      buyerId: buyer,
      at: at(48),
    });
    expect(answer).toMatchObject({ fanId: buyerFan, newFan: false });
    const product = await createProduct(t, me, productBody({ status: 'on_sale' }));
    const variant = product.variants[0]!;
    await recordOrder(t.db, {
      designerId: me.id,
      productId: product.id,
      variantId: variant.id,
      quantity: 2,
      fanId: buyerFan,
      at: at(24),
    });
    const fan = await fanRow(buyerFan);
    buyerSpent = 15_900 + 29_900 + 2 * variant.price;
    expect(fan.totalSpent).toBe(buyerSpent);
    expect(fan.orderCount).toBe(3);
    expect(fan.lastActiveAt).toEqual(at(48));
    expect(fan.followedAt).toEqual(at(0));
  });

  it('refusals leave nothing behind: bought already, not on sale (40900), another designer’s course (40400)', async () => {
    const fansBefore = await t.db.$count(fans);
    const ledgerBefore = await t.db.$count(ledgerEntries);
    await expect(
      recordCoursePurchase(t.db, { designerId: me.id, courseId: qipao.id, buyerId: buyer, at: at(50) }),
    ).rejects.toMatchObject({ code: 40900 });
    const draft = await addCourse(me.id, '草稿课', 100, 1, 'draft');
    const stranger = await addPlatformUser(t, '路人', base);
    await expect(
      recordCoursePurchase(t.db, { designerId: me.id, courseId: draft.id, buyerId: stranger, at: at(50) }),
    ).rejects.toMatchObject({ code: 40900 });
    await expect(
      recordCoursePurchase(t.db, {
        designerId: me.id,
        courseId: theirCourse.id,
        buyerId: stranger,
        at: at(50),
      }),
    ).rejects.toMatchObject({ code: 40400 });
    await expect(
      recordCoursePurchase(t.db, {
        designerId: me.id,
        courseId: suit.id,
        buyerId: stranger,
        pricePaid: -1,
        at: at(50),
      }),
    ).rejects.toMatchObject({ code: 40000 });
    expect(await t.db.$count(fans)).toBe(fansBefore);
    expect(await t.db.$count(ledgerEntries)).toBe(ledgerBefore);
  });

  it('the same user buying from another designer becomes that designer’s fan, separately', async () => {
    const answer = await recordCoursePurchase(t.db, {
      designerId: other.id,
      courseId: theirCourse.id,
      buyerId: buyer,
      at: at(72),
    });
    expect(answer.newFan).toBe(true);
    expect(answer.fanId).not.toBe(buyerFan);
    expect((await fanRow(buyerFan)).totalSpent).toBe(buyerSpent);
    expect((await fanRow(answer.fanId)).totalSpent).toBe(9_900);
    const theirs = await ordersOf(answer.fanId, '', other);
    expect(theirs.counts).toEqual({ product: 0, course: 1 });
    expect(theirs.dataList.map((row) => row.title)).toEqual(['别人的课']);
  });
});

describe('issue 7: GET /fans/:id/orders lists the fan’s traded goods', () => {
  it('boutique orders and course purchases, newest first, with what each line needs', async () => {
    const page = await ordersOf(buyerFan);
    expect(page.counts).toEqual({ product: 1, course: 2 });
    expect(page.totalNumber).toBe(3);
    expect(page.totalPages).toBe(1);
    expect(page.dataList.map((row) => [row.kind, row.title])).toEqual([
      ['course', '西装版型精讲'],
      ['product', productBody().title],
      ['course', '旗袍立裁入门'],
    ]);
    const [course, product, first] = page.dataList;
    expect(course).toMatchObject({
      kind: 'course',
      courseId: suit.id,
      pricePaid: 29_900,
      lessonsCompleted: 0,
      lessonCount: 5,
    });
    expect(first).toMatchObject({ kind: 'course', pricePaid: 15_900, lessonCount: 4 });
    expect(product).toMatchObject({ kind: 'product', quantity: 2, state: 'paid' });
    if (product?.kind !== 'product') throw new Error('a product line');
    expect(product.coverUrl).toBe(productBody().images[0]);
    expect(product.size).not.toBe('');
    expect(product.total).toBeGreaterThan(0);
  });

  it('progress counts the completed lessons of the purchase', async () => {
    const page = await ordersOf(buyerFan, '?kind=course');
    const purchaseId = page.dataList.find((row) => row.title === '旗袍立裁入门')!.id;
    await t.db
      .insert(lessonCompletions)
      .values(qipao.lessonIds.slice(0, 3).map((lessonId) => ({ purchaseId, lessonId, completedAt: at(5) })));
    const again = await ordersOf(buyerFan, '?kind=course');
    expect(again.dataList.find((row) => row.id === purchaseId)).toMatchObject({
      lessonsCompleted: 3,
      lessonCount: 4,
    });
  });

  it('the kind filter, paging and oldest-first order', async () => {
    const courses = await ordersOf(buyerFan, '?kind=course');
    expect(courses.totalNumber).toBe(2);
    expect(courses.dataList.every((row) => row.kind === 'course')).toBe(true);
    const products = await ordersOf(buyerFan, '?kind=product');
    expect(products.totalNumber).toBe(1);
    expect(products.dataList.map((row) => row.kind)).toEqual(['product']);
    const second = await ordersOf(buyerFan, '?pageSize=2&page=2');
    expect(second).toMatchObject({ totalNumber: 3, totalPages: 2 });
    expect(second.dataList.map((row) => row.title)).toEqual(['旗袍立裁入门']);
    const oldest = await ordersOf(buyerFan, '?order=asc&pageSize=1');
    expect(oldest.dataList.map((row) => row.title)).toEqual(['旗袍立裁入门']);
    const beyond = await ordersOf(buyerFan, '?page=9');
    expect(beyond).toMatchObject({ dataList: [], totalNumber: 3 });
  });

  it('a fan who is no platform user has only boutique orders; none at all is an empty page', async () => {
    const plain = await addFan(t, me.id, { nickname: '无订单' });
    expect(await ordersOf(plain)).toEqual({
      dataList: [],
      totalNumber: 0,
      totalPages: 0,
      counts: { product: 0, course: 0 },
    });
  });

  it('the fan list shows the linked fan with its totals', async () => {
    const list = dataOf<ListPage<FanRow>>(await call(t, 'GET', '/fans?keyword=林小雅', me));
    expect(list.dataList.map((row) => [row.id, row.source, row.orderCount])).toEqual([
      [buyerFan, 'course', 3],
    ]);
  });

  it('another designer’s fan is 40400; a bad kind or page is 40000 naming it', async () => {
    expectNotFound(await call(t, 'GET', `/fans/${buyerFan}/orders`, other));
    expectNotFound(await call(t, 'GET', '/fans/999999/orders', me));
    expectInvalid(await call(t, 'GET', `/fans/${buyerFan}/orders?kind=video`, me), 'kind');
    expectInvalid(await call(t, 'GET', `/fans/${buyerFan}/orders?pageSize=1000`, me), 'pageSize');
    expectInvalid(await call(t, 'GET', `/fans/${buyerFan}/orders?colour=red`, me), 'colour');
  });
});
