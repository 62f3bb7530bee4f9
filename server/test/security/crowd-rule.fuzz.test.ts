import { ruleConditionSchema, ruleSchema } from '@dc/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nodesOf, ruleCountsSql, ruleMembersSql } from '../../src/modules/crowd-packs/compile.ts';
import { createDesigner, createTestApp, queryRows, type TestApp } from '../support/test-app.ts';
import { validArbitrary } from './support/arbitraries.ts';
import type { JsonSchema } from './support/openapi.ts';

/**
 * Issue 11 item 2: the crowd-pack rule compiler, fed rule trees generated from the contract's own
 * schema: every tree the schema accepts compiles to SQL that PostgreSQL runs; every other input is
 * refused by the schema, never thrown at the compiler.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_315);
const RUNS = Number(process.env.FUZZ_RUNS ?? 6) * 10;
const NOW = new Date('2026-03-15T08:30:00Z');

const conditionSchema = z.toJSONSchema(ruleConditionSchema, {
  io: 'input',
  unrepresentable: 'any',
}) as JsonSchema;
const condition = validArbitrary(conditionSchema);
const { tree } = fc.letrec((tie) => ({
  tree: fc.record({
    type: fc.constant('group'),
    op: fc.constantFrom('and', 'or'),
    children: fc.array(fc.oneof({ depthSize: 'small', withCrossShrink: true }, condition, tie('tree')), {
      minLength: 1,
      maxLength: 4,
    }),
  }),
}));

let t: TestApp;
let designerId: number;
beforeAll(async () => {
  t = await createTestApp();
  designerId = await createDesigner(t.db, { account: 'rules', password: 'rules-pass-2026' });
});
afterAll(() => t?.close());

describe('§ crowd-pack rule compiler under fuzzing (issue 11 item 2)', () => {
  it('every rule the schema accepts compiles to SQL that runs; the rest is refused by the schema', async () => {
    let compiled = 0;
    await fc.assert(
      fc.asyncProperty(tree, async (input) => {
        const parsed = ruleSchema.safeParse(input);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) expect(Array.isArray(issue.path)).toBe(true);
          return;
        }
        compiled++;
        const ctx = { designerId, now: NOW };
        await queryRows(t.db, ruleMembersSql(parsed.data, ctx));
        await queryRows(t.db, ruleCountsSql(nodesOf(parsed.data), ctx));
      }),
      { numRuns: RUNS, seed: SEED },
    );
    expect(compiled).toBeGreaterThan(RUNS / 10);
  });

  it('hostile values (NUL, lone surrogates, huge numbers) never reach the compiler unrefused', () => {
    const hostile = fc
      .jsonValue({ maxDepth: 4 })
      .map((value) => ({ type: 'group', op: 'and', children: [value] }));
    fc.assert(
      fc.property(fc.oneof(hostile, fc.anything()), (input) => {
        const parsed = ruleSchema.safeParse(input);
        if (parsed.success) expect(() => ruleMembersSql(parsed.data, { designerId, now: NOW })).not.toThrow();
      }),
      { numRuns: RUNS * 2, seed: SEED },
    );
  });
});
