import { API_PREFIX } from '@dc/contract';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { errorCodes, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { requestLogSerializers } from './http/log-redaction.ts';
import { addressesRoutes } from './modules/addresses/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { contractsRoutes } from './modules/contracts/routes.ts';
import { demoImagesRoutes } from './modules/demo-images/routes.ts';
import { designerRoutes } from './modules/designer/routes.ts';
import { exclusiveRoutes } from './modules/exclusive/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { membersRoutes } from './modules/members/routes.ts';
import { menuRoutes } from './modules/menu/routes.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { partnersRoutes } from './modules/partners/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { registerRoutes } from './modules/register/routes.ts';
import { scanRoutes } from './modules/scan/routes.ts';
import { smsRoutes } from './modules/sms/routes.ts';
import { vaultRoutes } from './modules/vault/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { contextPlugin } from './plugins/context.ts';
import { errorHandlerPlugin, sendRouteNotFound } from './plugins/error-handler.ts';
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
}

/** Assembles the server: one plugin per concern, one module per functional area. */
export async function buildApp({ config, database, logger }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, serializers: requestLogSerializers },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // Strict request schemas name unknown fields; fastify must not strip them first.
    ajv: { customOptions: { removeAdditional: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(contextPlugin, { config, db: database.db });
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
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
      await api.register(notificationsRoutes);
      await api.register(smsRoutes);
      await api.register(registerRoutes);
      await api.register(scanRoutes);
      await api.register(membersRoutes);
      await api.register(profileRoutes);
      await api.register(exclusiveRoutes);
      await api.register(contractsRoutes);
      await api.register(partnersRoutes);
      await api.register(addressesRoutes);
      await api.register(demoImagesRoutes);
      api.setNotFoundHandler(sendRouteNotFound);
    },
    { prefix: API_PREFIX },
  );

  if (config.webDist) await app.register(staticWebPlugin, { root: config.webDist });
  else app.setNotFoundHandler(sendRouteNotFound);

  return app;
}
