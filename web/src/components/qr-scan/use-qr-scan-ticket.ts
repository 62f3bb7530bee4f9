import type { ScanPollAnswer, ScanTicket } from '@dc/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCountdown } from '../use-countdown.ts';
import { usePageVisible } from '../use-page-visible.ts';

/** How often the PC asks whether the phone has scanned and confirmed. */
export const QR_SCAN_POLL_INTERVAL_MS = 2000;

/**
 * loading: asking for a ticket; failed: could not get one (or what followed the phone's
 * confirmation failed); waiting: shown, not scanned yet; scanned: opened on a phone, not confirmed
 * yet; expired: over, a refresh makes a new one. `Done`: the phases after the phone confirmed,
 * which the ticket's user sets (a login's `confirmed`, a binding's `binding` and `bound`).
 */
export type QrScanPhase<Done extends string = never> =
  | 'loading'
  | 'failed'
  | 'waiting'
  | 'scanned'
  | 'expired'
  | Done;

/**
 * Moves a confirmed ticket on (`failure`: the message shown with `failed`). Returns false, and
 * changes nothing, once a refresh or unmount has passed this ticket by.
 */
export type QrScanSettle<Done extends string> = (
  phase: Done | 'failed' | 'expired',
  failure?: string,
) => boolean;

export interface QrScanTicketSource<Done extends string> {
  create(): Promise<ScanTicket>;
  /** One poll of `ticket`, proven with the `pollSecret` it was created with (never in a URL). */
  poll(ticket: string, signal: AbortSignal, pollSecret: string): Promise<ScanPollAnswer>;
  /** The phone confirmed: polling is over, `settle` says what comes of it (now or later). */
  confirm(answer: ScanPollAnswer, ticket: string, settle: QrScanSettle<Done>): void;
  /**
   * A poll failure after which asking again is pointless: the code shows as expired. Any other
   * failure (network, a restart) is asked again; the countdown still ends it.
   */
  isFinal?(error: unknown): boolean;
  /** Asks nothing while the page is hidden. */
  pauseWhileHidden?: boolean;
}

export interface QrScanTicket<Done extends string> {
  ticket: ScanTicket | null;
  phase: QrScanPhase<Done>;
  /** Seconds until the QR code expires. */
  secondsLeft: number;
  /** The message of a failure after the phone confirmed; null otherwise. */
  failure: string | null;
  refresh(): void;
}

/**
 * A scan ticket: made on mount and on `refresh`, expired after its life (2 minutes), polled every
 * 2 s while it is open, and never after unmount; the phone's confirmation goes to `confirm`.
 * Answers to an older ticket (refreshed meanwhile, or unmounted) are dropped.
 */
export function useQrScanTicket<Done extends string>(source: QrScanTicketSource<Done>): QrScanTicket<Done> {
  const [ticket, setTicket] = useState<ScanTicket | null>(null);
  const [phase, setPhase] = useState<QrScanPhase<Done>>('loading');
  const [failure, setFailure] = useState<string | null>(null);
  const { secondsLeft, finished, start, reset } = useCountdown();
  const visible = usePageVisible();
  const latestRequest = useRef(0);
  const sourceRef = useRef(source);
  useEffect(() => {
    sourceRef.current = source;
  });

  const refresh = useCallback(() => {
    latestRequest.current += 1;
    const serial = latestRequest.current;
    setPhase('loading');
    setFailure(null);
    reset();
    sourceRef.current.create().then(
      (next) => {
        if (serial !== latestRequest.current) return;
        setTicket(next);
        setPhase('waiting');
        start(next.expiresIn);
      },
      () => {
        if (serial === latestRequest.current) setPhase('failed');
      },
    );
  }, [start, reset]);

  useEffect(() => {
    refresh();
    return () => {
      latestRequest.current += 1;
    };
  }, [refresh]);

  useEffect(() => {
    if (finished)
      setPhase((current) => (current === 'waiting' || current === 'scanned' ? 'expired' : current));
  }, [finished]);

  const open = phase === 'waiting' || phase === 'scanned';
  const paused = Boolean(source.pauseWhileHidden) && !visible;
  const ticketId = ticket?.ticket;
  const pollSecret = ticket?.pollSecret ?? '';
  useEffect(() => {
    if (!open || paused || !ticketId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      timer = setTimeout(() => void pollOnce(), QR_SCAN_POLL_INTERVAL_MS);
    };
    // Leaving 'waiting'/'scanned' ends this effect, so what `confirm` starts outlives it: only a
    // refresh or unmount (a new serial) drops its outcome.
    const settleFor =
      (serial: number): QrScanSettle<Done> =>
      (settled, message) => {
        if (serial !== latestRequest.current) return false;
        if (message !== undefined) setFailure(message);
        setPhase(settled);
        return true;
      };
    const pollOnce = async () => {
      let answer: ScanPollAnswer;
      try {
        answer = await sourceRef.current.poll(ticketId, controller.signal, pollSecret);
      } catch (error) {
        if (controller.signal.aborted) return;
        if (sourceRef.current.isFinal?.(error)) setPhase('expired');
        else next();
        return;
      }
      if (controller.signal.aborted) return;
      if (answer.state === 'pending' || answer.state === 'scanned') {
        const open = answer.state === 'pending' ? 'waiting' : 'scanned';
        // An answer sent just before the code's life ran out must not revive it.
        setPhase((current) => (current === 'expired' ? current : open));
        next();
      } else if (answer.state === 'confirmed') {
        sourceRef.current.confirm(answer, ticketId, settleFor(latestRequest.current));
      } else {
        setPhase('expired');
      }
    };
    next();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [open, paused, ticketId, pollSecret]);

  return { ticket, phase, secondsLeft, failure, refresh };
}
