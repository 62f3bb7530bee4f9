import { randomBytes } from 'node:crypto';
import {
  API_PREFIX,
  bindWechatBodySchema,
  createScanTicketBodySchema,
  envelopeSchema,
  errorCatalogue,
  registerAnswerSchema,
  scanCallbackQuerySchema,
  scanConfirmBodySchema,
  scanConfirmQuerySchema,
  scanPollAnswerSchema,
  scanPollQuerySchema,
  scanRegisterQuerySchema,
  scanTicketSchema,
  wechatBindingSchema,
} from '@dc/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { ApiError } from '../../http/api-error.ts';
import { ok } from '../../http/envelope.ts';
import { publicConsoleUrl } from '../../http/public-origin.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { accountCtx, say } from '../auth/context.ts';
import { html, messagePage, page } from './pages.ts';
import {
  acceptCallback,
  answerConfirmed,
  bindWechat,
  confirmOnDevice,
  createTicket,
  markScanned,
  pollTicket,
  registerByScan,
  unbindWechat,
} from './service.ts';
import { BuiltinWechatOAuth, createWechatOAuth, type WechatOAuth } from './wechat-oauth.ts';

const TAGS = ['scan'];
/** The built-in provider's device identity: a secret only this phone's browser holds. */
const DEVICE_COOKIE = 'dc_scan_device';
const DEVICE_SECRET = /^[A-Za-z0-9_-]{43}$/;
const TWO_YEARS_SECONDS = 2 * 365 * 86_400;

/**
 * The address phones should use (QR codes, the WeChat redirect, share links): PUBLIC_URL when
 * set, else the request's own origin when its host is allowed (`http/public-origin.ts`).
 */
export function publicBaseUrl(config: Config, request: FastifyRequest): string {
  return publicConsoleUrl(config, {
    protocol: request.protocol,
    host: request.host,
    localPort: request.raw.socket?.localPort,
  });
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/** Page titles and texts of the failures a phone can meet. */
function failurePage(error: ApiError): { title: string; zhCN: string; enUS: string } {
  switch (error.code) {
    case 40400:
      return { title: '二维码无效', zhCN: '这个二维码无效。', enUS: 'This QR code is not valid.' };
    case 20002:
      return {
        title: '二维码已过期',
        zhCN: '二维码已过期或已使用，请在电脑上刷新二维码后重新扫码。',
        enUS: 'This QR code has expired or was used: refresh it on the computer and scan again.',
      };
    case 40000:
      return {
        title: '请重新扫码',
        zhCN: '无法确认此设备，请重新扫码打开本页（需要允许 Cookie）。',
        enUS: 'This device could not be recognised: scan the QR code again (cookies must be allowed).',
      };
    default:
      return {
        title: '出错了',
        zhCN: error.message || '请稍后再试。',
        enUS: 'Something went wrong; try again later.',
      };
  }
}

/** Renders a thrown ApiError as a page with its catalogue status; rethrows anything else. */
function sendFailurePage(reply: FastifyReply, error: unknown) {
  if (!(error instanceof ApiError)) throw error;
  const { title, zhCN, enUS } = failurePage(error);
  return reply
    .code(error.httpStatus ?? errorCatalogue[error.code].httpStatus)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(messagePage(title, zhCN, enUS));
}

/** Scan-code login (spec section 7: codePcRegister, callback) through the WechatOAuth provider. */
export async function scanRoutes(scope: FastifyInstance) {
  const oauth = createWechatOAuth(scope.config, scope.db);
  await scope.register(async (child) => publicRoutes(child, oauth));
  await scope.register(guardedRoutes);
}

async function publicRoutes(scope: FastifyInstance, oauth: WechatOAuth) {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/scan-tickets',
    {
      schema: {
        tags: TAGS,
        summary: 'A one-time scan ticket (2 minutes) and its QR URL; purpose bind needs a session',
        body: createScanTicketBodySchema,
        response: { 200: envelopeSchema(scanTicketSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      let designerId: number | undefined;
      if (request.body.purpose === 'bind') {
        await app.requireSession(request);
        designerId = designerIdOf(request);
      }
      const ticket = await createTicket(ctx, oauth, {
        purpose: request.body.purpose,
        designerId,
        baseUrl: publicBaseUrl(app.config, request),
      });
      return ok(ticket);
    },
  );

  app.get(
    '/codePcRegister',
    {
      schema: {
        tags: TAGS,
        summary: "The PC's poll of a ticket: pending, scanned, expired, or confirmed (token or resigner_id)",
        querystring: scanPollQuerySchema,
        response: { 200: envelopeSchema(scanPollAnswerSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const answer = await pollTicket(ctx, request.query.ticket);
      return ok(answer, pollMessage(ctx.lang, answer.state, answer.token !== undefined));
    },
  );

  app.post(
    '/codePcRegister',
    {
      schema: {
        tags: TAGS,
        summary: 'Register by scan (query params): bind the scanned WeChat to a new or an existing account',
        querystring: scanRegisterQuerySchema,
        response: { 200: envelopeSchema(registerAnswerSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      return ok(await registerByScan(ctx, request.query), say(ctx.lang, '绑定成功', 'WeChat bound'));
    },
  );

  app.get(
    '/callback',
    {
      schema: {
        tags: TAGS,
        summary:
          'OAuth callback (code, state=ticket): a page for the phone, or with Accept JSON the poll answer (token, newly_register)',
        querystring: scanCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      const ctx = accountCtx(app, request);
      if (!wantsHtml(request)) {
        const confirmed = await acceptCallback(ctx, oauth, request.query);
        const answer = await answerConfirmed(ctx, confirmed);
        return ok(answer, pollMessage(ctx.lang, answer.state, answer.token !== undefined));
      }
      try {
        const confirmed = await acceptCallback(ctx, oauth, request.query);
        const bind = confirmed.purpose === 'bind';
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(
            messagePage(
              '已确认',
              bind ? '已确认绑定，请回到电脑上完成。' : '已确认登录，请回到电脑上继续。',
              bind ? 'Confirmed: finish binding on your computer.' : 'Confirmed: continue on your computer.',
              'ok',
            ),
          );
      } catch (error) {
        return sendFailurePage(reply, error);
      }
    },
  );

  // The built-in provider's confirmation page on the phone (absent with real WeChat).
  if (!(oauth instanceof BuiltinWechatOAuth)) return;
  const builtin = oauth;

  app.get(
    '/scan/confirm',
    {
      schema: {
        tags: TAGS,
        summary: 'Built-in scan flow: the confirmation page the QR code opens on the phone (HTML)',
        querystring: scanConfirmQuerySchema,
      },
    },
    async (request, reply) => {
      const ctx = accountCtx(app, request);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      try {
        const ticket = request.query.ticket ?? '';
        const row = await markScanned(ctx, ticket);
        if (!DEVICE_SECRET.test(readCookie(request, DEVICE_COOKIE) ?? '')) {
          const secret = randomBytes(32).toString('base64url');
          const secure = request.protocol === 'https' ? '; Secure' : '';
          reply.header(
            'set-cookie',
            `${DEVICE_COOKIE}=${secret}; Path=${API_PREFIX}/scan; Max-Age=${TWO_YEARS_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
          );
        }
        const bind = row.purpose === 'bind';
        return page(
          bind ? '绑定微信' : '扫码登录',
          html`<h1>${bind ? '绑定微信 · Bind WeChat' : '扫码登录 · Scan to log in'}</h1>
<p>${bind ? '确认将此设备绑定到设计师后台账号？' : '确认在电脑上登录设计师后台？'}<br><span class="en">${bind ? 'Bind this device to your Designer Console account?' : 'Log in to Designer Console on your computer?'}</span></p>
<p><small>有效期至 Valid until ${toWireDateTime(row.expiresAt)}。如果不是您本人在电脑上操作，请关闭本页。<br>If you did not start this on your own computer, close this page.</small></p>
<form method="post" action="${API_PREFIX}/scan/confirm"><input type="hidden" name="ticket" value="${ticket}"><button type="submit">${bind ? '确认绑定 · Confirm' : '确认登录 · Confirm'}</button></form>`,
        );
      } catch (error) {
        return sendFailurePage(reply, error);
      }
    },
  );

  app.post(
    '/scan/confirm',
    {
      schema: {
        tags: TAGS,
        summary:
          'Built-in scan flow: the phone confirms; redirects (303) to the callback with a one-time code',
        consumes: ['application/x-www-form-urlencoded'],
        body: scanConfirmBodySchema,
      },
    },
    async (request, reply) => {
      const ctx = accountCtx(app, request);
      try {
        const device = readCookie(request, DEVICE_COOKIE) ?? '';
        if (!DEVICE_SECRET.test(device)) {
          throw new ApiError(40000, 'device cookie missing', {
            errors: [{ path: 'cookie', message: 'missing' }],
          });
        }
        const code = await confirmOnDevice(ctx, builtin, request.body.ticket, device);
        const query = new URLSearchParams({ code, state: request.body.ticket });
        return reply.header('cache-control', 'no-store').redirect(`${API_PREFIX}/callback?${query}`, 303);
      } catch (error) {
        return sendFailurePage(reply, error);
      }
    },
  );
}

function pollMessage(lang: 'zh-CN' | 'en-US', state: string, loggedIn: boolean): string {
  switch (state) {
    case 'expired':
      return say(lang, '二维码已过期，请刷新', 'The QR code has expired: refresh it');
    case 'scanned':
      return say(lang, '已扫码，请在手机上确认', 'Scanned: confirm on the phone');
    case 'confirmed':
      return loggedIn ? say(lang, '登录成功', 'Logged in') : say(lang, '已确认', 'Confirmed');
    default:
      return say(lang, '等待扫码', 'Waiting for the scan');
  }
}

async function guardedRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);

  app.post(
    '/yiDesigner/bindWechat',
    {
      schema: {
        tags: TAGS,
        summary: "Bind the WeChat that confirmed this designer's bind ticket",
        body: bindWechatBodySchema,
        response: { 200: envelopeSchema(wechatBindingSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      return ok(
        await bindWechat(ctx, designerIdOf(request), request.body.ticket),
        say(ctx.lang, '绑定成功', 'WeChat bound'),
      );
    },
  );

  app.post(
    '/yiDesigner/unbindWechat',
    {
      schema: {
        tags: TAGS,
        summary: "Unbind this designer's WeChat",
        response: { 200: envelopeSchema(wechatBindingSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      await unbindWechat(ctx, designerIdOf(request));
      return ok({ bound: false, boundAt: null }, say(ctx.lang, '已解绑', 'WeChat unbound'));
    },
  );
}
