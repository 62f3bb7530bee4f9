import { authApi, authSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { ok } from '../../http/envelope.ts';
import { say } from '../../http/messages.ts';
import { login, loginByPhone } from './login.ts';
import { authMessages } from './messages.ts';
import { resetPassword } from './password-changes.ts';
import { logout } from './sessions.ts';

const FORM_BODIES = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];

export async function authRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.post(
    authApi.login.path,
    {
      schema: endpointSchema(authSchemas.login, {
        tags: ['auth'],
        summary: 'Log in with account (or phone) and password, or phone and code; form-data body',
        consumes: FORM_BODIES,
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const body = request.body;
      const answer = 'phone' in body ? await loginByPhone(ctx, body) : await login(ctx, body);
      return ok(answer, say(ctx.lang, authMessages.loggedIn));
    },
  );

  app.post(
    authApi.logout.path,
    {
      onRequest: app.requireSession,
      schema: endpointSchema(authSchemas.logout, { tags: ['auth'], summary: 'End this session' }),
    },
    async (request) => {
      await logout(app.db, request.principal!.sessionId, app.config.now());
      return ok(null);
    },
  );

  app.post(
    authApi.resetPassword.path,
    {
      schema: endpointSchema(authSchemas.resetPassword, {
        tags: ['auth'],
        summary:
          "Forgotten password: phone + code (reset-password) + new password; ends the account's sessions",
        consumes: FORM_BODIES,
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      await resetPassword(ctx, request.body);
      return ok(null, say(ctx.lang, authMessages.passwordResetLogInAgain));
    },
  );
}
