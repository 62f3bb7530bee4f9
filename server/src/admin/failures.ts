import { ErrorCode } from '@dc/contract';
import { ApiError } from '../http/api-error.ts';
import { AdminFailure, AdminUsageError } from './registry.ts';

/**
 * Runs a service call for a command: a refused rule (40400, 40900…) becomes exit 1 with its
 * message, bad input (40000) exit 2.
 */
export async function asAdmin<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) {
      const fields = (error.data as { errors?: { path: string; message: string }[] } | null)?.errors ?? [];
      const message =
        error.message || fields.map((f) => `${f.path}: ${f.message}`).join('; ') || `error ${error.code}`;
      throw error.code === ErrorCode.validation ? new AdminUsageError(message) : new AdminFailure(message);
    }
    throw error;
  }
}

/** `12` or `#12`: a positive id, else a usage error naming `what`. */
export function idArgument(value: string | undefined, what: string): number {
  const id = value && /^#?\d{1,10}$/.test(value) ? Number(value.replace('#', '')) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new AdminUsageError(`${what}: a number such as 12 or #12`);
  }
  return id;
}
