import { ErrorCode, type ScanPollAnswer } from '@dc/contract';
import {
  QR_SCAN_POLL_INTERVAL_MS,
  type QrScanPhase,
  type QrScanTicket,
  useQrScanTicket,
} from '../../components/qr-scan/use-qr-scan-ticket.ts';
import { isApiRequestError } from '../../request/index.ts';
import { createScanTicket, pollScanTicket } from './service.ts';

/** How often the PC asks whether the phone has scanned and confirmed. */
export const SCAN_POLL_INTERVAL_MS = QR_SCAN_POLL_INTERVAL_MS;

/** The login code's phases; confirmed: the phone confirmed, the answer went to `onConfirmed`. */
export type ScanPhase = QrScanPhase<'confirmed'>;
export type ScanTicketState = QrScanTicket<'confirmed'>;

/**
 * A poll failure after which the ticket is gone (unknown to the server, or used up), or the
 * request layer took over (20012 went to /status-info). A failure without an answer (network,
 * 5xx) may pass: it is asked again.
 */
const ticketIsGone = (error: unknown) =>
  isApiRequestError(error) &&
  (error.code === ErrorCode.notFound || error.code === ErrorCode.codeInvalid || error.handled);

/**
 * A scan ticket for the login page, polled while the page is visible. A confirmed answer (a
 * token, or a `resigner_id` for an unknown phone) goes to `onConfirmed`; one with neither is
 * taken as expired.
 */
export function useScanTicket(onConfirmed: (answer: ScanPollAnswer) => void): ScanTicketState {
  return useQrScanTicket<'confirmed'>({
    create: createScanTicket,
    poll: pollScanTicket,
    isFinal: ticketIsGone,
    pauseWhileHidden: true,
    confirm: (answer, _ticket, settle) => {
      if (!answer.token && !answer.resigner_id) settle('expired');
      else if (settle('confirmed')) onConfirmed(answer);
    },
  });
}
