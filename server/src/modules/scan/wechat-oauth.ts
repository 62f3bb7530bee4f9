import { createHash, randomBytes } from 'node:crypto';
import { API_PREFIX, ErrorCode } from '@dc/contract';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { builtinOauthCodes } from '../../db/schema/index.ts';
import { ApiError } from '../../http/api-error.ts';
import { message } from '../../http/messages.ts';
import { scanMessages } from './messages.ts';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Who vouches for the person scanning (DESIGN.md "Identity and tenancy": WechatOAuth). The QR
 * code encodes `authorizeUrl`; the provider sends the phone to `GET /callback?code=…&state=<ticket>`,
 * and `exchangeCode` turns that code into the scanner's openid.
 */
export interface WechatOAuth {
  readonly provider: 'builtin' | 'wechat';
  /** What the QR code of `ticket` encodes; `baseUrl` is this server's public address. */
  authorizeUrl(ticket: string, baseUrl: string): string;
  /** The openid behind a callback's code; null when the code is unknown, used or expired. */
  exchangeCode(code: string, state: string, now: Date): Promise<string | null>;
}

/** How long a built-in authorization code lives between the confirm page and the callback. */
const BUILTIN_CODE_TTL_MS = 60_000;

/**
 * The default provider: this server plays WeChat. The QR code opens this server's confirmation
 * page on the phone (`/scan/confirm`), which knows the device by a secret cookie it sets once;
 * the device's openid is derived from that secret. Confirming issues a one-time code and
 * redirects to the callback, exactly as WeChat's OAuth would. Works from any phone that reaches
 * this server (same network); nothing leaves the machine.
 */
export class BuiltinWechatOAuth implements WechatOAuth {
  readonly provider = 'builtin' as const;
  constructor(private readonly db: Database) {}

  authorizeUrl(ticket: string, baseUrl: string): string {
    return `${baseUrl}${API_PREFIX}/scan/confirm?ticket=${encodeURIComponent(ticket)}`;
  }

  /** The openid of a device, from its secret: stable per device, not reversible to the secret. */
  static openidOf(deviceSecret: string): string {
    return `builtin_${sha256(`device:${deviceSecret}`).slice(0, 40)}`;
  }

  /** A one-time code for `openid`, good for one minute and only with `ticket` as the state. */
  async issueCode(openid: string, ticket: string, now: Date): Promise<string> {
    const code = randomBytes(24).toString('base64url');
    await this.db.delete(builtinOauthCodes).where(lt(builtinOauthCodes.expiresAt, now));
    await this.db.insert(builtinOauthCodes).values({
      codeHash: sha256(code),
      ticketHash: sha256(ticket),
      openid,
      expiresAt: new Date(now.getTime() + BUILTIN_CODE_TTL_MS),
    });
    return code;
  }

  async exchangeCode(code: string, state: string, now: Date): Promise<string | null> {
    const [row] = await this.db
      .update(builtinOauthCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(builtinOauthCodes.codeHash, sha256(code)),
          eq(builtinOauthCodes.ticketHash, sha256(state)),
          isNull(builtinOauthCodes.usedAt),
          gt(builtinOauthCodes.expiresAt, now),
        ),
      )
      .returning({ openid: builtinOauthCodes.openid });
    return row?.openid ?? null;
  }
}

/** WeChat's answers for a code that is bad, used or expired (not an outage). */
const WECHAT_BAD_CODE_ERRORS = new Set([40029, 40163, 41008, 42003]);

/**
 * Real WeChat (WECHAT_APPID + WECHAT_SECRET, an Official Account's web authorization): the QR
 * code is WeChat's OAuth page for snsapi_base, which WeChat on the phone opens and redirects to
 * `PUBLIC_URL/designerapi/v1/callback` (that domain must be set as the account's OAuth domain).
 * The callback's code is exchanged at api.weixin.qq.com for the openid. Not exercised by the
 * tests (no network there); kept small on purpose.
 */
export class RealWechatOAuth implements WechatOAuth {
  readonly provider = 'wechat' as const;
  constructor(
    private readonly appId: string,
    private readonly secret: string,
  ) {}

  authorizeUrl(ticket: string, baseUrl: string): string {
    const params = new URLSearchParams({
      appid: this.appId,
      redirect_uri: `${baseUrl}${API_PREFIX}/callback`,
      response_type: 'code',
      scope: 'snsapi_base',
      state: ticket,
    });
    return `https://open.weixin.qq.com/connect/oauth2/authorize?${params}#wechat_redirect`;
  }

  async exchangeCode(code: string): Promise<string | null> {
    const url = new URL('https://api.weixin.qq.com/sns/oauth2/access_token');
    url.search = new URLSearchParams({
      appid: this.appId,
      secret: this.secret,
      code,
      grant_type: 'authorization_code',
    }).toString();
    let body: { openid?: unknown; errcode?: unknown };
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      body = (await response.json()) as typeof body;
    } catch {
      throw new ApiError(ErrorCode.unavailable, scanMessages.wechatUnreachable);
    }
    if (typeof body.errcode === 'number' && body.errcode !== 0) {
      if (WECHAT_BAD_CODE_ERRORS.has(body.errcode)) return null;
      throw new ApiError(
        ErrorCode.unavailable,
        message(scanMessages.wechatRefused, { errcode: String(body.errcode) }),
      );
    }
    return typeof body.openid === 'string' && body.openid ? body.openid : null;
  }
}

/** Real WeChat when WECHAT_APPID/WECHAT_SECRET are set, else the built-in flow. */
export function createWechatOAuth(config: Config, db: Database): WechatOAuth {
  return config.wechat
    ? new RealWechatOAuth(config.wechat.appId, config.wechat.secret)
    : new BuiltinWechatOAuth(db);
}
