import type { Tag, TagClassification, TagOverview } from '@dc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fanTags } from '../../src/db/schema/index.ts';
import { addFan, addTags, tagFans } from '../fans/support.ts';
import {
  type AccountsApp,
  call,
  createAccountsApp,
  dataOf,
  expectConflict,
  expectInvalid,
  expectNotFound,
  type Session,
  someone,
} from '../support/calls.ts';

let t: AccountsApp;
let me: Session;
let other: Session;
beforeAll(async () => {
  t = await createAccountsApp();
  me = await someone(t, 'tagger');
  other = await someone(t, 'tagger-other');
});
afterAll(() => t?.close());

const overview = async (who: Session) => dataOf<TagOverview>(await call(t, 'GET', '/tags', who));
const newClassification = async (who: Session, name: string) =>
  dataOf<TagClassification>(await call(t, 'POST', '/tag-classifications', who, { name }));
const newTag = (who: Session, classificationId: number, name: string, color = '#52c41a') =>
  call(t, 'POST', '/tags', who, { classificationId, name, color });

describe('issue 7 item 4 标签列表: tags in classifications', () => {
  it('creates classifications and tags, answers them grouped with fan counts', async () => {
    const style = await newClassification(me, '风格偏好');
    const tag = dataOf<Tag>(await newTag(me, style.id, '新中式'));
    expect(tag).toMatchObject({ classificationId: style.id, name: '新中式', color: '#52C41A', fanCount: 0 });
    const fan = await addFan(t, me.id);
    await tagFans(t, [fan], [tag.id]);
    const view = await overview(me);
    expect(view.classifications.find((c) => c.id === style.id)).toMatchObject({
      name: '风格偏好',
      tagCount: 1,
    });
    expect(view.tags.find((x) => x.id === tag.id)?.fanCount).toBe(1);
    expect(view).toMatchObject({ tagLimit: 100, perFanLimit: 20 });
    expect((await overview(other)).tags).toEqual([]);
  });

  it('refuses a duplicate name in the same classification (any case) with 40900 on name; allows it elsewhere', async () => {
    const a = await newClassification(me, 'dup-a');
    const b = await newClassification(me, 'dup-b');
    dataOf<Tag>(await newTag(me, a.id, 'Linen'));
    expectConflict(await newTag(me, a.id, 'linen'), 'name');
    dataOf<Tag>(await newTag(me, b.id, 'linen'));
    expectConflict(await call(t, 'POST', '/tag-classifications', me, { name: 'DUP-A' }), 'name');
  });

  it('validates name (≤ 15), colour and classification, naming the field', async () => {
    const c = await newClassification(me, 'valid');
    expectInvalid(await newTag(me, c.id, '一二三四五六七八九十一二三四五六'), 'name');
    expectInvalid(await newTag(me, c.id, '   '), 'name');
    expectInvalid(await newTag(me, c.id, 'ok', 'red'), 'color');
    expectNotFound(await newTag(me, 999_999, 'ok'), 'classificationId');
    expectInvalid(await call(t, 'PUT', `/tags/1`, me, {}), 'body');
  });

  it('renames, recolours and moves a tag; a rename onto an existing name is 40900', async () => {
    const c = await newClassification(me, 'rename');
    const d = await newClassification(me, 'rename-2');
    const x = dataOf<Tag>(await newTag(me, c.id, 'old'));
    dataOf<Tag>(await newTag(me, c.id, 'taken'));
    const renamed = dataOf<Tag>(await call(t, 'PUT', `/tags/${x.id}`, me, { name: 'new', color: '#ff0000' }));
    expect(renamed).toMatchObject({ name: 'new', color: '#FF0000', classificationId: c.id });
    expectConflict(await call(t, 'PUT', `/tags/${x.id}`, me, { name: 'TAKEN' }), 'name');
    const moved = dataOf<Tag>(await call(t, 'PUT', `/tags/${x.id}`, me, { classificationId: d.id }));
    expect(moved.classificationId).toBe(d.id);
    expectNotFound(await call(t, 'PUT', `/tags/${x.id}`, other, { name: 'mine' }));
  });

  it('delete warns how many fans lose the tag, then removes it from all of them', async () => {
    const { tagIds } = await addTags(t, me.id, 1, 'delete-group');
    const fans = [await addFan(t, me.id), await addFan(t, me.id), await addFan(t, me.id)];
    await tagFans(t, fans, tagIds);
    expect(dataOf<{ fanCount: number }>(await call(t, 'GET', `/tags/${tagIds[0]}/usage`, me))).toEqual({
      fanCount: 3,
    });
    expectNotFound(await call(t, 'GET', `/tags/${tagIds[0]}/usage`, other));
    expectNotFound(await call(t, 'DELETE', `/tags/${tagIds[0]}`, other));
    expect(dataOf(await call(t, 'DELETE', `/tags/${tagIds[0]}`, me))).toEqual({ removedFromFans: 3 });
    expect(await t.db.$count(fanTags, eq(fanTags.tagId, tagIds[0]!))).toBe(0);
    expectNotFound(await call(t, 'DELETE', `/tags/${tagIds[0]}`, me));
  });

  it('merges one tag into another: fans of both keep one link, the source is gone', async () => {
    const { tagIds } = await addTags(t, me.id, 2, 'merge-group');
    const [from, into] = tagIds as [number, number];
    const a = await addFan(t, me.id);
    const b = await addFan(t, me.id);
    const c = await addFan(t, me.id);
    await tagFans(t, [a, b], [from]);
    await tagFans(t, [b, c], [into]);
    const answer = dataOf<{ tag: Tag; movedFans: number }>(
      await call(t, 'POST', `/tags/${from}/merge`, me, { intoTagId: into }),
    );
    expect(answer.movedFans).toBe(1);
    expect(answer.tag.fanCount).toBe(3);
    expect(await t.db.$count(fanTags, eq(fanTags.tagId, from))).toBe(0);
    expectInvalid(await call(t, 'POST', `/tags/${into}/merge`, me, { intoTagId: into }), 'intoTagId');
    const theirs = await addTags(t, other.id, 1, 'theirs');
    expectNotFound(
      await call(t, 'POST', `/tags/${into}/merge`, me, { intoTagId: theirs.tagIds[0] }),
      'intoTagId',
    );
  });

  it('at most 100 tags per designer, also when two creations race for the last place', async () => {
    const limited = await someone(t, 'tag-limit');
    const { classificationId } = await addTags(t, limited.id, 99, 'full');
    const [first, second] = await Promise.all([
      newTag(limited, classificationId, 'last-a'),
      newTag(limited, classificationId, 'last-b'),
    ]);
    const codes = [first.json().code, second.json().code].sort();
    expect(codes).toEqual([200, 40900]);
    expectConflict(await newTag(limited, classificationId, 'one-more'), 'name');
    expect((await overview(limited)).tags).toHaveLength(100);
  });

  it('a classification is renamed freely and deleted only when empty', async () => {
    const c = await newClassification(me, 'to-delete');
    const renamed = dataOf<TagClassification>(
      await call(t, 'PUT', `/tag-classifications/${c.id}`, me, { name: '改名' }),
    );
    expect(renamed.name).toBe('改名');
    const x = dataOf<Tag>(await newTag(me, c.id, 'inside'));
    expectConflict(await call(t, 'DELETE', `/tag-classifications/${c.id}`, me), 'id');
    dataOf(await call(t, 'DELETE', `/tags/${x.id}`, me));
    expectNotFound(await call(t, 'DELETE', `/tag-classifications/${c.id}`, other));
    dataOf(await call(t, 'DELETE', `/tag-classifications/${c.id}`, me));
  });
});
