import { Typography } from 'antd';
import type { CSSProperties } from 'react';

/**
 * A file's name on one line: a long one shrinks with an ellipsis, the whole name in its title (on
 * hover), instead of pushing its row's figures and buttons out of the card or breaking mid-word
 * on a phone.
 */
export function FileName({ name, strong, style }: { name: string; strong?: boolean; style?: CSSProperties }) {
  return (
    <Typography.Text strong={strong} ellipsis title={name} style={{ minWidth: 0, ...style }}>
      {name}
    </Typography.Text>
  );
}
