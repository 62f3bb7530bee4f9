import { Tag } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { TEXT_CONTRAST, withContrast } from '../app/contrast.ts';

/**
 * antd draws a custom-coloured tag as the colour on a 95 %-lightness tint of it; a light colour
 * (cyan, orange, green) is then 2:1. The darkest such tint (a blue one) is about #E6E6E6 in
 * luminance, so a text colour that reads on it reads on every tint.
 */
const DARKEST_TINT = '#E6E6E6';

/** The text colour of a tag of this colour: the colour itself, darkened until it reads. */
export const tagTextColor = (color: string) => withContrast(color, ['#FFFFFF', DARKEST_TINT], TEXT_CONTRAST);

/** A tag in a designer's chosen colour (`#RRGGBB`), its text readable (WCAG 1.4.3). */
export function ColorTag({
  color,
  style,
  children,
}: {
  color: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <Tag color={color} style={{ ...style, color: tagTextColor(color) }}>
      {children}
    </Tag>
  );
}
