/**
 * WCAG 2.2 contrast arithmetic on `#RRGGBB` colours: relative luminance, contrast ratio, and
 * moving a colour towards black or white until it reads against its backgrounds.
 */

/** Text (1.4.3, AA). */
export const TEXT_CONTRAST = 4.5;
/** User-interface components and graphics (1.4.11, AA). */
export const GRAPHIC_CONTRAST = 3;

const BLACK = '#000000';
const WHITE = '#FFFFFF';

/**
 * `#RRGGBB` of a colour as antd's tokens write them: `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(…)` or
 * `rgba(…)` (alpha is dropped: the tokens adjusted here are opaque).
 */
export function toHex(color: string): string {
  const value = color.trim();
  const rgb = value.match(/^rgba?\(([^)]+)\)$/i);
  if (rgb)
    return hexOf(
      (rgb[1] ?? '')
        .split(/[\s,/]+/)
        .slice(0, 3)
        .map(Number),
    );
  const digits = value.replace('#', '');
  if (digits.length === 3 || digits.length === 4) {
    return `#${[...digits.slice(0, 3)].map((digit) => digit + digit).join('')}`.toUpperCase();
  }
  return `#${digits.slice(0, 6)}`.toUpperCase();
}

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1, 7), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function hexOf(rgb: readonly number[]): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** Relative luminance, 0 (black) … 1 (white), as WCAG defines it. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** 1 (same luminance) … 21 (black on white), order of the two colours does not matter. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** `color` moved `share` (0 … 1) of the way to `target`. */
export function mixColors(color: string, target: string, share: number): string {
  const from = channels(color);
  const to = channels(target);
  return hexOf(from.map((channel, index) => channel + ((to[index] ?? 0) - channel) * share));
}

const worstContrast = (color: string, backgrounds: readonly string[]) =>
  Math.min(...backgrounds.map((background) => contrastRatio(color, background)));

/**
 * `color` unchanged when it reaches `minimum` against every background; otherwise the least
 * darkened (on light backgrounds) or lightened (on dark ones) version of it that does.
 */
export function withContrast(color: string, backgrounds: readonly string[], minimum: number): string {
  const original = color.toUpperCase();
  if (worstContrast(original, backgrounds) >= minimum) return original;
  const averageLuminance =
    backgrounds.reduce((sum, background) => sum + relativeLuminance(background), 0) / backgrounds.length;
  const target = averageLuminance > 0.18 ? BLACK : WHITE;
  for (let step = 1; step <= 100; step += 1) {
    const candidate = mixColors(original, target, step / 100);
    if (worstContrast(candidate, backgrounds) >= minimum) return candidate;
  }
  return target;
}

/** Black or white, whichever reads better on `background` (text on a filled button). */
export function textColorOn(background: string): string {
  return contrastRatio(WHITE, background) >= contrastRatio(BLACK, background) ? WHITE : BLACK;
}
