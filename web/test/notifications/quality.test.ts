import { notificationQualities } from '@dc/contract';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrastRatio, TEXT_CONTRAST, toHex } from '../../src/app/contrast.ts';
import { themeConfigOf } from '../../src/app/theme-tokens.ts';
import { qualityColor, qualityLabels, qualityTint } from '../../src/components/notifications/labels.ts';

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

  it('issue 17 point 4: each priority reads at 4.5:1 on its tint, light and dark (antd mixed a custom colour with white: 2.35:1)', () => {
    for (const isDark of [false, true]) {
      const token = theme.getDesignToken(themeConfigOf(isDark, '#593BFF'));
      for (const quality of notificationQualities) {
        const text = toHex(qualityColor(quality, token));
        const tint = toHex(qualityTint(quality, token));
        expect(contrastRatio(text, tint), `${quality} ${isDark ? 'dark' : 'light'}`).toBeGreaterThanOrEqual(
          TEXT_CONTRAST,
        );
      }
    }
  });
});
