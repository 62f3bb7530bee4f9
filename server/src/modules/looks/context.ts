import { ErrorCode } from '@dc/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { images } from '../../db/schema/index.ts';
import { ApiError } from '../../http/api-error.ts';
import { invalidField } from '../../http/failures.ts';
import type { RequestOrigin } from '../../storage/index.ts';
import { looksMessages } from './messages.ts';

/** What every call of the looks module needs. */
export interface LooksCtx {
  db: Database;
  config: Config;
  /** The session's designer (0 on the public routes, which read no designer data by it). */
  designerId: number;
  now: Date;
  origin: RequestOrigin;
  /** Base URL phones should open (PUBLIC_URL, or this machine's LAN address). */
  shareBase: string;
}

/** How a route makes the LooksCtx of its request (routes.ts builds it; both route sets use it). */
export type CtxOf = (app: FastifyInstance, request: FastifyRequest, designerId: number) => LooksCtx;

/** 40300: a shipped background or model is everyone's to use and no one's to change. */
export const shippedIsReadOnly = () => new ApiError(ErrorCode.forbidden, looksMessages.builtInReadOnly);

/** The object key of one of the designer's uploaded images (40000 on `path` when not theirs). */
export async function ownImageKey(ctx: LooksCtx, imageId: number, path: string): Promise<string> {
  const [row] = await ctx.db
    .select({ objectKey: images.objectKey })
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.designerId, ctx.designerId)));
  if (!row) throw invalidField(path, looksMessages.noSuchImage);
  return row.objectKey;
}
