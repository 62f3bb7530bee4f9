import { ErrorCode, sessionSmsPurposes, smsApi, smsSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { ok } from '../../http/envelope.ts';
import { html, page } from '../../http/html-pages.ts';
import { singlePage } from '../../http/list-page.ts';
import { fromLoopback } from '../../http/loopback.ts';
import { say } from '../../http/messages.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { smsMessages } from './messages.ts';
import { createSmsSender } from './sender.ts';
import { listOutbox, sendVerificationCode } from './service.ts';

/** `POST /sendCode` (spec section 7) and the operator's outbox page. */
export async function smsRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const sender = createSmsSender(app.config, app.db, app.log);

  app.post(
    smsApi.sendCode.path,
    {
      schema: endpointSchema(smsSchemas.sendCode, {
        tags: ['accounts'],
        summary: 'Send a 6-digit verification code (purposes bind-phone and change-phone-old need a session)',
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      let designerId: number | undefined;
      if (sessionSmsPurposes.includes(request.body.purpose)) {
        await app.requireSession(request);
        designerId = designerIdOf(request);
      }
      const answer = await sendVerificationCode(ctx, sender, { ...request.body, designerId });
      return ok(answer, say(ctx.lang, smsMessages.verificationCodeSent));
    },
  );

  app.get(
    smsApi.outbox.path,
    {
      schema: endpointSchema(smsSchemas.outbox, {
        tags: ['accounts'],
        summary:
          'SMS_PROVIDER=outbox only, from this machine only: the latest messages (HTML, or format=json)',
        // No response schema: the answer is an HTML page, or with format=json the envelope of
        // listPageSchema(outboxItemSchema).
      }),
    },
    async (request, reply) => {
      if (sender.name !== 'outbox') throw notFound();
      if (!fromLoopback(request)) {
        throw new ApiError(ErrorCode.forbidden, smsMessages.outboxLoopbackOnly);
      }
      const items = await listOutbox(app.db, { phone: request.query.phone || undefined, limit: 50 });
      if (request.query.format === 'json') {
        return ok(singlePage(items));
      }
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const rows = items.map(
        (item) =>
          html`<tr><td>${item.sentAt}</td><td>${item.phone}</td><td>${item.purpose}</td><td>${item.text}</td></tr>`,
      );
      return page(
        'SMS outbox',
        html`<h1>短信发件箱 · SMS outbox</h1>
<p class="warn">SMS_PROVIDER=outbox：验证码不会真正发出，只记录在这里和服务器日志中。公网部署请配置真实短信服务。<br><small>Codes are not sent anywhere: they are kept here and in the server log. A public install needs a real SMS provider.</small></p>
<form method="get"><input name="phone" placeholder="手机号 / phone" value="${request.query.phone ?? ''}"> <input type="submit" value="筛选 / Filter"></form>
<table><thead><tr><th>时间 Sent</th><th>手机 Phone</th><th>用途 Purpose</th><th>内容 Text</th></tr></thead><tbody>${rows}</tbody></table>
<p><small>${items.length ? '' : '暂无短信 · No messages yet'}</small></p>`,
      );
    },
  );
}
