import { useEffect } from 'react';

/** antd's table scroll boxes: they scroll sideways (or down) when the table does not fit. */
const SCROLL_BOXES = '.ant-table-content, .ant-table-body';

const scrolls = (box: HTMLElement) =>
  box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight;

/**
 * A table that scrolls inside its own box must be scrollable from the keyboard too (WCAG 2.1.1,
 * axe scrollable-region-focusable): such a box joins the tab order, where the arrow keys scroll
 * it. antd renders the box itself, so it is found in the page after each change.
 */
export function useFocusableScrollRegions(): void {
  useEffect(() => {
    let frame = 0;
    const mark = () => {
      frame = 0;
      for (const box of document.querySelectorAll<HTMLElement>(SCROLL_BOXES)) {
        if (!box.hasAttribute('tabindex') && scrolls(box)) box.tabIndex = 0;
      }
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(mark);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
    };
  }, []);
}
