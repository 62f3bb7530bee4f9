import { loadRegions, profileApi, profileSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { ok } from '../../http/envelope.ts';
import { say } from '../../http/messages.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { imageCheckCtxOf } from '../image-files/index.ts';
import { profileMessages } from './messages.ts';
import { getProfile, keepProfileImages, saveProfile } from './service.ts';

const TAGS = ['designer-profile'];

/** 设计师信息: the designer profile with its completeness (issue 4 item 5). */
export async function profileRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);
  // The region list validates cities and addresses: loaded once, before the first request.
  await loadRegions();

  app.get(
    profileApi.detail.path,
    {
      schema: endpointSchema(profileSchemas.detail, {
        tags: TAGS,
        summary: 'The designer profile, with its completeness',
      }),
    },
    async (request) => ok(await getProfile(app.db, designerIdOf(request))),
  );

  app.put(
    profileApi.save.path,
    {
      schema: endpointSchema(profileSchemas.save, {
        tags: TAGS,
        summary: 'Save the whole profile; nickname + description complete a newly registered account',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const body = await keepProfileImages(imageCheckCtxOf(app, request), request.body);
      const profile = await saveProfile(app.db, designerIdOf(request), body, ctx.now);
      return ok(profile, say(ctx.lang, profileMessages.saved));
    },
  );
}
