import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { allSchemaWordings } from '@dc/contract';
import { describe, expect, it } from 'vitest';
import { httpMessages } from '../../src/http/http-messages.ts';
import { isWording, type Wording } from '../../src/http/messages.ts';
import { validationMessages } from '../../src/http/validation-messages.ts';

/**
 * Issue 17 point 5: every message the server says to a person is in every catalogue in both
 * languages. A missing language fails typecheck already; this finds the empty ones, the Chinese
 * that is not Chinese, and placeholders that one language forgot.
 */

const MODULES = join(import.meta.dirname, '../../src/modules');

async function areaCatalogues(): Promise<Array<[string, Record<string, Wording>]>> {
  const areas = await readdir(MODULES);
  const found: Array<[string, Record<string, Wording>]> = [];
  for (const area of areas) {
    const files = await readdir(join(MODULES, area));
    if (!files.includes('messages.ts')) continue;
    const exports = (await import(join(MODULES, area, 'messages.ts'))) as Record<
      string,
      Record<string, Wording>
    >;
    for (const [name, catalogue] of Object.entries(exports)) found.push([`${area}/${name}`, catalogue]);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  it('every area that says something to a person has its catalogue', async () => {
    const names = (await areaCatalogues()).map(([name]) => name.split('/')[0]);
    for (const area of [
      'auth',
      'boutique',
      'courses',
      'crowd-packs',
      'fans',
      'looks',
      'tags',
      'videos',
      'vault',
    ])
      expect(names).toContain(area);
  });

  it('every message of every catalogue has both languages, non-empty, Chinese in Chinese, the same placeholders', async () => {
    const catalogues: Array<[string, Record<string, Wording>]> = [
      ['http/httpMessages', httpMessages],
      ['http/validationMessages', validationMessages],
      ...(await areaCatalogues()),
    ];
    let count = 0;
    for (const [name, catalogue] of catalogues) {
      for (const [key, wording] of Object.entries(catalogue)) {
        const where = `${name}.${key}`;
        expect(isWording(wording), where).toBe(true);
        expect(wording['zh-CN'].trim(), where).not.toBe('');
        expect(wording['en-US'].trim(), where).not.toBe('');
        // Words in English are words in Chinese (a separator or a bare placeholder need none).
        if (/[A-Za-z]{2}/.test(wording['en-US'].replace(/\{\w+\}/g, '')))
          expect(wording['zh-CN'], where).toMatch(/[\u4e00-\u9fff]/);
        expect(placeholders(wording['zh-CN']), where).toEqual(placeholders(wording['en-US']));
        count++;
      }
    }
    expect(count).toBeGreaterThan(200);
  });

  it("the contract's own schema messages have their Chinese", () => {
    for (const wording of allSchemaWordings()) {
      expect(wording['zh-CN'].trim(), wording['en-US']).not.toBe('');
      expect(wording['zh-CN'], wording['en-US']).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
