import { scanApi, scanSchemas } from '@dc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
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
    scanApi.createTicket.path,
    {
      schema: endpointSchema(scanSchemas.createTicket, {
        tags: TAGS,
        summary: 'A one-time scan ticket (2 minutes) and its QR URL; purpose bind needs a session',
      }),
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
    scanApi.poll.path,
    {
      schema: endpointSchema(scanSchemas.poll, {
        tags: TAGS,
        summary:
          "The PC's poll of a ticket (X-Scan-Poll-Secret: the ticket's pollSecret): pending, scanned, expired, or confirmed (token or resigner_id)",
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const answer = await pollTicket(ctx, request.query.ticket, requirePollSecret(ctx.lang, request));
      return ok(answer, pollMessage(ctx.lang, answer.state, answer.token !== undefined));
    },
  );

  app.post(
    scanApi.register.path,
    {
      schema: endpointSchema(scanSchemas.register, {
        tags: TAGS,
        summary: 'Register by scan (query params): bind the scanned WeChat to a new or an existing account',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      return ok(await registerByScan(ctx, request.query), say(ctx.lang, scanMessages.wechatBound));
    },
  );

  app.get(
    scanApi.callback.path,
    {
      schema: endpointSchema(scanSchemas.callback, {
        tags: TAGS,
        summary:
          'OAuth callback (code, state=ticket): a page for the phone, or with Accept JSON the poll answer (token, newly_register) to the browser holding the ticket’s X-Scan-Poll-Secret',
      }),
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
    scanApi.bindWechat.path,
    {
      schema: endpointSchema(scanSchemas.bindWechat, {
        tags: TAGS,
        summary: "Bind the WeChat that confirmed this designer's bind ticket",
      }),
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
    scanApi.unbindWechat.path,
    {
      schema: endpointSchema(scanSchemas.unbindWechat, {
        tags: TAGS,
        summary: "Unbind this designer's WeChat",
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      await unbindWechat(ctx, designerIdOf(request));
      return ok({ bound: false, boundAt: null }, say(ctx.lang, scanMessages.wechatUnbound));
    },
  );
}
