import type { Envelope } from '@dc/contract';

/** The success envelope: code 200, status 0. */
export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: 200, status: 0, msg, data };
}
