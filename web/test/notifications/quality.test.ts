import { notificationQualities } from '@dc/contract';
import { describe, expect, it } from 'vitest';
import { qualityColor, qualityLabels } from '../../src/pages/notifications/labels.ts';

const palette = { colorPrimary: '#593BFF', colorWarning: '#faad14', colorError: '#ff4d4f' };

describe('§4 notification priority colours', () => {
  it('§4 low primary, middle warning, high danger', () => {
    expect(qualityColor('low', palette)).toBe(palette.colorPrimary);
    expect(qualityColor('middle', palette)).toBe(palette.colorWarning);
    expect(qualityColor('high', palette)).toBe(palette.colorError);
  });

  it('primary follows the brand colour the user picked', () => {
    expect(qualityColor('low', { ...palette, colorPrimary: '#00A870' })).toBe('#00A870');
  });

  it('every quality of the contract has a label', () => {
    for (const quality of notificationQualities)
      expect(qualityLabels[quality]).toMatch(/^notifications\.quality\./);
  });
});
