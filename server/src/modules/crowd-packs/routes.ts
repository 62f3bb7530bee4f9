import { Readable } from 'node:stream';
import { crowdPacksApi, crowdPacksSchemas, type Language, loadRegions } from '@dc/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
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
    crowdPacksApi.list.path,
    {
      schema: endpointSchema(crowdPacksSchemas.list, {
        tags: TAGS,
        summary: 'Crowd packs, latest change first (keyword, kind)',
      }),
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
    crowdPacksApi.create.path,
    {
      schema: endpointSchema(crowdPacksSchemas.create, {
        tags: TAGS,
        summary: 'Create a rule or combined pack; it is computed (materialised) at once',
      }),
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
    crowdPacksApi.count.path,
    {
      schema: endpointSchema(crowdPacksSchemas.count, {
        tags: TAGS,
        summary: 'Live count of a definition being edited: total, share and each node on its own',
      }),
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
    crowdPacksApi.overlap.path,
    {
      schema: endpointSchema(crowdPacksSchemas.overlap, {
        tags: TAGS,
        summary: 'Sizes of the chosen packs and of every pair’s intersection (snapshots)',
      }),
    },
    async (request) => ok(await packOverlap(app.db, designerIdOf(request), request.body.packIds)),
  );

  app.get(
    crowdPacksApi.detail.path,
    {
      schema: endpointSchema(crowdPacksSchemas.detail, {
        tags: TAGS,
        summary: 'A pack with its definition, relations and size history',
      }),
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
    crowdPacksApi.update.path,
    {
      schema: endpointSchema(crowdPacksSchemas.update, {
        tags: TAGS,
        summary: 'Save a pack (same kind) and recompute it',
      }),
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
    crowdPacksApi.remove.path,
    {
      schema: endpointSchema(crowdPacksSchemas.remove, {
        tags: TAGS,
        summary: 'Delete a pack; refused (40900) while a combined pack uses it',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      await deletePack(app.db, designerIdOf(request), request.params.id, ctx.lang);
      return ok(null, say(ctx.lang, crowdPacksMessages.crowdPackDeleted));
    },
  );

  app.post(
    crowdPacksApi.copy.path,
    {
      schema: endpointSchema(crowdPacksSchemas.copy, {
        tags: TAGS,
        summary: 'Copy a pack under a free name',
      }),
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
    crowdPacksApi.refresh.path,
    { schema: endpointSchema(crowdPacksSchemas.refresh, { tags: TAGS, summary: 'Recompute a pack now' }) },
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
    crowdPacksApi.members.path,
    {
      schema: endpointSchema(crowdPacksSchemas.members, {
        tags: TAGS,
        summary: 'Members of the last computation, as the fan list shows fans',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      return ok(await packMembers(app.db, designerIdOf(request), request.params.id, request.query, ctx.now));
    },
  );

  app.get(
    crowdPacksApi.exportCsv.path,
    {
      schema: endpointSchema(crowdPacksSchemas.exportCsv, {
        tags: TAGS,
        summary: 'Members of the last computation as CSV (UTF-8 with BOM), streamed',
      }),
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
    crowdPacksApi.trace.path,
    {
      schema: endpointSchema(crowdPacksSchemas.trace, {
        tags: TAGS,
        summary: 'Why a fan is (or is not) in the pack: each condition or source met or not',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      return ok(
        await packTrace(app.db, designerIdOf(request), request.params.id, request.query.fanId, ctx.now),
      );
    },
  );

  app.post(
    crowdPacksApi.tagMembers.path,
    {
      schema: endpointSchema(crowdPacksSchemas.tagMembers, {
        tags: TAGS,
        summary: 'Add tags to every member of the last computation (the fans batch tagging)',
      }),
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
