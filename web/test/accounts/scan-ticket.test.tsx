import type { ScanPollAnswer, ScanTicket } from '@dc/contract';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../src/request/index.ts';

const service = vi.hoisted(() => ({
  createScanTicket: vi.fn<() => Promise<ScanTicket>>(),
  pollScanTicket:
    vi.fn<(ticket: string, signal: AbortSignal, pollSecret: string) => Promise<ScanPollAnswer>>(),
}));
vi.mock('../../src/pages/start/service.ts', () => service);

const { SCAN_POLL_INTERVAL_MS, useScanTicket } = await import('../../src/pages/start/use-scan-ticket.ts');
type State = ReturnType<typeof useScanTicket>;

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let serial = 0;
const ticketOf = (expiresIn = 120): ScanTicket => {
  serial += 1;
  return {
    ticket: `ticket-${serial}`,
    pollSecret: `secret-${serial}`,
    qrUrl: `http://192.168.1.2:3000/designerapi/v1/scan/confirm?ticket=ticket-${serial}`,
    expiresAt: '2026-01-01 00:02:00',
    expiresIn,
  };
};

let root: Root;
let state: State;
const confirmed = vi.fn<(answer: ScanPollAnswer) => void>();
function Probe() {
  state = useScanTicket(confirmed);
  return null;
}

/** Lets timers run and the promises they start settle. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(async () => {
  vi.useFakeTimers();
  service.createScanTicket.mockReset().mockImplementation(async () => ticketOf());
  service.pollScanTicket.mockReset().mockResolvedValue({ state: 'pending' });
  confirmed.mockReset();
  root = createRoot(document.createElement('div'));
  await act(async () => root.render(<Probe />));
});
afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

describe('useScanTicket: the login page QR code', () => {
  it('gets a ticket on mount and polls it every 2 s', async () => {
    expect(state.phase).toBe('waiting');
    expect(state.ticket?.ticket).toBe(`ticket-${serial}`);
    expect(state.secondsLeft).toBe(120);
    await advance(SCAN_POLL_INTERVAL_MS);
    expect(service.pollScanTicket).toHaveBeenCalledTimes(1);
    expect(service.pollScanTicket.mock.calls[0]?.[0]).toBe(state.ticket?.ticket);
    await advance(SCAN_POLL_INTERVAL_MS * 3);
    expect(service.pollScanTicket).toHaveBeenCalledTimes(4);
  });

  it('issue 16: every poll proves the ticket with the pollSecret it was created with', async () => {
    await advance(SCAN_POLL_INTERVAL_MS);
    expect(service.pollScanTicket.mock.calls[0]?.[2]).toBe(state.ticket?.pollSecret);
    expect(state.ticket?.qrUrl).not.toContain(state.ticket?.pollSecret ?? '-');
  });

  it('shows "scanned" and, once confirmed, hands the answer over and stops polling', async () => {
    service.pollScanTicket.mockResolvedValueOnce({ state: 'scanned' });
    await advance(SCAN_POLL_INTERVAL_MS);
    expect(state.phase).toBe('scanned');
    service.pollScanTicket.mockResolvedValueOnce({ state: 'confirmed', resigner_id: 'r-1' });
    await advance(SCAN_POLL_INTERVAL_MS);
    expect(state.phase).toBe('confirmed');
    expect(confirmed).toHaveBeenCalledWith({ state: 'confirmed', resigner_id: 'r-1' });
    await advance(SCAN_POLL_INTERVAL_MS * 3);
    expect(service.pollScanTicket).toHaveBeenCalledTimes(2);
  });

  it('expires after its 2 minutes by itself, stops polling, and a refresh makes a new ticket', async () => {
    const first = state.ticket?.ticket;
    await advance(120_000);
    expect(state.phase).toBe('expired');
    const polls = service.pollScanTicket.mock.calls.length;
    await advance(SCAN_POLL_INTERVAL_MS * 3);
    expect(service.pollScanTicket).toHaveBeenCalledTimes(polls);
    await act(async () => state.refresh());
    expect(state.phase).toBe('waiting');
    expect(state.ticket?.ticket).not.toBe(first);
    expect(service.createScanTicket).toHaveBeenCalledTimes(2);
  });

  it('a pending answer arriving after the 2 minutes ran out does not revive the code', async () => {
    let answer: (value: ScanPollAnswer) => void = () => undefined;
    service.pollScanTicket.mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    await advance(118_000);
    await advance(2_000);
    expect(state.phase).toBe('expired');
    await act(async () => answer({ state: 'pending' }));
    expect(state.phase).toBe('expired');
  });

  it('takes the server at its word: an expired answer or an unknown ticket is expired', async () => {
    service.pollScanTicket.mockResolvedValueOnce({ state: 'expired' });
    await advance(SCAN_POLL_INTERVAL_MS);
    expect(state.phase).toBe('expired');
    await act(async () => state.refresh());
    service.pollScanTicket.mockRejectedValueOnce(
      new ApiRequestError({ code: 40400, status: 1, msg: '二维码无效', data: null }, 404),
    );
    await advance(SCAN_POLL_INTERVAL_MS);
    expect(state.phase).toBe('expired');
  });

  it('keeps asking after a failure without an answer', async () => {
    service.pollScanTicket.mockRejectedValueOnce(new Error('network'));
    await advance(SCAN_POLL_INTERVAL_MS * 2);
    expect(service.pollScanTicket).toHaveBeenCalledTimes(2);
    expect(state.phase).toBe('waiting');
  });

  it('pauses while the page is hidden', async () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await advance(SCAN_POLL_INTERVAL_MS * 3);
    expect(service.pollScanTicket).not.toHaveBeenCalled();
    visibility.mockReturnValue('visible');
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await advance(SCAN_POLL_INTERVAL_MS);
    expect(service.pollScanTicket).toHaveBeenCalledTimes(1);
    visibility.mockRestore();
  });

  it('stops on unmount, cancelling the poll in flight', async () => {
    let signal: AbortSignal | undefined;
    service.pollScanTicket.mockImplementationOnce((_ticket, given) => {
      signal = given;
      return new Promise(() => undefined);
    });
    await advance(SCAN_POLL_INTERVAL_MS);
    act(() => root.unmount());
    expect(signal?.aborted).toBe(true);
    await advance(SCAN_POLL_INTERVAL_MS * 3);
    expect(service.pollScanTicket).toHaveBeenCalledTimes(1);
    root = createRoot(document.createElement('div'));
  });
});
