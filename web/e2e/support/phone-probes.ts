/**
 * Measurements of one part of a phone screen (passed to `page.evaluate` with a CSS selector for
 * that part; each function is self-contained, like fit-probes.ts): what is cut, squeezed, cramped
 * or broken onto two lines inside it. Each returns its problems as readable lines, none when the
 * part fits.
 */

/**
 * Buttons, links, tags and text cut by a box they reach past (the window, or an ancestor that
 * hides its overflow). A box that scrolls (overflow auto or scroll) holds its content: it can be
 * scrolled into view. Text cut at its own edge counts only without its whole text in a title
 * (an ellipsis that shows the rest on hover is cut on purpose).
 */
export function clippedContent(scope: string): string[] {
  const root = document.querySelector(scope);
  if (!root) return [`nothing matches ${scope}`];
  const problems: string[] = [];
  const label = (element: Element) =>
    JSON.stringify((element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 24));
  const cutBy = (element: Element): string | null => {
    const box = element.getBoundingClientRect();
    for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
      const { overflowX } = getComputedStyle(up);
      if (overflowX === 'visible') continue;
      if (overflowX === 'auto' || overflowX === 'scroll') return null;
      const holder = up.getBoundingClientRect();
      if (box.left < holder.left - 1 || box.right > holder.right + 1) {
        // An ellipsis with the whole text in its title cuts on purpose.
        if (up.getAttribute('title') === (up.textContent ?? '').trim()) return null;
        return `${up.tagName.toLowerCase()}.${up.classList[0] ?? ''}`;
      }
    }
    return box.left < -1 || box.right > window.innerWidth + 1 ? 'the window' : null;
  };
  const shown = (element: Element) => element.checkVisibility() && element.getBoundingClientRect().width > 0;
  for (const control of root.querySelectorAll('button, a, [role="button"], .ant-tag')) {
    if (!shown(control)) continue;
    const by = cutBy(control);
    if (by) problems.push(`${control.tagName.toLowerCase()} ${label(control)} is cut by ${by}`);
  }
  // Elements holding text of their own (not only through children).
  for (const element of root.querySelectorAll('*')) {
    const ownText = [...element.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
    );
    if (!ownText || !shown(element)) continue;
    const text = (element.textContent ?? '').trim();
    const cutAtOwnEdge =
      getComputedStyle(element).overflowX !== 'visible' && element.scrollWidth > element.clientWidth + 1;
    if (cutAtOwnEdge && element.getAttribute('title') !== text) {
      problems.push(`text ${label(element)} is cut without its whole text in a title`);
    }
    const by = cutBy(element);
    if (by) problems.push(`text ${label(element)} is cut by ${by}`);
  }
  return [...new Set(problems)];
}

/**
 * Figures (`selector`, inside `scope`) broken onto more than one line, or run into the text
 * beside them on their line (less than 4 px apart: '1 min110 completed').
 */
export function brokenFigures({ scope, selector }: { scope: string; selector: string }): string[] {
  const root = document.querySelector(scope);
  if (!root) return [`nothing matches ${scope}`];
  const problems: string[] = [];
  const lineBoxes = (element: Element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops: number[] = [];
    for (const rect of range.getClientRects()) {
      if (rect.width > 0 && !tops.some((top) => Math.abs(top - rect.top) < rect.height / 2))
        tops.push(rect.top);
    }
    return tops.length;
  };
  const figures = [...root.querySelectorAll(selector)].filter((element) => element.checkVisibility());
  if (figures.length === 0) return [`no figure matches ${selector} in ${scope}`];
  const texts = [...root.querySelectorAll('*')].filter(
    (element) =>
      element.checkVisibility() &&
      [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      ),
  );
  // The text's own box, not its element's (a title stretched to the extra beside it).
  const textBox = (element: Element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return range.getBoundingClientRect();
  };
  for (const figure of figures) {
    const text = JSON.stringify((figure.textContent ?? '').trim());
    if (lineBoxes(figure) > 1) problems.push(`${text} is broken onto ${lineBoxes(figure)} lines`);
    const box = textBox(figure);
    for (const other of texts) {
      if (other === figure || figure.contains(other) || other.contains(figure)) continue;
      const near = textBox(other);
      const sameLine = near.top < box.bottom - 2 && near.bottom > box.top + 2;
      const gap = Math.max(near.left - box.right, box.left - near.right);
      if (sameLine && gap < 4) {
        problems.push(`${text} runs into ${JSON.stringify((other.textContent ?? '').trim().slice(0, 24))}`);
      }
    }
  }
  return [...new Set(problems)];
}

/**
 * List rows (inside `scope`) whose action buttons sit beside the text instead of under it: on a
 * phone the text beside them is squeezed to a few characters a line.
 */
export function squeezedListRows(scope: string): string[] {
  const root = document.querySelector(scope);
  if (!root) return [`nothing matches ${scope}`];
  const rows = [...root.querySelectorAll('.ant-list-item')].filter(
    (row) => row.checkVisibility() && row.querySelector(':scope > .ant-list-item-action'),
  );
  if (rows.length === 0) return [`no list row with actions in ${scope}`];
  const problems: string[] = [];
  for (const row of rows) {
    const text = row.querySelector(':scope > :not(.ant-list-item-action)');
    const actions = row.querySelector(':scope > .ant-list-item-action')!.getBoundingClientRect();
    if (!text) continue;
    const content = text.getBoundingClientRect();
    const width = row.getBoundingClientRect().width;
    if (actions.top < content.bottom - 1) {
      problems.push(
        `${JSON.stringify((text.textContent ?? '').trim().slice(0, 24))}: its actions sit beside it, the text ${Math.round(content.width)} of ${Math.round(width)} px`,
      );
    }
  }
  return problems;
}

/** Buttons in a card head's extra (inside `scope`) closer than 6 px to the head's top or its line. */
export function crampedCardHeads(scope: string): string[] {
  const root = document.querySelector(scope);
  if (!root) return [`nothing matches ${scope}`];
  const problems: string[] = [];
  for (const head of root.querySelectorAll('.ant-card-head')) {
    const box = head.getBoundingClientRect();
    for (const button of head.querySelectorAll('.ant-card-extra button')) {
      const own = button.getBoundingClientRect();
      if (own.top - box.top < 6 || box.bottom - own.bottom < 6) {
        problems.push(
          `${JSON.stringify(button.textContent?.trim())} is ${Math.round(own.top - box.top)} px under the head's top and ${Math.round(box.bottom - own.bottom)} px over its line`,
        );
      }
    }
  }
  return problems;
}
