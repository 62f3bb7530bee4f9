import { z } from 'zod';
import type { EndpointSchemaMap } from './endpoint.ts';
import { emptyQuerySchema } from './envelope.ts';

/** `GET /health`: the server answers and its database is reachable. */
export const healthAnswerSchema = z.object({ database: z.literal('up') });

/** What the health call sends and answers (contract/src/endpoint.ts); `api/health.ts` says where. */
export const healthSchemas = {
  check: { query: emptyQuerySchema, data: healthAnswerSchema },
} satisfies EndpointSchemaMap;
