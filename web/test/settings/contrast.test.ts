import { BRAND_COLOR_PRESETS, DEFAULT_BRAND_COLOR } from '@dc/contract';
import { theme } from 'antd';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  GRAPHIC_CONTRAST,
  mixColors,
  relativeLuminance,
  TEXT_CONTRAST,
  textColorOn,
  withContrast,
} from '../../src/app/contrast.ts';
import { readableBrandColor, themeConfigOf } from '../../src/app/theme-tokens.ts';

const hexColor = fc
  .integer({ min: 0, max: 0xffffff })
  .map((value) => `#${value.toString(16).padStart(6, '0').toUpperCase()}`);

/** antd's background tokens of a theme, with our tokens applied. */
function surfacesOf(isDark: boolean) {
  const token = theme.getDesignToken(themeConfigOf(isDark, DEFAULT_BRAND_COLOR));
  return { container: token.colorBgContainer, layout: token.colorBgLayout, elevated: token.colorBgElevated };
}

/** An `rgba(r, g, b, a)` token drawn over an opaque `#RRGGBB` background. */
function over(rgba: string, background: string): string {
  const [r = 0, g = 0, b = 0, a = 1] = (rgba.match(/[\d.]+/g) ?? []).map(Number);
  return mixColors(background, `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`, a);
}

describe('issue 17 point 4: WCAG contrast arithmetic', () => {
  it('matches the WCAG figures: black on white 21:1, #8c8c8c on white 3.36:1, #767676 on white 4.54:1', () => {
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 5);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#8C8C8C', '#FFFFFF')).toBeCloseTo(3.36, 2);
    expect(contrastRatio('#FFFFFF', '#767676')).toBeCloseTo(4.54, 2);
  });

  it('keeps a colour that already reads, unchanged', () => {
    expect(withContrast('#593BFF', ['#FFFFFF'], TEXT_CONTRAST)).toBe('#593BFF');
  });

  it('darkens the yellow preset on light backgrounds and lightens the default brand on dark ones', () => {
    const yellow = withContrast('#EBB105', ['#FFFFFF', '#F5F5F5'], TEXT_CONTRAST);
    expect(contrastRatio('#EBB105', '#FFFFFF')).toBeLessThan(GRAPHIC_CONTRAST);
    expect(relativeLuminance(yellow)).toBeLessThan(relativeLuminance('#EBB105'));
    expect(contrastRatio(yellow, '#F5F5F5')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    const onDark = withContrast('#593BFF', ['#141414'], TEXT_CONTRAST);
    expect(relativeLuminance(onDark)).toBeGreaterThan(relativeLuminance('#593BFF'));
    expect(contrastRatio(onDark, '#141414')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('any colour, adjusted, reaches the minimum on every background and moves no further than needed', () => {
    fc.assert(
      fc.property(hexColor, fc.boolean(), (color, isDark) => {
        const surfaces = isDark ? ['#141414', '#1F1F1F'] : ['#FFFFFF', '#F5F5F5'];
        const adjusted = withContrast(color, surfaces, TEXT_CONTRAST);
        for (const surface of surfaces) expect(contrastRatio(adjusted, surface)).toBeGreaterThanOrEqual(4.5);
        const passedAlready = surfaces.every((surface) => contrastRatio(color, surface) >= TEXT_CONTRAST);
        if (passedAlready) expect(adjusted).toBe(color);
      }),
    );
  });

  it('text on a filled colour takes black or white, whichever reads at 4.5:1', () => {
    fc.assert(
      fc.property(hexColor, (color) => {
        // Every colour has black or white at 4.5:1 or more (the worst case is about 4.58:1).
        expect(contrastRatio(textColorOn(color), color)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }),
    );
  });
});

describe('issue 17 point 4: theme tokens reach AA in both themes', () => {
  for (const isDark of [false, true]) {
    const label = isDark ? 'dark' : 'light';

    it(`${label}: secondary, tertiary, description and placeholder text reach 4.5:1 on container, layout and elevated surfaces`, () => {
      const token = theme.getDesignToken(themeConfigOf(isDark, DEFAULT_BRAND_COLOR));
      for (const surface of Object.values(surfacesOf(isDark))) {
        for (const text of [
          token.colorTextSecondary,
          token.colorTextTertiary,
          token.colorTextDescription,
          token.colorTextPlaceholder,
        ]) {
          expect(contrastRatio(over(text, surface), surface), `${text} on ${surface}`).toBeGreaterThanOrEqual(
            TEXT_CONTRAST,
          );
        }
      }
    });

    it(`${label}: success, warning and error colours read as text on the container`, () => {
      const token = theme.getDesignToken(themeConfigOf(isDark, DEFAULT_BRAND_COLOR));
      const { container } = surfacesOf(isDark);
      for (const color of [token.colorSuccess, token.colorWarning, token.colorError]) {
        expect(contrastRatio(color, container), color).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
    });

    it(`${label}: every brand preset and any custom colour reads as text and as a filled button, hovered and pressed too (the yellow preset's active menu item included)`, () => {
      const check = (brand: string) => {
        const config = themeConfigOf(isDark, brand);
        const token = theme.getDesignToken(config);
        const primary = readableBrandColor(brand, isDark);
        expect(token.colorPrimary).toBe(primary);
        for (const surface of Object.values(surfacesOf(isDark))) {
          expect(
            contrastRatio(primary, surface),
            `${brand} → ${primary} on ${surface}`,
          ).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        }
        // The selected menu item: brand-coloured text on the brand's palest tint.
        expect(contrastRatio(primary, token.colorPrimaryBg)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        const button = config.components?.Button;
        const onPrimary = button?.primaryColor ?? '#FFFFFF';
        expect(contrastRatio(onPrimary, primary)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        // The same button hovered and pressed.
        for (const filled of [button?.colorPrimaryHover, button?.colorPrimaryActive]) {
          expect(
            contrastRatio(onPrimary, filled ?? token.colorPrimaryHover),
            `${brand} filled ${filled}`,
          ).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        }
      };
      for (const preset of BRAND_COLOR_PRESETS) check(preset);
      fc.assert(fc.property(hexColor, check), { numRuns: 30 });
    }, 60_000);
  }
});
