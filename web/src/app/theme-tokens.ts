import { theme as antTheme, type ThemeConfig } from 'antd';
import { type MappingAlgorithm, type MapToken, PresetColors } from 'antd/es/theme/interface';
import { contrastRatio, TEXT_CONTRAST, textColorOn, toHex, withContrast } from './contrast.ts';
import { baseTokens } from './theme.ts';

/**
 * antd's tokens adjusted for WCAG 2.2 AA (issue 17 point 4). antd's defaults draw secondary text
 * at 45 % black (#8c8c8c, 3.36:1 on white), status colours that miss 4.5:1 as text, and a brand
 * colour as whatever the designer picked (the yellow preset is 1.9:1 on white). Here every colour
 * drawn as text reaches 4.5:1 on the surfaces it sits on, in both themes.
 */

/** Colours antd draws as text, each with the tint it is also drawn on (a selected item, a tag). */
const TEXT_COLORS = [
  ['colorPrimary', 'colorPrimaryBg'],
  ['colorPrimaryText', 'colorPrimaryBg'],
  ['colorPrimaryTextHover', 'colorPrimaryBg'],
  ['colorPrimaryTextActive', 'colorPrimaryBg'],
  ['colorLink', 'colorPrimaryBg'],
  ['colorLinkHover', 'colorPrimaryBg'],
  ['colorLinkActive', 'colorPrimaryBg'],
  ['colorInfo', 'colorInfoBg'],
  ['colorInfoText', 'colorInfoBg'],
  ['colorSuccess', 'colorSuccessBg'],
  ['colorSuccessText', 'colorSuccessBg'],
  ['colorWarning', 'colorWarningBg'],
  ['colorWarningText', 'colorWarningBg'],
  ['colorError', 'colorErrorBg'],
  ['colorErrorText', 'colorErrorBg'],
  // A preset-coloured tag (gold, green, …) is its palette's 7th colour on its 1st.
  ...PresetColors.map((color) => [`${color}7`, `${color}1`] as const),
] as const satisfies ReadonlyArray<readonly [keyof MapToken, keyof MapToken]>;

/**
 * Runs after antd's light or dark algorithm: each colour drawn as text is darkened (light theme)
 * or lightened (dark theme) just enough to reach 4.5:1 on the container, layout and elevated
 * backgrounds and on its own tint (moved further from it when that is not enough). Colours that
 * already read stay as they are.
 */
const readableColors: MappingAlgorithm = (_seed, map) => {
  const derived = map as MapToken;
  const surfaces = [derived.colorBgContainer, derived.colorBgLayout, derived.colorBgElevated].map(toHex);
  const adjusted = { ...derived };
  for (const [key, tint] of TEXT_COLORS) {
    adjusted[key] = withContrast(toHex(derived[key]), [...surfaces, toHex(derived[tint])], TEXT_CONTRAST);
  }
  // A near-black or near-white brand has a tint close to itself: the tint then moves away.
  for (const [key, tint] of TEXT_COLORS) {
    adjusted[tint] = withContrast(toHex(adjusted[tint]), [adjusted[key]], TEXT_CONTRAST);
  }
  return adjusted;
};

function baseConfig(isDark: boolean, brandColor: string): ThemeConfig {
  return {
    algorithm: [isDark ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm, readableColors],
    token: baseTokens(isDark, brandColor),
  };
}

/** The colour the console draws the brand with: the picked one, or the nearest that reads. */
export function readableBrandColor(brandColor: string, isDark: boolean): string {
  return antTheme.getDesignToken(baseConfig(isDark, brandColor)).colorPrimary;
}

/** Whether the picked brand colour itself misses 4.5:1 on the theme's container background. */
export function brandNeedsAdjusting(brandColor: string, isDark: boolean): boolean {
  const { colorBgContainer } = antTheme.getDesignToken(baseConfig(isDark, brandColor));
  return contrastRatio(toHex(brandColor), toHex(colorBgContainer)) < TEXT_CONTRAST;
}

/** The console's theme (ConsoleRoot's ConfigProvider). */
export function themeConfigOf(isDark: boolean, brandColor: string): ThemeConfig {
  const config = baseConfig(isDark, brandColor);
  const token = antTheme.getDesignToken(config);
  // A brand colour light enough to read as text on the dark theme is too light for white text
  // on it: filled buttons take black or white, whichever reads.
  const onPrimary = textColorOn(toHex(token.colorPrimary));
  // antd paints a hovered or pressed filled button a step lighter (light theme) or darker, which
  // took the default brand's white label to 4.08:1: those steps keep 4.5:1 with the label too.
  const filled = (color: string) => withContrast(toHex(color), [onPrimary], TEXT_CONTRAST);
  return {
    ...config,
    components: {
      Button: {
        primaryColor: onPrimary,
        dangerColor: textColorOn(toHex(token.colorError)),
        colorPrimaryHover: filled(token.colorPrimaryHover),
        colorPrimaryActive: filled(token.colorPrimaryActive),
      },
      Radio: { buttonSolidCheckedColor: onPrimary },
    },
  };
}
