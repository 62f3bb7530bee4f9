/**
 * The uploader's two state machines (spec §4), as tables: each named transition lists the states
 * it leaves and where it goes. Anything not in a table is not allowed, and the uploader checks
 * every change against them, so the rules live here and nowhere else.
 */

/** Spec §4 "Upload item states" (Stoped is the spec's own spelling, kept for compatibility). */
export type UploadItemState = 'Ready' | 'Uploading' | 'Success' | 'Failure' | 'Canceled' | 'Stoped';

/** Spec §4 "Uploader states". */
export type UploaderState = 'Init' | 'Start' | 'Stop' | 'Failure' | 'Expire' | 'End';

type Table<S extends string, E extends string> = Record<E, Partial<Record<S, S>>>;

export type ItemTransition = 'reset' | 'pick' | 'succeed' | 'fail' | 'stop' | 'cancel' | 'resume';

const ITEM_TRANSITIONS: Table<UploadItemState, ItemTransition> = {
  /** §4 "Starting resets Failure and Stoped items to Ready". */
  reset: { Failure: 'Ready', Stoped: 'Ready' },
  /** §4 "… and picks the first Ready item". */
  pick: { Ready: 'Uploading' },
  /** §4 "On completion an item becomes Success". */
  succeed: { Uploading: 'Success' },
  /** §4 "On error an item becomes Failure". */
  fail: { Uploading: 'Failure' },
  /** §4 "Stopping marks the current item Stoped". */
  stop: { Uploading: 'Stoped' },
  /** §4 "Cancel makes a non-successful item Canceled". */
  cancel: { Ready: 'Canceled', Uploading: 'Canceled', Failure: 'Canceled', Stoped: 'Canceled' },
  /** §4 "A Canceled item can be resumed to Ready". */
  resume: { Canceled: 'Ready' },
};

export type UploaderTransition =
  | 'start'
  | 'stop'
  | 'itemFailed'
  | 'continue'
  | 'tokenExpired'
  | 'credentialsRenewed'
  | 'itemLeft'
  | 'drained';

const UPLOADER_TRANSITIONS: Table<UploaderState, UploaderTransition> = {
  /** startUpload; from Start, Expire or Failure the queue is already running (UploadAlearyStarted). */
  start: { Init: 'Start', Stop: 'Start', End: 'Start' },
  stop: { Start: 'Stop', Expire: 'Stop', Failure: 'Stop' },
  /** An item failed: the uploader is in Failure for the 100 ms before the next Ready item. */
  itemFailed: { Start: 'Failure', Expire: 'Failure' },
  /** §4 "the next Ready item starts after 100 ms". */
  continue: { Failure: 'Start' },
  /** §4 "On a token-expiry error the uploader becomes Expire and waits for new credentials". */
  tokenExpired: { Start: 'Expire' },
  /** §4 "It then returns to Start". */
  credentialsRenewed: { Expire: 'Start' },
  /** The item waiting for credentials was canceled or deleted: nothing is waiting any more. */
  itemLeft: { Expire: 'Start' },
  /** §4 "The queue ends in End when no Ready item is left". */
  drained: { Start: 'End', Failure: 'End' },
};

export const nextItemState = (
  state: UploadItemState,
  transition: ItemTransition,
): UploadItemState | undefined => ITEM_TRANSITIONS[transition][state];

export const nextUploaderState = (
  state: UploaderState,
  transition: UploaderTransition,
): UploaderState | undefined => UPLOADER_TRANSITIONS[transition][state];

/** The queue is running: an item is uploading, waiting for credentials, or about to be picked. */
export const isRunning = (state: UploaderState): boolean =>
  state === 'Start' || state === 'Expire' || state === 'Failure';
