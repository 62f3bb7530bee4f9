import type { FastifySchemaCompiler } from 'fastify';
import { type $ZodType, safeParse } from 'zod/v4/core';

/**
 * The message zod gives an issue whose schema words none of its own: the error handler words
 * those from the issue's details in the request's language, so zod's English never reaches a person.
 */
export const UNWORDED_ISSUE = '\u0000unworded';

/** fastify-type-provider-zod reads validation errors marked with this symbol (hasZodFastifySchemaValidationErrors). */
const ZOD_VALIDATION_ERROR = Symbol.for('ZodFastifySchemaValidationError');

/** True when the request left the value at `path` out (absent, null or an empty form value). */
function leftOut(data: unknown, path: readonly PropertyKey[]): boolean {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return true;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value === undefined || value === null || value === '';
}

/**
 * fastify-type-provider-zod's compiler, plus what wording needs: zod's default messages replaced
 * by UNWORDED_ISSUE, and whether the request left the field out (a query number left out reaches
 * zod as NaN, which must read "required", not "expected number").
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data, { error: () => UNWORDED_ISSUE });
    if (!result.error) return { value: result.data };
    const error = result.error.issues.map((issue) => {
      const { path, code, message, ...details } = issue;
      return {
        [ZOD_VALIDATION_ERROR]: true,
        keyword: code,
        instancePath: `/${path.join('/')}`,
        schemaPath: `#/${path.join('/')}/${code}`,
        message,
        params: { ...details, leftOut: leftOut(data, path) },
      };
    });
    return { error: error as unknown as Error };
  };
