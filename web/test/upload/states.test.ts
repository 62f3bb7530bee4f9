import { describe, expect, it } from 'vitest';
import {
  isRunning,
  nextItemState,
  nextUploaderState,
  type UploaderState,
  type UploadItemState,
} from '../../src/upload/index.ts';

const ITEM_STATES: UploadItemState[] = ['Ready', 'Uploading', 'Success', 'Failure', 'Canceled', 'Stoped'];
const UPLOADER_STATES: UploaderState[] = ['Init', 'Start', 'Stop', 'Failure', 'Expire', 'End'];

/** Every state a transition leaves from, mapped to where it goes. */
const itemMoves = (transition: Parameters<typeof nextItemState>[1]) =>
  Object.fromEntries(
    ITEM_STATES.flatMap((state) => {
      const next = nextItemState(state, transition);
      return next ? [[state, next]] : [];
    }),
  );
const uploaderMoves = (transition: Parameters<typeof nextUploaderState>[1]) =>
  Object.fromEntries(
    UPLOADER_STATES.flatMap((state) => {
      const next = nextUploaderState(state, transition);
      return next ? [[state, next]] : [];
    }),
  );

describe('§4 upload item states', () => {
  it('§4 "Starting resets Failure and Stoped items to Ready"', () => {
    expect(itemMoves('reset')).toEqual({ Failure: 'Ready', Stoped: 'Ready' });
  });
  it('§4 "… and picks the first Ready item" (Ready → Uploading)', () => {
    expect(itemMoves('pick')).toEqual({ Ready: 'Uploading' });
  });
  it('§4 "On completion an item becomes Success"', () => {
    expect(itemMoves('succeed')).toEqual({ Uploading: 'Success' });
  });
  it('§4 "On error an item becomes Failure"', () => {
    expect(itemMoves('fail')).toEqual({ Uploading: 'Failure' });
  });
  it('§4 "Cancel makes a non-successful item Canceled"', () => {
    expect(itemMoves('cancel')).toEqual({
      Ready: 'Canceled',
      Uploading: 'Canceled',
      Failure: 'Canceled',
      Stoped: 'Canceled',
    });
    expect(nextItemState('Success', 'cancel')).toBeUndefined();
  });
  it('§4 "A Canceled item can be resumed to Ready"', () => {
    expect(itemMoves('resume')).toEqual({ Canceled: 'Ready' });
  });
  it('§4 "Stopping marks the current item Stoped"', () => {
    expect(itemMoves('stop')).toEqual({ Uploading: 'Stoped' });
  });
  it('Success is final', () => {
    for (const transition of ['reset', 'pick', 'succeed', 'fail', 'stop', 'cancel', 'resume'] as const)
      expect(nextItemState('Success', transition)).toBeUndefined();
  });
});

describe('§4 uploader states', () => {
  it('startUpload from Init, Stop or End goes to Start; while running it is refused (UploadAlearyStarted)', () => {
    expect(uploaderMoves('start')).toEqual({ Init: 'Start', Stop: 'Start', End: 'Start' });
    for (const running of ['Start', 'Expire', 'Failure'] as const) expect(isRunning(running)).toBe(true);
    for (const idle of ['Init', 'Stop', 'End'] as const) expect(isRunning(idle)).toBe(false);
  });
  it('§4 "On a token-expiry error the uploader becomes Expire … It then returns to Start"', () => {
    expect(uploaderMoves('tokenExpired')).toEqual({ Start: 'Expire' });
    expect(uploaderMoves('credentialsRenewed')).toEqual({ Expire: 'Start' });
  });
  it('an item failing puts the uploader in Failure until the next Ready item starts after 100 ms', () => {
    expect(uploaderMoves('itemFailed')).toEqual({ Start: 'Failure', Expire: 'Failure' });
    expect(uploaderMoves('continue')).toEqual({ Failure: 'Start' });
  });
  it('§4 "The queue ends in End when no Ready item is left"', () => {
    expect(uploaderMoves('drained')).toEqual({ Start: 'End', Failure: 'End' });
  });
  it('stopping a running queue goes to Stop', () => {
    expect(uploaderMoves('stop')).toEqual({ Start: 'Stop', Expire: 'Stop', Failure: 'Stop' });
  });
  it('the item waiting for new credentials leaving the queue ends the wait', () => {
    expect(uploaderMoves('itemLeft')).toEqual({ Expire: 'Start' });
  });
});
