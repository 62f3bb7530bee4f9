import { videosApi, videosSchemas } from '@dc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { ok } from '../../http/envelope.ts';
import { say } from '../../http/messages.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { createImageUpload, finishImageUpload } from '../image-files/index.ts';
import { videosMessages } from './messages.ts';
import {
  chooseCoverFrame,
  createVideoUpload,
  deleteVideo,
  finishVideoUpload,
  listVideos,
  refreshUpload,
  setVideoVisibility,
  updateVideo,
  type VideoCtx,
  videoDetail,
} from './service.ts';

const TAGS = ['short-video'];

/** 发布视频 and video detail (issue 5): the VOD upload calls and my videos. */
export async function videosRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);

  const langOf = (request: FastifyRequest) => accountCtx(app, request).lang;
  const ctxOf = (request: FastifyRequest): VideoCtx => ({
    db: app.db,
    config: app.config,
    designerId: designerIdOf(request),
    now: app.config.now(),
    origin: { protocol: request.protocol, host: request.host },
    lang: langOf(request),
    jobs: app.jobs,
  });

  app.post(
    videosApi.createUpload.path,
    {
      schema: endpointSchema(videosSchemas.createUpload, {
        tags: TAGS,
        summary: 'Create a video (or image) and get its upload address and temporary credentials',
      }),
    },
    async (request) => {
      const ctx = ctxOf(request);
      const body = request.body;
      return ok(
        body.kind === 'video'
          ? await createVideoUpload(ctx, body, langOf(request))
          : await createImageUpload(ctx, body, langOf(request)),
      );
    },
  );

  app.post(
    videosApi.refreshUpload.path,
    {
      schema: endpointSchema(videosSchemas.refreshUpload, {
        tags: TAGS,
        summary: 'New temporary credentials for the same object',
      }),
    },
    async (request) => ok(await refreshUpload(ctxOf(request), request.body)),
  );

  app.post(
    videosApi.finishVideoUpload.path,
    {
      schema: endpointSchema(videosSchemas.finishVideoUpload, {
        tags: TAGS,
        summary: 'The file is in the store: check it and queue its processing (then it is published)',
      }),
    },
    async (request) =>
      ok(
        await finishVideoUpload(ctxOf(request), request.params.id, request.body, langOf(request)),
        say(langOf(request), videosMessages.videoProcessing),
      ),
  );

  app.post(
    videosApi.finishImageUpload.path,
    {
      schema: endpointSchema(videosSchemas.finishImageUpload, {
        tags: TAGS,
        summary: 'The image is in the store: answers a link to show it',
      }),
    },
    async (request) => ok(await finishImageUpload(ctxOf(request), request.params.id, langOf(request))),
  );

  app.get(
    videosApi.list.path,
    {
      schema: endpointSchema(videosSchemas.list, {
        tags: TAGS,
        summary: 'My videos: filter by status and keyword, sort, page',
      }),
    },
    async (request) => ok(await listVideos(ctxOf(request), request.query)),
  );

  app.get(
    videosApi.detail.path,
    {
      schema: endpointSchema(videosSchemas.detail, {
        tags: TAGS,
        summary: 'One of my videos, with a signed play link',
      }),
    },
    async (request) => ok(await videoDetail(ctxOf(request), request.params.id)),
  );

  app.put(
    videosApi.update.path,
    {
      schema: endpointSchema(videosSchemas.update, {
        tags: TAGS,
        summary: 'Edit title, description, category, tags and cover',
      }),
    },
    async (request) =>
      ok(
        await updateVideo(ctxOf(request), request.params.id, request.body),
        say(langOf(request), videosMessages.videoSaved),
      ),
  );

  app.post(
    videosApi.coverFrame.path,
    {
      schema: endpointSchema(videosSchemas.coverFrame, {
        tags: TAGS,
        summary: 'Make the frame at a time of the video its cover',
      }),
    },
    async (request) =>
      ok(
        await chooseCoverFrame(ctxOf(request), request.params.id, request.body.atSeconds),
        say(langOf(request), videosMessages.coverChosen),
      ),
  );

  for (const [action, to, done] of [
    ['offline', 'offline', videosMessages.videoTakenOffline],
    ['publish', 'published', videosMessages.videoOnlineAgain],
  ] as const) {
    app.post(
      videosApi[action].path,
      {
        schema: endpointSchema(videosSchemas[action], {
          tags: TAGS,
          summary: action === 'offline' ? 'Take a published video offline' : 'Publish an offline video again',
        }),
      },
      async (request) =>
        ok(await setVideoVisibility(ctxOf(request), request.params.id, to), say(langOf(request), done)),
    );
  }

  app.delete(
    videosApi.remove.path,
    {
      schema: endpointSchema(videosSchemas.remove, {
        tags: TAGS,
        summary: 'Delete a video and its stored file',
      }),
    },
    async (request) =>
      ok(
        await deleteVideo(ctxOf(request), request.params.id),
        say(langOf(request), videosMessages.videoDeleted),
      ),
  );
}
