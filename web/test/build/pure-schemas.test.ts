import { describe, expect, it } from 'vitest';
import { wrapModuleLevelCalls } from '../../build/pure-schemas.ts';

describe('issue 10 item 4: contract schemas a page does not use are droppable', () => {
  it('wraps a module-level schema call as pure', () => {
    const code = 'export const a = z.string().max(3);';
    expect(wrapModuleLevelCalls(code)).toBe(
      'export const a = /* @__PURE__ */ (() => (z.string().max(3)))();',
    );
  });

  it('wraps an object literal holding schema calls (a shared shape), so zod can go with it', () => {
    const code = 'const shape = { start: day, _t: z.coerce.number().optional() };';
    expect(wrapModuleLevelCalls(code)).toBe(
      'const shape = /* @__PURE__ */ (() => ({ start: day, _t: z.coerce.number().optional() }))();',
    );
  });

  it('leaves constants, plain object literals and module-level statements as they are', () => {
    expect(wrapModuleLevelCalls("export const kinds = ['a', 'b'];")).toBeUndefined();
    expect(wrapModuleLevelCalls("const labels = { a: 'A', b: 'B' };")).toBeUndefined();
    expect(wrapModuleLevelCalls('registry.register(schema);')).toBeUndefined();
  });
});
