import { isApiRequestError } from '../../request/index.ts';

/**
 * True when a registration-by-scan failure says the scan itself is over (its `resigner_id`
 * expired or was used, 20002 on that field): only a new scan can help.
 */
export function scanIsOver(error: unknown): boolean {
  if (!isApiRequestError(error)) return false;
  const errors = (error.data as { errors?: unknown } | null)?.errors;
  return (
    Array.isArray(errors) &&
    errors.some((entry) => (entry as { path?: unknown } | null)?.path === 'resigner_id')
  );
}
