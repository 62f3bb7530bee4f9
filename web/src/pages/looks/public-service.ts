import { type LookEventBody, looksApi } from '@dc/contract';
import { call } from '../../api/call.ts';

/** The public page's calls: no session, no toasts (the page says what went wrong itself). */
export const fetchPublicLook = (id: number, signal?: AbortSignal) =>
  call(looksApi.publicDetail, { params: { id } }, { signal, showErrorMessage: false });

/** Counts what the viewer did; a failure to count is never the viewer's problem. */
export const sendLookEvent = (id: number, event: LookEventBody) =>
  call(
    looksApi.publicEvent,
    { params: { id }, body: event },
    { showErrorMessage: false, cancelDuplicate: false },
  ).catch(() => undefined);

/** Whether this browser can draw WebGL at all (checked before three.js is fetched). */
export function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}
