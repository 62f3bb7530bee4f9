import { z } from 'zod';
import type { EndpointSchemaMap } from './endpoint.ts';

/** `POST /dev/operator`: one operator CLI command, run by the server itself. */
export const operatorBodySchema = z.strictObject({
  argv: z.array(z.string().max(2000)).min(1).max(32),
});

export const operatorAnswerSchema = z.object({ exitCode: z.number().int(), output: z.string() });

/** What the operator call sends and answers (contract/src/endpoint.ts); `api/operator.ts` says where. */
export const operatorSchemas = {
  run: { body: operatorBodySchema, data: operatorAnswerSchema },
} satisfies EndpointSchemaMap;
