import { ErrorCode, type ScanPollAnswer, type ScanTicket } from '@dc/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiRequestError } from '../../request/index.ts';
import { createScanTicket, pollScanTicket } from './service.ts';
import { useCountdown } from './use-countdown.ts';
import { usePageVisible } from './use-page-visible.ts';

/** How often the PC asks whether the phone has scanned and confirmed. */
export const SCAN_POLL_INTERVAL_MS = 2000;

/**
 * loading: asking for a ticket; failed: could not get one; waiting: shown, not scanned yet;
 * scanned: opened on a phone, not confirmed yet; expired: over, a click makes a new one;
 * confirmed: the phone confirmed, the answer went to `onConfirmed`.
 */
export type ScanPhase = 'loading' | 'failed' | 'waiting' | 'scanned' | 'expired' | 'confirmed';

export interface ScanTicketState {
  ticket: ScanTicket | null;
  phase: ScanPhase;
  /** Seconds until the QR code expires. */
  secondsLeft: number;
  refresh(): void;
}

/** A poll failure that means the ticket is gone (unknown to the server, or used up). */
const ticketIsGone = (error: unknown) =>
  isApiRequestError(error) && (error.code === ErrorCode.notFound || error.code === ErrorCode.codeInvalid);

/**
 * A scan ticket for the login page: made on mount and on `refresh`, expired after its 2 minutes,
 * polled every 2 s while it is open and the page is visible, and never after unmount. A
 * confirmed answer (a token, or a `resigner_id` for an unknown phone) goes to `onConfirmed`.
 */
export function useScanTicket(onConfirmed: (answer: ScanPollAnswer) => void): ScanTicketState {
  const [ticket, setTicket] = useState<ScanTicket | null>(null);
  const [phase, setPhase] = useState<ScanPhase>('loading');
  const { secondsLeft, finished, start, reset } = useCountdown();
  const visible = usePageVisible();
  // Answers to an older request (refreshed meanwhile, or unmounted) are dropped.
  const latestRequest = useRef(0);
  const onConfirmedRef = useRef(onConfirmed);
  useEffect(() => {
    onConfirmedRef.current = onConfirmed;
  });

  const refresh = useCallback(() => {
    latestRequest.current += 1;
    const serial = latestRequest.current;
    setPhase('loading');
    reset();
    createScanTicket().then(
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
  const ticketId = ticket?.ticket;
  useEffect(() => {
    if (!open || !visible || !ticketId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      timer = setTimeout(() => void pollOnce(), SCAN_POLL_INTERVAL_MS);
    };
    const pollOnce = async () => {
      let answer: ScanPollAnswer;
      try {
        answer = await pollScanTicket(ticketId, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) return;
        // Gone, or the request layer took over (20012 went to /status-info): stop asking. A
        // failure without an answer (network, 5xx) may pass: ask again.
        if (ticketIsGone(error) || (isApiRequestError(error) && error.handled)) setPhase('expired');
        else next();
        return;
      }
      if (controller.signal.aborted) return;
      if (answer.state === 'pending' || answer.state === 'scanned') {
        const open = answer.state === 'pending' ? 'waiting' : 'scanned';
        // An answer sent just before the code's 2 minutes ran out must not revive it.
        setPhase((current) => (current === 'expired' ? current : open));
        next();
      } else if (answer.state === 'confirmed' && (answer.token || answer.resigner_id)) {
        setPhase('confirmed');
        onConfirmedRef.current(answer);
      } else {
        setPhase('expired');
      }
    };
    next();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [open, visible, ticketId]);

  return { ticket, phase, secondsLeft, refresh };
}
