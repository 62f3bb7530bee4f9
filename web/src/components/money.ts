/** Formats integer fen as yuan with two decimals, without floating-point arithmetic on the amount. */
export function formatFen(fen: number, locale: string): string {
  const negative = fen < 0;
  const abs = Math.abs(fen);
  const yuan = Math.trunc(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${yuan.toLocaleString(locale)}.${cents}`;
}
