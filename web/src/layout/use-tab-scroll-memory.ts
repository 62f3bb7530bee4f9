import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * The window scrolls for every page, so each tab's position is remembered while it is shown and
 * put back when it is shown again; a newly opened tab starts at the top.
 */
export function useTabScrollMemory(activeKey: string): void {
  const positions = useRef(new Map<string, number>());
  const shownKey = useRef(activeKey);

  useEffect(() => {
    const remember = () => positions.current.set(shownKey.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  // Before paint, so the page never flashes at the previous tab's offset.
  useLayoutEffect(() => {
    if (shownKey.current === activeKey) return;
    shownKey.current = activeKey;
    window.scrollTo(0, positions.current.get(activeKey) ?? 0);
  }, [activeKey]);
}
