import { API_PREFIX, scanApi, scanSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
import { ApiError } from '../../http/api-error.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { formToken, formTokenMatches } from '../../http/form-token.ts';
import { html, page } from '../../http/html-pages.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { deviceSecretOf, ensureDeviceSecret } from './device-cookie.ts';
import { sendFailurePage } from './failure-page.ts';
import { scanMessages } from './messages.ts';
import { confirmOnDevice, markScanned } from './service.ts';
import type { BuiltinWechatOAuth } from './wechat-oauth.ts';

const TAGS = ['scan'];
/** The confirmation form's per-page token is about this purpose and the page's ticket. */
const FORM_PURPOSE = 'scan-confirm';

/**
 * The built-in provider's confirmation page on the phone (absent with real WeChat). Its post is
 * authenticated by the device cookie, so it is `sameOriginOnly` (the cross-site guard refuses a
 * post from any other origin, the object store's included) and carries the page's own token.
 * Every failure here, the guard's too, is answered as a page: the phone's browser shows it.
 */
export async function confirmPageRoutes(scope: FastifyInstance, builtin: BuiltinWechatOAuth) {
  scope.setErrorHandler((error, _request, reply) => sendFailurePage(reply, error));
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    scanApi.confirmPage.path,
    {
      schema: endpointSchema(scanSchemas.confirmPage, {
        tags: TAGS,
        summary: 'Built-in scan flow: the confirmation page the QR code opens on the phone (HTML)',
      }),
    },
    async (request, reply) => {
      const ctx = accountCtx(app, request);
      const ticket = request.query.ticket ?? '';
      const row = await markScanned(ctx, ticket);
      const token = formToken(ensureDeviceSecret(request, reply), FORM_PURPOSE, ticket);
      const bind = row.purpose === 'bind';
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return page(
        bind ? '绑定微信' : '扫码登录',
        html`<h1>${bind ? '绑定微信 · Bind WeChat' : '扫码登录 · Scan to log in'}</h1>
<p>${bind ? '确认将此设备绑定到设计师后台账号？' : '确认在电脑上登录设计师后台？'}<br><span class="en">${bind ? 'Bind this device to your Designer Console account?' : 'Log in to Designer Console on your computer?'}</span></p>
<p><small>有效期至 Valid until ${toWireDateTime(row.expiresAt)}。如果不是您本人在电脑上操作，请关闭本页。<br>If you did not start this on your own computer, close this page.</small></p>
<form method="post" action="${API_PREFIX}/scan/confirm"><input type="hidden" name="ticket" value="${ticket}"><input type="hidden" name="formToken" value="${token}"><button type="submit">${bind ? '确认绑定 · Confirm' : '确认登录 · Confirm'}</button></form>`,
      );
    },
  );

  app.post(
    scanApi.confirm.path,
    {
      config: { sameOriginOnly: true },
      schema: endpointSchema(scanSchemas.confirm, {
        tags: TAGS,
        summary:
          'Built-in scan flow: the phone confirms (same origin only, with the page’s formToken); redirects (303) to the callback with a one-time code',
        consumes: ['application/x-www-form-urlencoded'],
      }),
    },
    async (request, reply) => {
      const ctx = accountCtx(app, request);
      const device = deviceSecretOf(request);
      if (!device) {
        throw new ApiError(40000, scanMessages.deviceCookieMissing, {
          errors: [{ path: 'cookie', message: scanMessages.missing }],
        });
      }
      const { ticket, formToken: token } = request.body;
      if (!formTokenMatches(device, FORM_PURPOSE, ticket, token)) {
        throw new ApiError(40300, scanMessages.formTokenWrong, {
          errors: [
            { path: 'formToken', message: token ? scanMessages.formTokenNotThisPage : scanMessages.missing },
          ],
        });
      }
      const code = await confirmOnDevice(ctx, builtin, ticket, device);
      const query = new URLSearchParams({ code, state: ticket });
      return reply.header('cache-control', 'no-store').redirect(`${API_PREFIX}/callback?${query}`, 303);
    },
  );
}
