/** Yuan as typed (`'12.3'`, `'12.30'`) to integer fen by string arithmetic; undefined when not money. */
export function yuanTextToFen(text: string | number | null | undefined): number | undefined {
  if (text === null || text === undefined) return undefined;
  const value = String(text).trim();
  const match = /^(-?)(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return undefined;
  const fen = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -fen : fen;
}
