import { type RefObject, useEffect, useState } from 'react';

/**
 * How long after mounting out of view a deferred part loads all the same (when the browser is
 * idle next), so it is there by the time it is scrolled to.
 */
export const LOAD_ANYWAY_MS = 3000;

/**
 * True once the element is in view — at least a tenth of it: the top edge of a chart peeking
 * over the bottom of a phone's screen does not count — or `LOAD_ANYWAY_MS` after mounting (after
 * `armed` turned true: a page passes whether its first figures are there). What
 * is below the fold of a phone loads after the page's first screen, not with it (issue 21 item 2:
 * a phone opening the statistics page fetched ECharts and antd's list within its first seconds).
 */
export function useSeen(element: RefObject<HTMLElement | null>, armed = true): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (seen || !target) return;
    let done = false;
    const see = () => {
      if (done) return;
      done = true;
      observer.disconnect();
      clearTimeout(timer);
      setSeen(true);
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) see();
      },
      { threshold: 0.1 },
    );
    observer.observe(target);
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 0));
    const timer = armed ? window.setTimeout(() => idle(see), LOAD_ANYWAY_MS) : undefined;
    return () => {
      done = true;
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [element, seen, armed]);
  return seen;
}
