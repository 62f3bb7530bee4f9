import { CONSOLE_SECTIONS } from '@dc/contract';
import { describe, expect, it } from 'vitest';
import { fullMenu } from '../../src/modules/menu/tree.ts';

describe('spec section 2: the full console menu', () => {
  it('has exactly the top-level sections the web knows a newcomer will have (CONSOLE_SECTIONS)', () => {
    expect(fullMenu.map((route) => route.path)).toEqual([...CONSOLE_SECTIONS]);
  });
});
