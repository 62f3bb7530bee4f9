import { fenToYuan } from '@dc/contract';

/** Basis points as a percentage with two decimals (`4523` → `45.23%`), integers only. */
export const basisPoints = (value: number) =>
  `${Math.trunc(value / 100)}.${String(value % 100).padStart(2, '0')}%`;

/** Hundredths of a star with two decimals (`467` → `4.67`). */
export const stars = (value: number) => `${Math.trunc(value / 100)}.${String(value % 100).padStart(2, '0')}`;

export const yuan = (fen: number) => fenToYuan(fen);
