import { describe, expect, it } from 'vitest';
import { checkGltfJson, GLB_PREFIX_BYTES, glbJsonLength } from '../../src/modules/looks/glb-check.ts';
import { glbOf, shippedGlb, trianglesJson } from './support.ts';

const check = (bytes: Buffer, size = bytes.length) => {
  const header = glbJsonLength(bytes.subarray(0, GLB_PREFIX_BYTES), size);
  if (!header.ok) return header;
  return checkGltfJson(bytes.toString('utf8', GLB_PREFIX_BYTES, GLB_PREFIX_BYTES + header.length));
};

describe('issue 9 bad input: the .glb check', () => {
  it('accepts the shipped models and counts their triangles from the accessors', () => {
    const verdict = check(shippedGlb('dress-form.glb'));
    expect(verdict).toEqual({ ok: true, triangles: expect.any(Number) });
    expect((verdict as { triangles: number }).triangles).toBeGreaterThan(1000);
  });

  it('refuses what is not glTF, another version, a cut file and an over-large one', () => {
    expect(check(Buffer.from('solid cube\nendsolid\n'.repeat(3)))).toMatchObject({
      ok: false,
      reason: /not a binary glTF/,
    });
    expect(check(glbOf(trianglesJson(3), { version: 1 }))).toMatchObject({ ok: false, reason: /version 1/ });
    const whole = glbOf(trianglesJson(3));
    expect(check(whole, whole.length + 10)).toMatchObject({ ok: false, reason: /cut short/ });
    expect(check(whole, 31 * 1024 * 1024)).toMatchObject({ ok: false, reason: /30 MB/ });
    expect(check(glbOf(trianglesJson(3, '1.0')))).toMatchObject({ ok: false, reason: /asset.version/ });
  });

  it('counts indices / 3, or positions / 3 without indices; over 300k is refused', () => {
    expect(check(glbOf(trianglesJson(900_000)))).toEqual({ ok: true, triangles: 300_000 });
    expect(check(glbOf(trianglesJson(900_003)))).toMatchObject({ ok: false, reason: /300001 triangles/ });
    const unindexed = {
      asset: { version: '2.0' },
      meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
      accessors: [{ count: 9 }],
    };
    expect(check(glbOf(unindexed))).toEqual({ ok: true, triangles: 3 });
    expect(check(glbOf({ asset: { version: '2.0' }, meshes: [] }))).toMatchObject({ reason: /no triangles/ });
  });
});
