import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  bodyIdField,
  chapterBodySchema,
  contractCreateFieldsSchema,
  exclusiveApplicationBodySchema,
  idField,
  lessonBodySchema,
  lessonOrderBodySchema,
  productBatchStatusBodySchema,
  productBodySchema,
  unbindMemberBodySchema,
  userCourseListQuerySchema,
  variantBodySchema,
} from '../src/index.ts';

/**
 * Issue 11 item 3 leftovers: ids in JSON bodies are numbers, never coerced. A query string is
 * text, so query and path ids still read "12" as 12.
 */
const NOT_NUMBERS: unknown[] = ['12', '', '1e3', ' 7 ', true, null, [3]];

/** The paths of the issues `input` raises under `schema`. */
const issuePaths = (schema: z.ZodType, input: unknown): string[] =>
  schema.safeParse(input).error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('bodyIdField: a positive 32-bit integer, as a JSON number only', () => {
  it.each(NOT_NUMBERS)('refuses %j (idField, for queries, coerces strings)', (value) => {
    expect(bodyIdField.safeParse(value).success).toBe(false);
  });

  it('takes 1 and 2^31 - 1; refuses 0, 2^31, 1.5', () => {
    expect(bodyIdField.parse(1)).toBe(1);
    expect(bodyIdField.parse(2_147_483_647)).toBe(2_147_483_647);
    for (const value of [0, 2_147_483_648, 1.5, -1]) expect(bodyIdField.safeParse(value).success).toBe(false);
  });

  it('query ids still coerce: a query string is text', () => {
    expect(idField.parse('12')).toBe(12);
    expect(userCourseListQuerySchema.parse({ courseId: '12' })).toMatchObject({ courseId: 12 });
  });
});

/** Each body schema with one id field: [name, the input around the id, the id's path]. */
const bodies: Array<[string, z.ZodType, (id: unknown) => unknown, string]> = [
  ['unbindMember member_id', unbindMemberBodySchema, (id) => ({ member_id: id }), 'member_id'],
  ['contract providerId', contractCreateFieldsSchema, (id) => ({ providerId: id }), 'providerId'],
  ['contract parentId', contractCreateFieldsSchema, (id) => ({ parentId: id }), 'parentId'],
  [
    'exclusive application providerId',
    exclusiveApplicationBodySchema,
    (id) => ({ providerId: id }),
    'providerId',
  ],
  ['product brandId', productBodySchema, (id) => ({ brandId: id }), 'brandId'],
  ['product videoId', productBodySchema, (id) => ({ videoId: id }), 'videoId'],
  ['product variant id', variantBodySchema, (id) => ({ id }), 'id'],
  ['product batch ids', productBatchStatusBodySchema, (id) => ({ ids: [id] }), 'ids.0'],
  ['course chapter id', chapterBodySchema, (id) => ({ id }), 'id'],
  ['course lesson id', lessonBodySchema, (id) => ({ id }), 'id'],
  ['course lesson videoId', lessonBodySchema, (id) => ({ videoId: id }), 'videoId'],
  [
    'lesson order chapter id',
    lessonOrderBodySchema,
    (id) => ({ chapters: [{ id, lessonIds: [] }] }),
    'chapters.0.id',
  ],
  [
    'lesson order lesson ids',
    lessonOrderBodySchema,
    (id) => ({ chapters: [{ id: 1, lessonIds: [id] }] }),
    'chapters.0.lessonIds.0',
  ],
];

describe.each(bodies)('%s', (_name, schema, around, path) => {
  it('a number passes the field', () => {
    expect(issuePaths(schema, around(12))).not.toContain(path);
  });

  it.each(['12', '', '1e3'])('the string %j is refused, naming the field', (value) => {
    expect(issuePaths(schema, around(value))).toContain(path);
  });
});
