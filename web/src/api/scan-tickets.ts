import { SCAN_POLL_SECRET_HEADER, type ScanPurpose, scanApi } from '@dc/contract';
import { call } from './call.ts';

/**
 * The scan tickets (spec section 7): the QR code a WeChat scans, used to log in or register
 * (the start screens) and to bind WeChat to the account (self information). Quiet: each screen
 * shows the ticket's failures in its own QR panel.
 */
const quiet = { showErrorMessage: false } as const;

/** `POST /scan-tickets`: a one-time ticket (2 minutes) and the URL its QR code shows. */
export const createScanTicketFor = (purpose: ScanPurpose) =>
  call(scanApi.createTicket, { body: { purpose } }, quiet);

/**
 * `GET codePcRegister?ticket=…`: the PC's poll, proven by the ticket's poll secret in a header
 * (the QR code, and so the phone, never sees it).
 */
export const pollScanTicket = (ticket: string, signal: AbortSignal, pollSecret: string) =>
  call(
    scanApi.poll,
    { query: { ticket } },
    { headers: { [SCAN_POLL_SECRET_HEADER]: pollSecret }, signal, ...quiet },
  );
