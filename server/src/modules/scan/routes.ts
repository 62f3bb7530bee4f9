import {
  bindWechatBodySchema,
  createScanTicketBodySchema,
  envelopeSchema,
  registerAnswerSchema,
  scanCallbackQuerySchema,
  scanPollAnswerSchema,
  scanPollQuerySchema,
  scanRegisterQuerySchema,
  scanTicketSchema,
  wechatBindingSchema,
} from '@dc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
import { ok } from '../../http/envelope.ts';
import { messagePage } from '../../http/html-pages.ts';
import { say } from '../../http/messages.ts';
import { publicBaseUrl } from '../../http/public-origin.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { confirmPageRoutes } from './confirm-page-routes.ts';
import { sendFailurePage } from './failure-page.ts';
import { scanMessages } from './messages.ts';
import { pollSecretOf, requirePollSecret } from './poll-secret.ts';
import {
  acceptCallback,
  answerConfirmed,
  bindWechat,
  createTicket,
  pollTicket,
  registerByScan,
  unbindWechat,
} from './service.ts';
import { BuiltinWechatOAuth, createWechatOAuth, type WechatOAuth } from './wechat-oauth.ts';

const TAGS = ['scan'];

const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

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
        summary:
          "The PC's poll of a ticket (X-Scan-Poll-Secret: the ticket's pollSecret): pending, scanned, expired, or confirmed (token or resigner_id)",
        querystring: scanPollQuerySchema,
        response: { 200: envelopeSchema(scanPollAnswerSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const answer = await pollTicket(ctx, request.query.ticket, requirePollSecret(ctx.lang, request));
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
      return ok(await registerByScan(ctx, request.query), say(ctx.lang, scanMessages.wechatBound));
    },
  );

  app.get(
    '/callback',
    {
      schema: {
        tags: TAGS,
        summary:
          'OAuth callback (code, state=ticket): a page for the phone, or with Accept JSON the poll answer (token, newly_register) to the browser holding the ticket’s X-Scan-Poll-Secret',
        querystring: scanCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      const ctx = accountCtx(app, request);
      if (!wantsHtml(request)) {
        const confirmed = await acceptCallback(ctx, oauth, request.query);
        const answer = await answerConfirmed(ctx, confirmed, pollSecretOf(request));
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
  if (oauth instanceof BuiltinWechatOAuth) {
    const builtin = oauth;
    await scope.register(async (pages) => confirmPageRoutes(pages, builtin));
  }
}

function pollMessage(lang: 'zh-CN' | 'en-US', state: string, loggedIn: boolean): string {
  switch (state) {
    case 'expired':
      return say(lang, scanMessages.theQrCodeHasExpired);
    case 'scanned':
      return say(lang, scanMessages.scannedConfirmOnThePhone);
    case 'confirmed':
      return loggedIn ? say(lang, scanMessages.loggedIn) : say(lang, scanMessages.confirmed);
    default:
      return say(lang, scanMessages.waitingForTheScan);
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
        say(ctx.lang, scanMessages.wechatBound),
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
      return ok({ bound: false, boundAt: null }, say(ctx.lang, scanMessages.wechatUnbound));
    },
  );
}
