/**
 * Measurements run inside the page (passed to `page.evaluate`, so each function is
 * self-contained): what scrolls sideways on a phone, and what a table hides, covers or wraps on
 * a desktop. Each returns the problems it finds as readable lines, none when the screen fits.
 */

/**
 * Sideways scroll on a narrow screen: the page's own scroll width, and every visible element
 * reaching past the viewport that no scroll box (an ancestor with overflow-x other than visible)
 * holds. Only the outermost such element is named.
 */
export function sidewaysOverflow(): string[] {
  const width = window.innerWidth;
  const problems: string[] = [];
  const page = document.documentElement.scrollWidth;
  if (page > width) problems.push(`page is ${page} px wide for a ${width} px window`);
  const held = (element: Element) => {
    for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== 'visible') return true;
    }
    return false;
  };
  const outside = new Set<Element>();
  for (const element of document.body.querySelectorAll('*')) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.left >= -1 && box.right <= width + 1) continue;
    if (getComputedStyle(element).visibility === 'hidden' || held(element)) continue;
    outside.add(element);
  }
  for (const element of outside) {
    if (element.parentElement && outside.has(element.parentElement)) continue;
    const box = element.getBoundingClientRect();
    const name = `${element.tagName.toLowerCase()}.${String(element.className).trim().split(/\s+/).slice(0, 2).join('.')}`;
    const text = (element.textContent ?? '').trim().slice(0, 24);
    problems.push(`${name} "${text}" spans ${Math.round(box.left)}…${Math.round(box.right)} px`);
  }
  return problems;
}

/**
 * Card titles cut short on a narrow screen: a title that scrolls inside its own box (antd cuts
 * it with an ellipsis) when the card's extra should have gone under it.
 */
export function cutCardTitles(): string[] {
  return [...document.querySelectorAll<HTMLElement>('.ant-card-head-title')]
    .filter((title) => title.checkVisibility() && title.scrollWidth > title.clientWidth + 1)
    .map(
      (title) =>
        `card title ${JSON.stringify(title.textContent?.trim())} cut to ${title.clientWidth} of ${title.scrollWidth} px`,
    );
}

/**
 * Every visible antd table: each header cell inside the table's visible box (not hidden behind a
 * horizontal scroll), not covered by its neighbour (a fixed column), its text not cut; the
 * action column's buttons whole; money and date cells on one line; no body cell's content
 * spilling out of it (ellipsis cells excepted: they cut on purpose and show the rest on hover).
 */
export function tableFitProblems(actionTitles: readonly string[]): string[] {
  const problems: string[] = [];
  const shown = (element: Element) => element.checkVisibility() && element.getBoundingClientRect().width > 0;
  const label = (cell: Element) => JSON.stringify((cell.textContent ?? '').trim().slice(0, 20));
  const lineCount = (cell: Element) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    const tops: number[] = [];
    for (const rect of range.getClientRects()) {
      if (rect.width > 0 && !tops.some((top) => Math.abs(top - rect.top) < rect.height / 2))
        tops.push(rect.top);
    }
    return tops.length;
  };
  // The content's own box (a fixed column's shadow, a pseudo-element, is not content).
  const spills = (cell: Element) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    const content = range.getBoundingClientRect();
    const own = cell.getBoundingClientRect();
    return content.width > 0 && (content.left < own.left - 1 || content.right > own.right + 1)
      ? ` (${Math.round(content.left)}…${Math.round(content.right)} in ${Math.round(own.left)}…${Math.round(own.right)})`
      : '';
  };
  const MONEY = /^[-+]?\s*[¥￥$]\s*-?[\d,]+(\.\d+)?$|^-?[\d,]+\.\d{2}\s*元$/;
  const DATE = /^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}( \d{1,2}:\d{2}(:\d{2})?)?$/;

  const wrappers = [...document.querySelectorAll('.ant-table-wrapper')].filter(shown);
  wrappers.forEach((wrapper, index) => {
    const where = `table ${index + 1}`;
    const own = (cell: Element) => cell.closest('.ant-table-wrapper') === wrapper;
    const container = wrapper.querySelector('.ant-table-container') ?? wrapper;
    const box = container.getBoundingClientRect();
    const inside = (rect: DOMRect) => rect.left >= box.left - 1 && rect.right <= box.right + 1;
    const headerRows = [...wrapper.querySelectorAll('thead > tr')].filter(own);
    const actionColumns = new Set<number>();
    for (const row of headerRows) {
      const cells = [...row.children].filter(
        (cell) => shown(cell) && !cell.classList.contains('ant-table-cell-scrollbar'),
      );
      cells.forEach((cell, column) => {
        const rect = cell.getBoundingClientRect();
        if (!inside(rect))
          problems.push(`${where}: header ${label(cell)} is outside the table's visible box`);
        const previous = cells[column - 1];
        if (previous && previous.getBoundingClientRect().right > rect.left + 1) {
          problems.push(`${where}: header ${label(previous)} is covered by ${label(cell)}`);
        }
        const title = cell.querySelector('.ant-table-column-title');
        if (spills(cell) || (title && title.scrollWidth > title.clientWidth + 1)) {
          problems.push(`${where}: header ${label(cell)} text is cut${spills(cell)}`);
        }
        if (actionTitles.includes((cell.textContent ?? '').trim())) actionColumns.add(column);
      });
    }
    const bodyRows = [...wrapper.querySelectorAll('tbody > tr.ant-table-row')].filter(own).slice(0, 10);
    for (const row of bodyRows) {
      const cells = [...row.children].filter(shown);
      cells.forEach((cell, column) => {
        const text = (cell.textContent ?? '').trim();
        const rect = cell.getBoundingClientRect();
        if (!inside(rect)) return; // its header has said so
        if (MONEY.test(text) || DATE.test(text)) {
          if (lineCount(cell) > 1) problems.push(`${where}: ${label(cell)} wraps onto more lines`);
        }
        const ellipsis =
          cell.classList.contains('ant-table-cell-ellipsis') ||
          cell.querySelector('.ant-typography-ellipsis');
        if (!ellipsis && spills(cell)) {
          problems.push(`${where}: the content of ${label(cell)} spills out of its cell${spills(cell)}`);
        }
        if (actionColumns.has(column)) {
          for (const control of cell.querySelectorAll('button, a')) {
            const inner = control.getBoundingClientRect();
            if (inner.left < rect.left - 1 || inner.right > rect.right + 1 || !inside(inner)) {
              problems.push(`${where}: action ${label(control)} is not whole`);
            }
          }
        }
      });
    }
  });
  return [...new Set(problems)];
}

/**
 * Every open modal or drawer: its panel inside the window, each of its buttons and fields inside
 * the panel and not cut, and the page not scrolling sideways under it.
 */
export function dialogFitProblems(): string[] {
  const problems: string[] = [];
  const width = window.innerWidth;
  const page = document.documentElement.scrollWidth;
  if (page > width) problems.push(`page is ${page} px wide for a ${width} px window`);
  const name = (element: Element) =>
    JSON.stringify((element.getAttribute('aria-label') || element.textContent || '').trim().slice(0, 20));
  const panels = [...document.querySelectorAll('.ant-modal-container, .ant-drawer-content-wrapper')].filter(
    (panel) => panel.checkVisibility(),
  );
  for (const panel of panels) {
    const box = panel.getBoundingClientRect();
    const title = name(
      panel.querySelector('.ant-modal-title, .ant-drawer-title, .ant-modal-confirm-title') ?? panel,
    );
    if (box.left < -1 || box.right > width + 1)
      problems.push(`dialog ${title} spans ${Math.round(box.left)}…${Math.round(box.right)} px`);
    const parts = panel.querySelectorAll(
      'button, input:not([type="file"]):not([type="radio"]):not([type="checkbox"]), textarea, .ant-select',
    );
    for (const part of parts) {
      if (!part.checkVisibility()) continue;
      const rect = part.getBoundingClientRect();
      if (rect.width === 0) continue;
      // Inside a scrolling part of the dialog (a table), leaving the panel's box is scrolling, not cutting.
      let scrolled = false;
      for (let up = part.parentElement; up && up !== panel; up = up.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) scrolled = true;
      }
      if (scrolled) continue;
      if (rect.left < box.left - 1 || rect.right > box.right + 1)
        problems.push(
          `${part.tagName.toLowerCase()} ${name(part)} in ${title} spans ${Math.round(rect.left)}…${Math.round(rect.right)} of ${Math.round(box.left)}…${Math.round(box.right)}`,
        );
      if (part.tagName === 'BUTTON' && part.scrollWidth > part.clientWidth + 1)
        problems.push(
          `button ${name(part)} in ${title} cut to ${part.clientWidth} of ${part.scrollWidth} px`,
        );
    }
  }
  return problems;
}
