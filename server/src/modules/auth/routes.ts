import { envelopeSchema, loginAnswerSchema, loginBodySchema, resetPasswordBodySchema } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountCtx } from '../../http/account-context.ts';
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
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with account (or phone) and password, or phone and code; form-data body',
        consumes: FORM_BODIES,
        body: loginBodySchema,
        response: { 200: envelopeSchema(loginAnswerSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const body = request.body;
      const answer = 'phone' in body ? await loginByPhone(ctx, body) : await login(ctx, body);
      return ok(answer, say(ctx.lang, authMessages.loggedIn));
    },
  );

  app.post(
    '/logout',
    {
      onRequest: app.requireSession,
      schema: { tags: ['auth'], summary: 'End this session', response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await logout(app.db, request.principal!.sessionId, app.config.now());
      return ok(null);
    },
  );

  app.post(
    '/password/reset',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Forgotten password: phone + code (reset-password) + new password; ends the account's sessions",
        consumes: FORM_BODIES,
        body: resetPasswordBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      await resetPassword(ctx, request.body);
      return ok(null, say(ctx.lang, authMessages.passwordResetLogInAgain));
    },
  );
}
