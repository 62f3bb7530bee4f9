import type { SmsPurpose } from '@dc/contract';
import { lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { smsOutbox } from '../../db/schema/index.ts';
import { DAY_MS } from '../../time/business-day.ts';

const OUTBOX_KEEP_MS = 7 * DAY_MS;

/** One text message to one phone. */
export interface SmsMessage {
  phone: string;
  purpose: SmsPurpose;
  text: string;
}

/**
 * Sends text messages (DESIGN.md "Identity and tenancy"). The default writes to the outbox table
 * and the server log; real providers plug in here, chosen by `SMS_PROVIDER`. `send` rejects when
 * the message could not be handed over; the code is then not kept.
 */
export interface SmsSender {
  readonly name: Config['smsProvider'];
  send(message: SmsMessage): Promise<void>;
}

/** `138****0001`: what logs and the members list show of a phone. */
export const maskPhone = (phone: string) =>
  phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';

/**
 * SMS_PROVIDER=outbox (default): the message goes to the `sms_outbox` table, which the operator
 * reads at /designerapi/v1/dev/outbox (loopback only) or with `npm run admin -- outbox`, and to
 * one server log line. Nothing leaves the machine: a public install needs a real provider.
 */
export class OutboxSmsSender implements SmsSender {
  readonly name = 'outbox' as const;
  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const now = this.now();
    // The outbox keeps a week of messages.
    await this.db.delete(smsOutbox).where(lt(smsOutbox.createdAt, new Date(now.getTime() - OUTBOX_KEEP_MS)));
    await this.db.insert(smsOutbox).values({ ...message, createdAt: now });
    this.log.info(
      { sms: { to: maskPhone(message.phone), purpose: message.purpose } },
      `SMS outbox → ${message.phone}: ${message.text}`,
    );
  }
}

/**
 * SMS_PROVIDER=webhook: POSTs `{phone, purpose, text}` as JSON to SMS_WEBHOOK_URL, for a gateway
 * of the operator's choosing (a cloud SMS service behind a small relay). A non-2xx answer, a
 * network failure or 10 s without answer is a failed send.
 */
export class WebhookSmsSender implements SmsSender {
  readonly name = 'webhook' as const;
  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS webhook answered HTTP ${response.status}`);
    } catch (error) {
      this.log.error({ err: error, sms: { to: maskPhone(message.phone) } }, 'SMS webhook failed');
      throw error;
    }
  }
}

export function createSmsSender(config: Config, db: Database, log: FastifyBaseLogger): SmsSender {
  if (config.smsProvider === 'webhook' && config.smsWebhookUrl)
    return new WebhookSmsSender(config.smsWebhookUrl, log);
  return new OutboxSmsSender(db, log, config.now);
}
