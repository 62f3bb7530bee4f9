import { cameraPresetSchema, DEFAULT_CAMERA, lookBodySchema, modelFileProblem } from '@dc/contract';
import { describe, expect, it } from 'vitest';
import { translate } from '../../src/locales/index.ts';
import { assetName, bytesText } from '../../src/pages/looks/labels.ts';
import { backdropStyle } from '../../src/three/backdrop.ts';
import { garmentColor } from '../../src/three/garment-colors.ts';

describe('issue 9: the 3D look helpers of the web', () => {
  it('a model file is checked before any upload: .glb only, at most 30 MB, not empty', () => {
    expect(modelFileProblem({ name: 'form.GLB', size: 1024 })).toBeUndefined();
    expect(modelFileProblem({ name: 'form.gltf', size: 1024 })).toBe('notGlb');
    expect(modelFileProblem({ name: 'form.glb', size: 0 })).toBe('empty');
    expect(modelFileProblem({ name: 'form.glb', size: 30 * 1024 * 1024 + 1 })).toBe('tooLarge');
  });

  it('the camera preset the editor saves is what the server accepts', () => {
    expect(cameraPresetSchema.safeParse(DEFAULT_CAMERA).success).toBe(true);
    expect(cameraPresetSchema.safeParse({ ...DEFAULT_CAMERA, polar: 0 }).success).toBe(false);
    expect(
      lookBodySchema.safeParse({ title: '早春', camera: { ...DEFAULT_CAMERA, distance: 2.4 } }).success,
    ).toBe(true);
  });

  it('backgrounds paint as CSS behind the poster: colour, gradient, picture', () => {
    expect(backdropStyle({ kind: 'solid', colors: ['#FFFFFF'], imageUrl: null })).toEqual({
      background: '#FFFFFF',
    });
    expect(
      backdropStyle({ kind: 'gradient', colors: ['#000000', '#FFFFFF'], imageUrl: null }).background,
    ).toBe('linear-gradient(180deg, #000000, #FFFFFF)');
    expect(backdropStyle({ kind: 'hdr', colors: [], imageUrl: '/a.png' }).backgroundImage).toBe(
      'url("/a.png")',
    );
    expect(backdropStyle(null).background).toBeDefined();
  });

  it('garments dye in the boutique colour names; unknown names leave them as modelled', () => {
    expect(garmentColor('酒红')).toBe('#7b1e2e');
    expect(garmentColor('#112233')).toBe('#112233');
    expect(garmentColor('极光紫')).toBeNull();
    expect(garmentColor('')).toBeNull();
  });

  it("shipped assets are named in the current language; a designer's own as typed", () => {
    const en = (key: Parameters<typeof translate>[1]) => translate('en-US', key);
    expect(assetName(en, { name: '连衣裙人台', shippedKey: 'dress-form' })).toBe('Dress form');
    expect(assetName(en, { name: '我的人台', shippedKey: null })).toBe('我的人台');
    expect(bytesText(82_648)).toBe('81 KB');
    expect(bytesText(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
