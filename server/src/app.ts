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
import { addressesRoutes } from './modules/addresses/routes.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { requestContextPlugin } from './modules/audit/request-context.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { boutiqueRoutes } from './modules/boutique/routes.ts';
import { contractsRoutes } from './modules/contracts/routes.ts';
import { coursesRoutes } from './modules/courses/routes.ts';
import { crowdPacksRoutes } from './modules/crowd-packs/routes.ts';
import { designerRoutes } from './modules/designer/routes.ts';
import { exclusiveRoutes } from './modules/exclusive/routes.ts';
import { fansRoutes } from './modules/fans/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { imageFilesRoutes } from './modules/image-files/routes.ts';
import { impressionsRoutes } from './modules/impressions/routes.ts';
import { looksRoutes } from './modules/looks/routes.ts';
import { membersRoutes } from './modules/members/routes.ts';
import { menuRoutes } from './modules/menu/routes.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { operatorRoutes } from './modules/operator/routes.ts';
import { partnersRoutes } from './modules/partners/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { rateLimitPlugin } from './modules/rate-limit/plugin.ts';
import type { RateLimitStore } from './modules/rate-limit/store.ts';
import { recruitmentRoutes } from './modules/recruitment/routes.ts';
import { registerRoutes } from './modules/register/routes.ts';
import { scanRoutes } from './modules/scan/routes.ts';
import { smsRoutes } from './modules/sms/routes.ts';
import { tagsRoutes } from './modules/tags/routes.ts';
import { vaultRoutes } from './modules/vault/routes.ts';
import { videosRoutes } from './modules/videos/routes.ts';
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

  await app.register(contextPlugin, { config, db: database.db });
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
