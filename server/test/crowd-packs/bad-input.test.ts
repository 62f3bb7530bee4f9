import type { PackRow } from '@dc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTags } from '../fans/support.ts';
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
import { addCourses, and, cond } from './support.ts';

let t: AccountsApp;
let me: Session;
let other: Session;
let theirTag: number;
let theirImpression: number;
let theirCourse: number;
let theirPack: number;
let myRule: number;
let myCombined: number;

const female = cond({ field: 'gender', op: 'in', values: ['female'] });
const body = (rule: unknown, name = 'pack') => ({ kind: 'rule', name, refreshMode: 'manual', rule });
const combined = (combination: unknown, name = 'combo') => ({
  kind: 'combined',
  name,
  refreshMode: 'manual',
  combination,
});
const nest = (depth: number): unknown =>
  depth === 0 ? female : { type: 'group', op: 'and', children: [nest(depth - 1)] };

beforeAll(async () => {
  t = await createAccountsApp();
  me = await someone(t, 'bad-pack-owner');
  other = await someone(t, 'bad-pack-other');
  theirTag = (await addTags(t, other.id, 1)).tagIds[0]!;
  theirImpression = dataOf<{ id: number }>(
    await call(t, 'POST', '/impressions', other, { word: '他人印象' }),
  ).id;
  [theirCourse] = (await addCourses(t, other.id, ['他人课程'], new Date())) as [number];
  theirPack = dataOf<PackRow>(await call(t, 'POST', '/crowd-packs', other, body(and(female), 'theirs'))).id;
  myRule = dataOf<PackRow>(await call(t, 'POST', '/crowd-packs', me, body(and(female), 'mine'))).id;
  myCombined = dataOf<PackRow>(
    await call(t, 'POST', '/crowd-packs', me, combined({ include: [[myRule]], exclude: [] }, 'my combo')),
  ).id;
});

afterAll(async () => {
  await t?.close();
});

describe('issue 8 bad input: 40000 naming the path', () => {
  const cases: Array<[string, () => unknown, string]> = [
    ['an empty rule', () => body({ type: 'group', op: 'and', children: [] }), 'rule.children'],
    [
      'a value of the wrong type',
      () => body(and(cond({ field: 'totalSpent', op: 'between', min: '100', max: null } as never))),
      'rule.children.0.min',
    ],
    [
      'a range with min over max',
      () => body(and(cond({ field: 'age', op: 'between', min: 40, max: 30 }))),
      'rule.children.0.max',
    ],
    [
      'an unknown field',
      () => body(and(and(cond({ field: 'zodiac', op: 'in', values: ['leo'] } as never)))),
      'rule.children.0.children.0.field',
    ],
    [
      'an unknown operator',
      () => body(and(cond({ field: 'tags', op: 'some', tagIds: [1] } as never))),
      'rule.children.0.op',
    ],
    ['an unknown group operator', () => body({ type: 'group', op: 'xor', children: [female] }), 'rule.op'],
    ['a 33-character name', () => body(and(female), 'x'.repeat(33)), 'name'],
    [
      'another designer’s tag',
      () => body(and(cond({ field: 'tags', op: 'any', tagIds: [theirTag] }))),
      'rule.children.0.tagIds',
    ],
    [
      'another designer’s impression',
      () => body(and(cond({ field: 'impression', op: 'any', impressionIds: [theirImpression] }))),
      'rule.children.0.impressionIds',
    ],
    [
      'another designer’s course (nested)',
      () =>
        body(
          and(
            female,
            and(cond({ field: 'coursePurchase', op: 'withinDays', days: 30, courseIds: [theirCourse] })),
          ),
        ),
      'rule.children.1.children.0.courseIds',
    ],
    [
      'a course condition within 0 days',
      () => body(and(cond({ field: 'coursePurchase', op: 'withinDays', days: 0, courseIds: [] }))),
      'rule.children.0.days',
    ],
    [
      'a course condition without its course list',
      () => body(and(cond({ field: 'coursePurchase', op: 'withinDays', days: 7 } as never))),
      'rule.children.0.courseIds',
    ],
    [
      'an impression condition with the operator all (only any / none)',
      () => body(and(cond({ field: 'impression', op: 'all', impressionIds: [1] } as never))),
      'rule.children.0.op',
    ],
    [
      'a rule 10 levels deep',
      () => body(nest(10)),
      'rule.children.0.children.0.children.0.children.0.children.0.children.0.children.0.children.0',
    ],
    [
      'a rule with 500 conditions',
      () => body({ type: 'group', op: 'or', children: Array.from({ length: 500 }, () => female) }),
      'rule',
    ],
    [
      'a combined pack with another designer’s pack',
      () => combined({ include: [[theirPack]], exclude: [] }),
      'combination.include.0.0',
    ],
    [
      'a combined pack with a missing pack',
      () => combined({ include: [[myRule]], exclude: [999_999] }),
      'combination.exclude.0',
    ],
    [
      'a combined pack nesting a combined pack',
      () => combined({ include: [[myRule, myCombined]], exclude: [] }),
      'combination.include.0.1',
    ],
    [
      'a combined pack with an empty group',
      () => combined({ include: [[]], exclude: [] }),
      'combination.include.0',
    ],
    [
      'a pack both included and excluded',
      () => combined({ include: [[myRule]], exclude: [myRule] }),
      'combination.exclude.0',
    ],
    [
      'more than 50 source packs',
      () => combined({ include: [Array.from({ length: 51 }, (_, i) => i + 1)], exclude: [] }),
      'combination.include.0',
    ],
  ];
  it.each(cases)('§issue 8: %s', async (_name, payload, path) => {
    expectInvalid(await call(t, 'POST', '/crowd-packs', me, payload()), path);
  });

  it('§issue 8: the live count refuses the same input with the same paths', async () => {
    const res = await call(t, 'POST', '/crowd-packs/count', me, {
      kind: 'rule',
      rule: and(cond({ field: 'age', op: 'between', min: 40, max: 30 })),
    });
    expectInvalid(res, 'rule.children.0.max');
  });

  it('§issue 8: a deleted source pack is named', async () => {
    const gone = dataOf<PackRow>(
      await call(t, 'POST', '/crowd-packs', me, body(and(female), 'soon gone')),
    ).id;
    dataOf(await call(t, 'DELETE', `/crowd-packs/${gone}`, me));
    expectInvalid(
      await call(
        t,
        'PUT',
        `/crowd-packs/${myCombined}`,
        me,
        combined({ include: [[myRule], [gone]], exclude: [] }, 'my combo'),
      ),
      'combination.include.1.0',
    );
  });

  it('§issue 8: a duplicate name is 40900 on name; a pack keeps its kind', async () => {
    const res = await call(t, 'POST', '/crowd-packs', me, body(and(female), 'MINE'));
    expect(res.json()).toMatchObject({ code: 40900, data: { errors: [{ path: 'name' }] } });
    expectInvalid(
      await call(
        t,
        'PUT',
        `/crowd-packs/${myRule}`,
        me,
        combined({ include: [[myRule]], exclude: [] }, 'mine'),
      ),
      'kind',
    );
    expectNotFound(await call(t, 'PUT', `/crowd-packs/${theirPack}`, me, body(and(female), 'x')));
  });
});
