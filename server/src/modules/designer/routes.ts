import {
  designerInfoSchema,
  emptyQuerySchema,
  envelopeSchema,
  modifyDescAnswerSchema,
  modifyDescBodySchema,
  modifyInfoBodySchema,
  modifyPasswordBodySchema,
  modifyPhoneBodySchema,
  selfInfoSchema,
} from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountCtx } from '../../http/account-context.ts';
import { ok } from '../../http/envelope.ts';
import { say } from '../../http/messages.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { changePassword } from '../auth/index.ts';
import { imageCheckCtxOf } from '../image-files/index.ts';
import { designerMessages } from './messages.ts';
import {
  getDesignerInfo,
  getSelfInfo,
  keepDesignerInfoImage,
  modifyPhone,
  updateDescription,
  updateDesignerInfo,
} from './service.ts';

const FORM_BODIES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

export async function designerRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/yiDesigner/modifyInfo',
    {
      schema: {
        tags: ['designer'],
        summary: "The session designer's own info",
        querystring: emptyQuerySchema,
        response: { 200: envelopeSchema(designerInfoSchema) },
      },
    },
    async (request) => ok(await getDesignerInfo(app.db, designerIdOf(request))),
  );

  app.post(
    '/yiDesigner/modifyInfo',
    {
      schema: {
        tags: ['designer'],
        summary: 'Change nickname or avatar',
        body: modifyInfoBodySchema,
        response: { 200: envelopeSchema(designerInfoSchema) },
      },
    },
    async (request) => {
      const change = await keepDesignerInfoImage(imageCheckCtxOf(app, request), request.body);
      return ok(await updateDesignerInfo(app.db, designerIdOf(request), change), '修改成功');
    },
  );

  app.get(
    '/account',
    {
      schema: {
        tags: ['designer'],
        summary: 'Self information: account, phone, description, status, WeChat binding',
        querystring: emptyQuerySchema,
        response: { 200: envelopeSchema(selfInfoSchema) },
      },
    },
    async (request) => ok(await getSelfInfo(app.db, designerIdOf(request))),
  );

  app.post(
    '/yiDesigner/modifyDesc',
    {
      schema: {
        tags: ['designer'],
        summary: 'Update the description (plain text, at most 2000 characters)',
        consumes: FORM_BODIES,
        body: modifyDescBodySchema,
        response: { 200: envelopeSchema(modifyDescAnswerSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const answer = await updateDescription(
        app.db,
        designerIdOf(request),
        request.body.description,
        ctx.now,
      );
      return ok(answer, say(ctx.lang, designerMessages.saved));
    },
  );

  app.post(
    '/yiDesigner/modifyPhone',
    {
      schema: {
        tags: ['designer'],
        summary: 'Bind or change the phone: code to the new phone, and to the current one when there is one',
        consumes: FORM_BODIES,
        body: modifyPhoneBodySchema,
        response: { 200: envelopeSchema(designerInfoSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const info = await modifyPhone(ctx, designerIdOf(request), request.body);
      return ok(info, say(ctx.lang, designerMessages.phoneChanged));
    },
  );

  app.post(
    '/yiDesigner/modifyPassword',
    {
      schema: {
        tags: ['designer'],
        summary: "Change the password; the account's other sessions end",
        consumes: FORM_BODIES,
        body: modifyPasswordBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      await changePassword(ctx, request.principal!, request.body);
      return ok(null, say(ctx.lang, designerMessages.passwordChanged));
    },
  );
}
