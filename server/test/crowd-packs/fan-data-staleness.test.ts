import type { Impression, PackDetail, PackRow, RuleNode, WardrobeItem } from '@dc/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crowdPackSizes, crowdPacks } from '../../src/db/schema/index.ts';
import { recordOrder } from '../../src/modules/boutique/orders.ts';
import { recordCoursePurchase } from '../../src/modules/courses/purchases.ts';
import { createProduct, givePictures, productBody } from '../boutique/support.ts';
import { addTags } from '../fans/support.ts';
import {
  type AccountsApp,
  call,
  createAccountsApp,
  dataOf,
  type Session,
  someone,
} from '../support/calls.ts';
import {
  addCourses,
  addPlatformUser,
  and,
  cond,
  type FanFixture,
  insertFans,
  plainFan,
  settledPack,
} from './support.ts';

/**
 * Issue 17 item 6: a pack is stale once the fan data its rule reads changed — tags, impression
 * words, orders and course purchases, product categories, measurements, wardrobes — not only the
 * number of fans; opening it shows the new size. Scoped to the designer and to what the rule reads.
 */

let t: AccountsApp;
let me: Session;
let other: Session;
/** My fans: a (female, the first tag), b (female), c (male), d (female, a platform user); e is other's. */
const fan: Record<'a' | 'b' | 'c' | 'd' | 'e', FanFixture> = {} as never;
let tag: number[];
let otherTag: number;
let word: Impression;
let buyer: number;
let course: number;
let productId: number;
let variantId: number;
const packs: Record<string, PackRow> = {};

const fanOf = (gender: FanFixture['gender'], extra: Partial<FanFixture> = {}) => ({
  ...plainFan(gender, t.clock.now(), 40),
  ...extra,
});
const rule = (...children: RuleNode[]) => ({ kind: 'rule', rule: and(...children) });
async function create(who: Session, name: string, body: object): Promise<PackRow> {
  const res = await call(t, 'POST', '/crowd-packs', who, { name, refreshMode: 'manual', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<PackRow>(res);
}
const sizePoints = async (id: number) =>
  (await t.db.select().from(crowdPackSizes).where(eq(crowdPackSizes.packId, id))).length;
const detail = async (id: number, who = me) =>
  dataOf<PackDetail>(await call(t, 'GET', `/crowd-packs/${id}`, who));
const ok = async (promise: ReturnType<typeof call>) => {
  const res = await promise;
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

/** Opening the pack answers it stale and computing with its old size; it settles at `size`. */
async function expectRefreshed(name: string, from: number, to: number, who = me) {
  const id = packs[name]!.id;
  expect((await detail(id, who)).pack, name).toMatchObject({ stale: true, state: 'computing', size: from });
  expect((await settledPack(t, who, id)).pack, name).toMatchObject({
    stale: false,
    state: 'ready',
    size: to,
  });
}

/** Opening the packs finds them fresh, and computes nothing. */
async function expectFresh(names: string[], who = me) {
  for (const name of names) {
    const id = packs[name]!.id;
    const points = await sizePoints(id);
    expect((await detail(id, who)).pack, name).toMatchObject({ stale: false, state: 'ready' });
    expect(await sizePoints(id), name).toBe(points);
  }
}

/** Opens every pack of `who` (the list refreshes the stale ones) and waits for them to be computed. */
async function settleAll(who = me) {
  await ok(call(t, 'GET', '/crowd-packs?pageSize=20', who));
  for (const pack of Object.values(packs)) {
    if (pack.name !== 'theirs' || who === other) await settledPack(t, who, pack.id);
  }
}

beforeAll(async () => {
  t = await createAccountsApp();
  me = await someone(t, 'data-stale-owner');
  other = await someone(t, 'data-stale-other');
  await givePictures(t, me);
  tag = (await addTags(t, me.id, 4)).tagIds;
  otherTag = (await addTags(t, other.id, 1)).tagIds[0]!;
  buyer = await addPlatformUser(t, 'buyer', t.clock.now());
  course = (await addCourses(t, me.id, ['立裁入门'], t.clock.now()))[0]!;
  const product = await createProduct(t, me, productBody({ status: 'on_sale' }, me));
  productId = product.id;
  variantId = product.variants[0]!.id;
  word = dataOf<Impression>(await ok(call(t, 'POST', '/impressions', me, { word: '爱穿旗袍' })));
  fan.a = fanOf('female', { tagIds: [tag[0]!] });
  fan.b = fanOf('female');
  fan.c = fanOf('male');
  fan.d = fanOf('female', { platformUserId: buyer });
  await insertFans(t, me.id, [fan.a, fan.b, fan.c, fan.d]);
  fan.e = fanOf('female');
  await insertFans(t, other.id, [fan.e]);

  const days = { op: 'withinDays', days: 30 } as const;
  const definitions: Array<[string, object]> = [
    ['tagged', rule(cond({ field: 'tags', op: 'any', tagIds: [tag[0]!] }))],
    ['tagged2', rule(cond({ field: 'tags', op: 'any', tagIds: [tag[1]!] }))],
    ['female', rule(cond({ field: 'gender', op: 'in', values: ['female'] }))],
    ['bought', rule(cond({ field: 'purchase', ...days, productIds: [], categories: [] }))],
    ['suits', rule(cond({ field: 'purchase', ...days, productIds: [], categories: ['suit'] }))],
    ['spent', rule(cond({ field: 'totalSpent', op: 'between', min: 1, max: null }))],
    ['course', rule(cond({ field: 'coursePurchase', ...days, courseIds: [] }))],
    ['word', rule(cond({ field: 'impression', op: 'any', impressionIds: [word.id] }))],
    ['tall', rule(cond({ field: 'measurement', op: 'between', key: 'height', min: 160, max: 200 }))],
    ['qipao', rule(cond({ field: 'wardrobe', op: 'contains', category: 'qipao', size: null }))],
  ];
  for (const [name, body] of definitions) packs[name] = await create(me, name, body);
  packs.combined = await create(me, 'combined', {
    kind: 'combined',
    combination: { include: [[packs.tagged!.id]], exclude: [] },
  });
  packs.theirs = await create(other, 'theirs', rule(cond({ field: 'tags', op: 'any', tagIds: [otherTag] })));
});
afterAll(async () => {
  await t?.close();
});

describe('issue 17 item 6: a pack is stale once the fan data its rule reads changed', () => {
  it('§issue 17 item 6: tagging a fan makes a pack with a tag rule stale and opening it shows the new size', async () => {
    expect(packs.tagged).toMatchObject({ size: 1, stale: false });
    t.clock.advance(1_000);
    await ok(call(t, 'PUT', `/fans/${fan.b.id}/tags`, me, { tagIds: [tag[0]!] }));
    await expectRefreshed('tagged', 1, 2);
    await expectFresh(['tagged']);
  });

  it('§issue 17 item 6: a combined pack over a tag-rule pack is stale after a tagging and shows the new size', async () => {
    await settledPack(t, me, packs.combined!.id);
    expect((await detail(packs.combined!.id)).pack).toMatchObject({ stale: false, size: 2 });
    t.clock.advance(1_000);
    await ok(call(t, 'PUT', `/fans/${fan.c.id}/tags`, me, { tagIds: [tag[0]!] }));
    await expectRefreshed('combined', 2, 3);
    await expectFresh(['tagged', 'combined']);
    expect((await detail(packs.tagged!.id)).pack.size).toBe(3);
  });

  it("§issue 17 item 6: another designer's tagging makes their tag-rule pack stale and leaves mine fresh", async () => {
    await settleAll();
    t.clock.advance(1_000);
    await ok(call(t, 'PUT', `/fans/${fan.e.id}/tags`, other, { tagIds: [otherTag] }));
    await expectFresh(['tagged', 'tagged2', 'combined', 'female']);
    await expectRefreshed('theirs', 0, 1, other);
  });

  it("§issue 17 item 6: an edit that leaves the rules' data alone does not make packs stale", async () => {
    await settleAll();
    t.clock.advance(1_000);
    // A tagging: packs reading tags are stale (and keep their size), packs reading none are not.
    await ok(call(t, 'PUT', `/fans/${fan.c.id}/tags`, me, { tagIds: [tag[0]!, tag[2]!] }));
    await expectRefreshed('tagged', 3, 3);
    await expectFresh(['female', 'bought', 'spent', 'word', 'tall', 'qipao']);
    await settleAll();
    // Renaming a tag, setting the tags a fan carries, deleting a tag nobody carries, a new word.
    t.clock.advance(1_000);
    await ok(call(t, 'PUT', `/tags/${tag[2]!}`, me, { name: '改名' }));
    await ok(call(t, 'PUT', `/fans/${fan.c.id}/tags`, me, { tagIds: [tag[2]!, tag[0]!] }));
    await ok(call(t, 'DELETE', `/tags/${tag[3]!}`, me));
    await ok(call(t, 'POST', '/impressions', me, { word: '西装控' }));
    await expectFresh(['tagged', 'tagged2', 'combined', 'word']);
  });

  it("§issue 17 item 6: batch tagging and tagging a pack's members make a tag-rule pack stale", async () => {
    t.clock.advance(1_000);
    const batch = {
      selection: { kind: 'ids', fanIds: [fan.a.id, fan.b.id] },
      addTagIds: [tag[1]!],
      removeTagIds: [],
    };
    await ok(call(t, 'POST', '/fans/batch-tag', me, batch));
    await expectRefreshed('tagged2', 0, 2);
    t.clock.advance(1_000);
    // The female pack's members are a, b and d: d gets the tag.
    await ok(call(t, 'POST', `/crowd-packs/${packs.female!.id}/tag-members`, me, { addTagIds: [tag[1]!] }));
    await expectRefreshed('tagged2', 2, 3);
  });

  it('§issue 17 item 6: merging or deleting a tag fans carry makes the tag-rule packs stale', async () => {
    t.clock.advance(1_000);
    // a, b and c carry the first tag; c gets the second one.
    await ok(call(t, 'POST', `/tags/${tag[0]!}/merge`, me, { intoTagId: tag[1]! }));
    await expectRefreshed('tagged', 3, 0);
    await expectRefreshed('tagged2', 3, 4);
    t.clock.advance(1_000);
    await ok(call(t, 'DELETE', `/tags/${tag[1]!}`, me));
    await expectRefreshed('tagged2', 4, 0);
  });

  it('§issue 17 item 6: an order makes the purchase and spending packs stale and opening them shows the new sizes', async () => {
    t.clock.advance(1_000);
    await expectFresh(['bought', 'spent']);
    await recordOrder(t.db, {
      designerId: me.id,
      productId,
      variantId,
      quantity: 1,
      fanId: fan.b.id,
      at: t.clock.now(),
    });
    await expectRefreshed('bought', 0, 1);
    await expectRefreshed('spent', 0, 1);
    await expectRefreshed('suits', 0, 0);
    await expectFresh(['female', 'tall']);
  });

  it('§issue 17 item 6: a product moved to another category makes a bought-in-category pack stale', async () => {
    t.clock.advance(1_000);
    await ok(
      call(t, 'PUT', `/products/${productId}`, me, productBody({ status: 'on_sale', category: 'suit' }, me)),
    );
    await expectRefreshed('suits', 0, 1);
  });

  it('§issue 17 item 6: a course purchase makes a course-purchase pack stale', async () => {
    t.clock.advance(1_000);
    const bought = await recordCoursePurchase(t.db, {
      designerId: me.id,
      courseId: course,
      buyerId: buyer,
      at: t.clock.now(),
    });
    // The buyer was a fan already: the number of fans did not move.
    expect(bought).toMatchObject({ fanId: fan.d.id, newFan: false });
    await expectRefreshed('course', 0, 1);
    await expectRefreshed('spent', 1, 2);
  });

  it('§issue 17 item 6: giving a fan an impression word, taking it away or deleting the word makes an impression pack stale', async () => {
    t.clock.advance(1_000);
    await ok(call(t, 'POST', `/fans/${fan.a.id}/impressions`, me, { word: word.word }));
    await expectRefreshed('word', 0, 1);
    t.clock.advance(1_000);
    await ok(call(t, 'DELETE', `/fans/${fan.a.id}/impressions/${word.id}`, me));
    await expectRefreshed('word', 1, 0);
    t.clock.advance(1_000);
    await ok(call(t, 'POST', `/fans/${fan.b.id}/impressions`, me, { word: word.word }));
    await expectRefreshed('word', 0, 1);
    t.clock.advance(1_000);
    await ok(call(t, 'DELETE', `/impressions/${word.id}`, me));
    await expectRefreshed('word', 1, 0);
  });

  it('§issue 17 item 6: a measurement or a wardrobe item makes the packs reading them stale', async () => {
    t.clock.advance(1_000);
    const measured = {
      height: 170,
      weight: null,
      bust: null,
      waist: null,
      hip: null,
      shoulder: null,
      sleeve: null,
      inseam: null,
    };
    await ok(call(t, 'PUT', `/fans/${fan.a.id}/measurements`, me, measured));
    await expectRefreshed('tall', 0, 1);
    await expectFresh(['qipao']);
    t.clock.advance(1_000);
    const item = dataOf<WardrobeItem>(
      await ok(call(t, 'POST', `/fans/${fan.c.id}/wardrobe`, me, { category: 'qipao', size: 'M' })),
    );
    await expectRefreshed('qipao', 0, 1);
    await expectFresh(['tall']);
    t.clock.advance(1_000);
    await ok(call(t, 'DELETE', `/fans/${fan.c.id}/wardrobe/${item.id}`, me));
    await expectRefreshed('qipao', 1, 0);
  });

  it('§issue 17 item 6: a pack computed before fan data versions were kept is stale once if its rule reads fan data', async () => {
    t.clock.advance(1_000);
    await t.db
      .update(crowdPacks)
      .set({ dataVersions: {} })
      .where(inArray(crowdPacks.id, [packs.tall!.id, packs.female!.id]));
    await expectRefreshed('tall', 1, 1);
    await expectFresh(['tall', 'female']);
  });
});
