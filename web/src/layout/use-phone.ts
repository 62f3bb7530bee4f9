import { useSyncExternalStore } from 'react';

/**
 * The widest window treated as a phone (issue 17: a console usable at ≤ 430 px). The same width
 * is written in phone.css's media query, which restyles antd parts the components cannot reach.
 */
export const PHONE_MAX_WIDTH = 430;
const phoneQuery = `(max-width: ${PHONE_MAX_WIDTH}px)`;

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(phoneQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isPhone = () => window.matchMedia(phoneQuery).matches;

/** True while the window is phone-wide; follows resizes and rotations. */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
