import { Readable } from 'node:stream';
import {
  emptyQuerySchema,
  envelopeSchema,
  fanBatchTagAnswerSchema,
  fanRowSchema,
  idParamsSchema,
  type Language,
  listPageSchema,
  loadRegions,
  packBodySchema,
  packCountBodySchema,
  packCountSchema,
  packDetailSchema,
  packListQuerySchema,
  packMembersQuerySchema,
  packOverlapBodySchema,
  packOverlapSchema,
  packRowSchema,
  packTagMembersBodySchema,
  packTraceQuerySchema,
  packTraceSchema,
} from '@dc/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountCtx } from '../../http/account-context.ts';
import { ok } from '../../http/envelope.ts';
import { say } from '../../http/messages.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { recordAuditEvent } from '../audit/index.ts';
import { countDefinition, packMembers, packOverlap, packTrace } from './analysis.ts';
import { settleComputations } from './compute.ts';
import { packMembersCsv } from './export.ts';
import { crowdPacksMessages } from './messages.ts';
import { ownPack } from './rows.ts';
import {
  copyPack,
  createPack,
  deletePack,
  listPacks,
  type PackAnswer,
  packDetail,
  refreshPack,
  updatePack,
} from './service.ts';
import { tagPackMembers } from './tag-members.ts';

const TAGS = ['crowd-packs'];
const row = { 200: envelopeSchema(packRowSchema) };

/** 智能客户 › 人群包 (issue 8): rule and combined packs, live counts, snapshots, traces. */
export async function crowdPacksRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);
  // Computations a save answered as `computing` finish before the database closes.
  app.addHook('onClose', () => settleComputations(app.db));
  const answerOf = (lang: Language, log: FastifyBaseLogger): PackAnswer => ({
    lang,
    log,
    answerWithinMs: app.config.queryBudgetMs,
  });
  // City names of member rows come from the region list.
  await loadRegions();

  app.get(
    '/crowd-packs',
    {
      schema: {
        tags: TAGS,
        summary: 'Crowd packs, latest change first (keyword, kind)',
        querystring: packListQuerySchema,
        response: { 200: envelopeSchema(listPageSchema(packRowSchema)) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      return ok(
        await listPacks(app.db, designerIdOf(request), request.query, ctx.lang, {
          now: ctx.now,
          log: request.log,
        }),
      );
    },
  );

  app.post(
    '/crowd-packs',
    {
      schema: {
        tags: TAGS,
        summary: 'Create a rule or combined pack; it is computed (materialised) at once',
        body: packBodySchema,
        response: row,
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const pack = await createPack(
        app.db,
        designerIdOf(request),
        request.body,
        ctx.now,
        answerOf(ctx.lang, request.log),
      );
      return ok(pack, say(ctx.lang, crowdPacksMessages.crowdPackCreated));
    },
  );

  app.post(
    '/crowd-packs/count',
    {
      schema: {
        tags: TAGS,
        summary: 'Live count of a definition being edited: total, share and each node on its own',
        body: packCountBodySchema,
        response: { 200: envelopeSchema(packCountSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      return ok(
        await countDefinition(app.db, designerIdOf(request), request.body, ctx.now, undefined, {
          budgetMs: app.config.queryBudgetMs,
          lang: ctx.lang,
        }),
      );
    },
  );

  app.post(
    '/crowd-packs/overlap',
    {
      schema: {
        tags: TAGS,
        summary: 'Sizes of the chosen packs and of every pair’s intersection (snapshots)',
        body: packOverlapBodySchema,
        response: { 200: envelopeSchema(packOverlapSchema) },
      },
    },
    async (request) => ok(await packOverlap(app.db, designerIdOf(request), request.body.packIds)),
  );

  app.get(
    '/crowd-packs/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'A pack with its definition, relations and size history',
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: envelopeSchema(packDetailSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      return ok(
        await packDetail(app.db, designerIdOf(request), request.params.id, ctx.lang, {
          now: ctx.now,
          log: request.log,
        }),
      );
    },
  );

  app.put(
    '/crowd-packs/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Save a pack (same kind) and recompute it',
        params: idParamsSchema,
        body: packBodySchema,
        response: row,
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const pack = await updatePack(
        app.db,
        designerIdOf(request),
        request.params.id,
        request.body,
        ctx.now,
        answerOf(ctx.lang, request.log),
      );
      return ok(pack, say(ctx.lang, crowdPacksMessages.crowdPackSaved));
    },
  );

  app.delete(
    '/crowd-packs/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a pack; refused (40900) while a combined pack uses it',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      await deletePack(app.db, designerIdOf(request), request.params.id, ctx.lang);
      return ok(null, say(ctx.lang, crowdPacksMessages.crowdPackDeleted));
    },
  );

  app.post(
    '/crowd-packs/:id/copy',
    {
      schema: { tags: TAGS, summary: 'Copy a pack under a free name', params: idParamsSchema, response: row },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const pack = await copyPack(
        app.db,
        designerIdOf(request),
        request.params.id,
        ctx.lang,
        ctx.now,
        answerOf(ctx.lang, request.log),
      );
      return ok(pack, say(ctx.lang, crowdPacksMessages.copied));
    },
  );

  app.post(
    '/crowd-packs/:id/refresh',
    { schema: { tags: TAGS, summary: 'Recompute a pack now', params: idParamsSchema, response: row } },
    async (request) => {
      const ctx = accountCtx(app, request);
      const pack = await refreshPack(
        app.db,
        designerIdOf(request),
        request.params.id,
        ctx.now,
        answerOf(ctx.lang, request.log),
      );
      return ok(pack, say(ctx.lang, crowdPacksMessages.refreshed));
    },
  );

  app.get(
    '/crowd-packs/:id/members',
    {
      schema: {
        tags: TAGS,
        summary: 'Members of the last computation, as the fan list shows fans',
        params: idParamsSchema,
        querystring: packMembersQuerySchema,
        response: { 200: envelopeSchema(listPageSchema(fanRowSchema)) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      return ok(await packMembers(app.db, designerIdOf(request), request.params.id, request.query, ctx.now));
    },
  );

  app.get(
    '/crowd-packs/:id/members/export.csv',
    {
      schema: {
        tags: TAGS,
        summary: 'Members of the last computation as CSV (UTF-8 with BOM), streamed',
        params: idParamsSchema,
        querystring: emptyQuerySchema,
      },
    },
    async (request, reply) => {
      const ctx = accountCtx(app, request);
      const designerId = designerIdOf(request);
      const pack = await ownPack(app.db, designerId, request.params.id);
      await recordAuditEvent(app.db, {
        designerId,
        action: 'export',
        targetType: 'crowd-pack',
        targetId: pack.id,
        summary: `Members of crowd pack "${pack.name}" exported as CSV`,
        at: ctx.now,
      });
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="crowd-pack-${pack.id}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(packMembersCsv(app.db, designerId, pack.id, ctx.lang, ctx.now)));
    },
  );

  app.get(
    '/crowd-packs/:id/trace',
    {
      schema: {
        tags: TAGS,
        summary: 'Why a fan is (or is not) in the pack: each condition or source met or not',
        params: idParamsSchema,
        querystring: packTraceQuerySchema,
        response: { 200: envelopeSchema(packTraceSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      return ok(
        await packTrace(app.db, designerIdOf(request), request.params.id, request.query.fanId, ctx.now),
      );
    },
  );

  app.post(
    '/crowd-packs/:id/tag-members',
    {
      schema: {
        tags: TAGS,
        summary: 'Add tags to every member of the last computation (the fans batch tagging)',
        params: idParamsSchema,
        body: packTagMembersBodySchema,
        response: { 200: envelopeSchema(fanBatchTagAnswerSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const answer = await tagPackMembers(
        app.db,
        designerIdOf(request),
        request.params.id,
        request.body.addTagIds,
        ctx.now,
        request.log,
      );
      return ok(answer, say(ctx.lang, crowdPacksMessages.membersTagged));
    },
  );
}
