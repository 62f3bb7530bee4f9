import type { CSSProperties } from 'react';

/**
 * Out of sight, still read by screen readers and counted by the document outline (the usual
 * "sr-only" clip): for a heading or a label that the screen already shows another way.
 */
export const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
