import type { CSSProperties } from 'react';
import type { ViewerBackground } from './look-viewer.ts';

/**
 * A background as CSS (no three.js): the swatch in lists, and what the public page paints
 * behind the poster before and instead of the 3D view.
 */
export function backdropStyle(background: ViewerBackground | null | undefined): CSSProperties {
  if (!background) return { background: '#F2EFEA' };
  if ((background.kind === 'image' || background.kind === 'hdr') && background.imageUrl) {
    return {
      backgroundColor: '#F2EFEA',
      backgroundImage: `url("${background.imageUrl.replace(/"/g, '%22')}")`,
      backgroundSize: 'cover',
      backgroundPosition: 'center',
    };
  }
  if (background.kind === 'gradient' && background.colors.length >= 2) {
    return { background: `linear-gradient(180deg, ${background.colors[0]}, ${background.colors[1]})` };
  }
  return { background: background.colors[0] ?? '#F2EFEA' };
}
