import { designerApi, designerSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
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
    designerApi.info.path,
    {
      schema: endpointSchema(designerSchemas.info, {
        tags: ['designer'],
        summary: "The session designer's own info",
      }),
    },
    async (request) => ok(await getDesignerInfo(app.db, designerIdOf(request))),
  );

  app.post(
    designerApi.modifyInfo.path,
    {
      schema: endpointSchema(designerSchemas.modifyInfo, {
        tags: ['designer'],
        summary: 'Change nickname or avatar',
      }),
    },
    async (request) => {
      const change = await keepDesignerInfoImage(imageCheckCtxOf(app, request), request.body);
      return ok(await updateDesignerInfo(app.db, designerIdOf(request), change), '修改成功');
    },
  );

  app.get(
    designerApi.selfInfo.path,
    {
      schema: endpointSchema(designerSchemas.selfInfo, {
        tags: ['designer'],
        summary: 'Self information: account, phone, description, status, WeChat binding',
      }),
    },
    async (request) => ok(await getSelfInfo(app.db, designerIdOf(request))),
  );

  app.post(
    designerApi.modifyDesc.path,
    {
      schema: endpointSchema(designerSchemas.modifyDesc, {
        tags: ['designer'],
        summary: 'Update the description (plain text, at most 2000 characters)',
        consumes: FORM_BODIES,
      }),
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
    designerApi.modifyPhone.path,
    {
      schema: endpointSchema(designerSchemas.modifyPhone, {
        tags: ['designer'],
        summary: 'Bind or change the phone: code to the new phone, and to the current one when there is one',
        consumes: FORM_BODIES,
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const info = await modifyPhone(ctx, designerIdOf(request), request.body);
      return ok(info, say(ctx.lang, designerMessages.phoneChanged));
    },
  );

  app.post(
    designerApi.modifyPassword.path,
    {
      schema: endpointSchema(designerSchemas.modifyPassword, {
        tags: ['designer'],
        summary: "Change the password; the account's other sessions end",
        consumes: FORM_BODIES,
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      await changePassword(ctx, request.principal!, request.body);
      return ok(null, say(ctx.lang, designerMessages.passwordChanged));
    },
  );
}
