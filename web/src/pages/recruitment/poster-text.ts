/**
 * Line breaking for the recruitment poster's canvas (canvas has no text wrapping): Chinese
 * breaks between any two characters, Latin text between words (a word longer than the line is
 * broken by character); at most `maxLines`, the last one ending in an ellipsis when cut.
 */

/** Pieces that must stay together: a run of Latin letters/digits with its trailing space, or one other character. */
export function breakUnits(text: string): string[] {
  return text.match(/[A-Za-z0-9'’\-.,!?:;%]+ ?|\s|[^\sA-Za-z0-9]/gu) ?? [];
}

export function wrapText(
  text: string,
  maxWidth: number,
  measure: (piece: string) => number,
  maxLines = Number.POSITIVE_INFINITY,
): string[] {
  const lines: string[] = [];
  const paragraphs = text.replace(/\r\n?/g, '\n').split('\n');
  for (const paragraph of paragraphs) {
    let line = '';
    for (const unit of breakUnits(paragraph)) {
      if (measure(line + unit) <= maxWidth || line === '') {
        if (measure(unit) > maxWidth && line === '') {
          // A single unit wider than the line: break it by character.
          for (const ch of unit) {
            if (measure(line + ch) > maxWidth && line !== '') {
              lines.push(line);
              line = '';
            }
            line += ch;
          }
        } else {
          line += unit;
        }
      } else {
        lines.push(line.trimEnd());
        line = unit.trimStart();
      }
    }
    lines.push(line.trimEnd());
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last.length > 0 && measure(`${last}…`) > maxWidth) last = [...last].slice(0, -1).join('');
  kept[maxLines - 1] = `${last}…`;
  return kept;
}
