import type { ScanPollAnswer, ScanTicket, WechatBinding } from '@dc/contract';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const service = vi.hoisted(() => ({
  createBindTicket: vi.fn<() => Promise<ScanTicket>>(),
  pollBindTicket:
    vi.fn<(ticket: string, signal: AbortSignal, pollSecret: string) => Promise<ScanPollAnswer>>(),
  bindWechat: vi.fn<(ticket: string) => Promise<WechatBinding>>(),
}));
vi.mock('../../src/pages/designer/self-information-service.ts', () => service);

const { useWechatBindTicket } = await import('../../src/pages/designer/use-wechat-bind-ticket.ts');
const { QR_SCAN_POLL_INTERVAL_MS } = await import('../../src/components/qr-scan/use-qr-scan-ticket.ts');
type State = ReturnType<typeof useWechatBindTicket>;

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let serial = 0;
const ticketOf = (): ScanTicket => {
  serial += 1;
  return {
    ticket: `bind-${serial}`,
    pollSecret: `secret-${serial}`,
    qrUrl: `http://192.168.1.2:3000/designerapi/v1/scan/confirm?ticket=bind-${serial}`,
    expiresAt: '2026-01-01 00:02:00',
    expiresIn: 120,
  };
};
const BOUND: WechatBinding = { bound: true, boundAt: '2026-01-01 00:01:00' };

let root: Root;
let state: State;
const bound = vi.fn<(binding: WechatBinding) => void>();
function Probe() {
  state = useWechatBindTicket(bound);
  return null;
}
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(async () => {
  vi.useFakeTimers();
  service.createBindTicket.mockReset().mockImplementation(async () => ticketOf());
  service.pollBindTicket.mockReset().mockResolvedValue({ state: 'pending' });
  service.bindWechat.mockReset().mockResolvedValue(BOUND);
  bound.mockReset();
  root = createRoot(document.createElement('div'));
  await act(async () => root.render(<Probe />));
});
afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

describe('useWechatBindTicket: 个人信息 › 绑定微信 (issue 4 item 6)', () => {
  it('once the phone confirms, binds that ticket, hands the binding over and stops polling', async () => {
    expect(state.phase).toBe('waiting');
    const ticket = state.ticket?.ticket;
    service.pollBindTicket.mockResolvedValueOnce({ state: 'confirmed' });
    await advance(QR_SCAN_POLL_INTERVAL_MS);
    expect(service.bindWechat).toHaveBeenCalledWith(ticket);
    expect(state.phase).toBe('bound');
    expect(bound).toHaveBeenCalledWith(BOUND);
    await advance(QR_SCAN_POLL_INTERVAL_MS * 3);
    expect(service.pollBindTicket).toHaveBeenCalledTimes(1);
  });

  it('shows "binding" while the bind call is on its way', async () => {
    service.bindWechat.mockImplementationOnce(() => new Promise(() => undefined));
    service.pollBindTicket.mockResolvedValueOnce({ state: 'confirmed' });
    await advance(QR_SCAN_POLL_INTERVAL_MS);
    expect(state.phase).toBe('binding');
    expect(bound).not.toHaveBeenCalled();
  });

  it("a refused binding shows the server's message, and a refresh clears it with a new ticket", async () => {
    service.bindWechat.mockRejectedValueOnce(new Error('该微信已绑定其他账号'));
    service.pollBindTicket.mockResolvedValueOnce({ state: 'confirmed' });
    await advance(QR_SCAN_POLL_INTERVAL_MS);
    expect(state.phase).toBe('failed');
    expect(state.failure).toBe('该微信已绑定其他账号');
    await act(async () => state.refresh());
    expect(state.phase).toBe('waiting');
    expect(state.failure).toBeNull();
    expect(service.createBindTicket).toHaveBeenCalledTimes(2);
  });

  it('a binding that answers after a refresh is dropped', async () => {
    let answer: (binding: WechatBinding) => void = () => undefined;
    service.bindWechat.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    service.pollBindTicket.mockResolvedValueOnce({ state: 'confirmed' });
    await advance(QR_SCAN_POLL_INTERVAL_MS);
    await act(async () => state.refresh());
    await act(async () => answer(BOUND));
    expect(state.phase).toBe('waiting');
    expect(bound).not.toHaveBeenCalled();
  });

  it('keeps asking after any poll failure; the countdown still ends the code', async () => {
    service.pollBindTicket.mockRejectedValue(new Error('network'));
    await advance(QR_SCAN_POLL_INTERVAL_MS * 3);
    expect(service.pollBindTicket).toHaveBeenCalledTimes(3);
    expect(state.phase).toBe('waiting');
    await advance(120_000);
    expect(state.phase).toBe('expired');
  });
});
