import { isApiRequestError } from '../../request/index.ts';

/** A field problem the server named: `variants.2.sku`, `title`… */
export interface ServerFieldProblem {
  path: string;
  message: string;
}

/**
 * The field problems of a failed save: 40000 (validation) and 40900 (a SKU or name taken)
 * both carry `data.errors: [{path, message}]`; anything else has none.
 */
export function serverFieldProblems(error: unknown): ServerFieldProblem[] {
  if (!isApiRequestError(error)) return [];
  const errors = (error.data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (e): e is ServerFieldProblem =>
      typeof e === 'object' && e !== null && typeof e.path === 'string' && typeof e.message === 'string',
  );
}

/** The message of a failed call to show as a whole (the server's `msg`), or undefined. */
export const serverMessageOf = (error: unknown): string | undefined =>
  isApiRequestError(error) && !error.handled ? error.msg : undefined;
