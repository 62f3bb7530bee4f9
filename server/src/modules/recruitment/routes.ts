import { recruitmentApi, recruitmentSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { ok } from '../../http/envelope.ts';
import { say } from '../../http/messages.ts';
import { publicBaseUrl } from '../../http/public-origin.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { imageCheckCtxOf } from '../image-files/index.ts';
import { recruitmentMessages } from './messages.ts';
import {
  followThroughRecruitment,
  keepRecruitmentCover,
  publicRecruitment,
  recordRecruitVisit,
  recruitmentSettingsOf,
  saveRecruitmentSettings,
} from './service.ts';

const TAGS = ['recruitment'];

/** 招募设置 (issue 7 item 7): the designer's settings, and the public page's calls (no session). */
export async function recruitmentRoutes(scope: FastifyInstance) {
  await scope.register(designerRoutes);
  await scope.register(publicRoutes);
}

async function designerRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);

  app.get(
    recruitmentApi.settings.path,
    {
      schema: endpointSchema(recruitmentSchemas.settings, {
        tags: TAGS,
        summary: 'Recruitment settings, the public page slug and counts per channel',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const settings = await recruitmentSettingsOf(app.db, designerIdOf(request), ctx.now);
      return ok({ ...settings, shareBase: publicBaseUrl(app.config, request) });
    },
  );

  app.put(
    recruitmentApi.save.path,
    {
      schema: endpointSchema(recruitmentSchemas.save, {
        tags: TAGS,
        summary: 'Save recruitment settings (on/off, welcome, benefit, cover, auto tags ≤ 20)',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const body = await keepRecruitmentCover(imageCheckCtxOf(app, request), request.body);
      const saved = await saveRecruitmentSettings(app.db, designerIdOf(request), body, ctx.now);
      return ok(
        { ...saved, shareBase: publicBaseUrl(app.config, request) },
        say(ctx.lang, recruitmentMessages.recruitmentSettingsSaved),
      );
    },
  );
}

async function publicRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    recruitmentApi.publicPage.path,
    {
      schema: endpointSchema(recruitmentSchemas.publicPage, {
        tags: TAGS,
        summary: 'The public recruitment page (turned off or unknown: 40400)',
      }),
    },
    async (request) => ok(await publicRecruitment(app.db, request.params.slug)),
  );

  app.post(
    recruitmentApi.visit.path,
    {
      schema: endpointSchema(recruitmentSchemas.visit, {
        tags: TAGS,
        summary: 'Count a visit of the page from a channel (once per address per half hour)',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      return ok(await recordRecruitVisit(app.db, request.params.slug, request.body.channel, ctx.ip, ctx.now));
    },
  );

  app.post(
    recruitmentApi.follow.path,
    {
      schema: endpointSchema(recruitmentSchemas.follow, {
        tags: TAGS,
        summary: 'Follow the designer as a fan (source recruitment, auto tags); 10 an hour per address',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const answer = await followThroughRecruitment(
        app.db,
        request.params.slug,
        request.body,
        ctx.ip,
        ctx.now,
      );
      return ok(answer, say(ctx.lang, recruitmentMessages.youAreFollowingNow));
    },
  );
}
