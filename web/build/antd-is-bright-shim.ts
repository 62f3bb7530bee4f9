import { Color as RcColor } from '@rc-component/color-picker';

interface RgbColor {
  toRgb(): { r: number; g: number; b: number; a: number };
  toRgbString(): string;
}

/** antd 6's `isBright` (color-picker/components/ColorPresets.js), unchanged, without the panel. */
export const isBright = (value: RgbColor, bgColorToken: string): boolean => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) {
    // Adapted to dark mode
    return hsv.v > 0.5;
  }
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
