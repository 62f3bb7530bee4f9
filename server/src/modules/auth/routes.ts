import { envelopeSchema, loginAnswerSchema, loginBodySchema } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { login, logout } from './service.ts';

export async function authRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with account (or phone) and password; form-data body',
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        body: loginBodySchema,
        response: { 200: envelopeSchema(loginAnswerSchema) },
      },
    },
    async (request) => ok(await login(app.db, app.sessionPolicy, request.body), '登录成功'),
  );

  app.post(
    '/logout',
    {
      onRequest: app.requireSession,
      schema: { tags: ['auth'], summary: 'End this session', response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await logout(app.db, request.principal!.sessionId);
      return ok(null);
    },
  );
}
