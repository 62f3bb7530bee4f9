import { API_PREFIX } from '@dc/contract';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { errorCodes, type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { AccessLogController } from './http/access-log.ts';
import { requestLogSerializers } from './http/log-redaction.ts';
import { validatorCompiler } from './http/validator-compiler.ts';
import { JobQueue } from './jobs/index.ts';
import { serveDemoObjects } from './media/demo-objects.ts';
import { addressesRoutes } from './modules/addresses/index.ts';
import { analyticsRoutes } from './modules/analytics/index.ts';
import { auditRoutes, requestContextPlugin } from './modules/audit/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { boutiqueRoutes } from './modules/boutique/index.ts';
import { contractsRoutes } from './modules/contracts/index.ts';
import { coursesRoutes } from './modules/courses/index.ts';
import { crowdPackRefreshJob, crowdPacksRoutes } from './modules/crowd-packs/index.ts';
import { designerRoutes } from './modules/designer/index.ts';
import { exclusiveRoutes } from './modules/exclusive/index.ts';
import { fansRoutes } from './modules/fans/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { imageFilesRoutes } from './modules/image-files/index.ts';
import { impressionsRoutes } from './modules/impressions/index.ts';
import { looksRoutes } from './modules/looks/index.ts';
import { membersRoutes } from './modules/members/index.ts';
import { menuRoutes } from './modules/menu/index.ts';
import { notificationsRoutes } from './modules/notifications/index.ts';
import { objectUploadsRoutes } from './modules/object-uploads/index.ts';
import { operatorRoutes } from './modules/operator/index.ts';
import { partnersRoutes } from './modules/partners/index.ts';
import { profileRoutes } from './modules/profile/index.ts';
import { type RateLimitStore, rateLimitPlugin } from './modules/rate-limit/index.ts';
import { recruitmentRoutes } from './modules/recruitment/index.ts';
import { registerRoutes } from './modules/register/index.ts';
import { scanRoutes } from './modules/scan/index.ts';
import { smsRoutes } from './modules/sms/index.ts';
import { tagsRoutes } from './modules/tags/index.ts';
import { vaultRoutes } from './modules/vault/index.ts';
import { stuckVideosJob, videoProcessingJob, videosRoutes } from './modules/videos/index.ts';
import { authPlugin } from './plugins/auth.ts';
import { contextPlugin } from './plugins/context.ts';
import { crossSiteGuardPlugin } from './plugins/cross-site-guard.ts';
import { errorHandlerPlugin, sendRouteNotFound } from './plugins/error-handler.ts';
import { lightTrafficPlugin } from './plugins/light-traffic.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { staticWebPlugin } from './plugins/static-web.ts';

/** The largest request body the API reads, in every content type. */
const BODY_LIMIT = 1024 * 1024;

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** pino logger options; tests pass false. */
  logger?: boolean | object;
  /** Where rate limits count; unset: chosen from the config (REDIS_URL or the database). */
  rateLimitStore?: RateLimitStore;
}

/** Assembles the server: one plugin per concern, one module per functional area. */
export async function buildApp({
  config,
  database,
  logger,
  rateLimitStore,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, serializers: requestLogSerializers },
    logController: new AccessLogController(),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // Strict request schemas name unknown fields; fastify must not strip them first.
    ajv: { customOptions: { removeAdditional: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The demo's media is seed code: loaded only for a demo server (SEED=demo), never otherwise.
  if (config.seed === 'demo') serveDemoObjects(config, (await import('./seed/media/index.ts')).demoObjects);
  // Background work (issue 20): this instance sends jobs, and works on them unless JOB_WORKERS=false.
  // The queue starts in the background, so a server whose database is down still starts.
  const jobs = JobQueue.open(database.db, { log: app.log, work: config.jobWorkers });
  app.addHook('onClose', () => jobs.stop());
  await jobs.define(crowdPackRefreshJob(database.db, app.log, config.now));
  await jobs.define(videoProcessingJob({ db: database.db, config, log: app.log }));
  await jobs.define(stuckVideosJob({ db: database.db, config, log: app.log, jobs }));
  await app.register(contextPlugin, { config, db: database.db, jobs });
  await app.register(rateLimitPlugin, { store: rateLimitStore });
  await app.register(requestContextPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(crossSiteGuardPlugin);
  await app.register(lightTrafficPlugin);
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fields: 50, fieldSize: 64 * 1024, files: 0, parts: 50 },
  });
  // @fastify/multipart reads the raw request itself, so Fastify's bodyLimit never applies to
  // form-data: refuse an over-large one up front, as Fastify does for JSON (413, then 40000).
  app.addHook('onRequest', async (request) => {
    if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/')) return;
    if (Number(request.headers['content-length']) > BODY_LIMIT) {
      throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
    }
  });
  await app.register(openapiPlugin);
  await app.register(authPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes(database.ping));
      await api.register(authRoutes);
      await api.register(designerRoutes);
      await api.register(menuRoutes);
      await api.register(vaultRoutes);
      await api.register(analyticsRoutes);
      await api.register(notificationsRoutes);
      await api.register(smsRoutes);
      await api.register(operatorRoutes);
      await api.register(registerRoutes);
      await api.register(scanRoutes);
      await api.register(membersRoutes);
      await api.register(auditRoutes);
      await api.register(profileRoutes);
      await api.register(exclusiveRoutes);
      await api.register(contractsRoutes);
      await api.register(partnersRoutes);
      await api.register(addressesRoutes);
      await api.register(tagsRoutes);
      await api.register(fansRoutes);
      await api.register(impressionsRoutes);
      await api.register(recruitmentRoutes);
      await api.register(crowdPacksRoutes);
      await api.register(coursesRoutes);
      await api.register(videosRoutes);
      await api.register(imageFilesRoutes);
      await api.register(objectUploadsRoutes);
      await api.register(boutiqueRoutes);
      await api.register(looksRoutes);
      api.setNotFoundHandler(sendRouteNotFound);
    },
    { prefix: API_PREFIX },
  );

  if (config.webDist) await app.register(staticWebPlugin, { root: config.webDist });
  else app.setNotFoundHandler(sendRouteNotFound);

  return app;
}
