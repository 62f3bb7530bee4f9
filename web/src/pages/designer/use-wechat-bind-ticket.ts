import type { WechatBinding } from '@dc/contract';
import {
  type QrScanPhase,
  type QrScanTicket,
  useQrScanTicket,
} from '../../components/qr-scan/use-qr-scan-ticket.ts';
import { bindWechat, createBindTicket, pollBindTicket } from './self-information-service.ts';

/** binding: the phone confirmed, yiDesigner/bindWechat is on its way; bound: done. */
export type WechatBindPhase = QrScanPhase<'binding' | 'bound'>;
/** `failure`: the server's message when binding failed (another account holds this WeChat: 20004). */
export type WechatBindTicket = QrScanTicket<'binding' | 'bound'>;

/**
 * A `bind` scan ticket for the session designer: polled every 2 s until the phone confirms, then
 * bound with yiDesigner/bindWechat; `onBound` gets the new binding. Nothing runs after unmount.
 */
export function useWechatBindTicket(onBound: (binding: WechatBinding) => void): WechatBindTicket {
  return useQrScanTicket<'binding' | 'bound'>({
    create: createBindTicket,
    poll: pollBindTicket,
    confirm: async (_answer, ticket, settle) => {
      settle('binding');
      try {
        const binding = await bindWechat(ticket);
        if (settle('bound')) onBound(binding);
      } catch (error) {
        settle('failed', error instanceof Error ? error.message : String(error));
      }
    },
  });
}
