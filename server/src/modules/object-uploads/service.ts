import { ErrorCode, type ErrorCodeValue, S3_MIN_PART_BYTES } from '@dc/contract';
import type { Config } from '../../config.ts';
import { ApiError } from '../../http/api-error.ts';
import { type Message, message } from '../../http/messages.ts';
import { type CredentialScope, openCredentialAuthority } from '../../oss/index.ts';
import {
  type ObjectStore,
  objectStoreFor,
  type PartSigning,
  type StoredPart,
  UploadRefusedError,
} from '../../storage/index.ts';
import { objectUploadsMessages as say } from './messages.ts';

/**
 * Open uploads one grant may hold on its key at once. Each is bounded by the declared size, but
 * without a cap a grant could start uploads until the daily sweep; a resumed or restarted upload
 * needs one or two.
 */
export const OPEN_UPLOADS_PER_KEY = 3;

/** A presigned part URL works this long at most (and never past its grant). */
export const PART_URL_TTL_SECONDS = 600;

export interface ObjectUploadCtx {
  config: Config;
  now: Date;
}

/** What the calls carry in their headers: a grant's AccessKeyId and SecurityToken. */
export interface UploadCredentialHeaders {
  accessKeyId: string | undefined;
  securityToken: string | undefined;
}

/** The one upload a request may act on: the token's key and size, in presigned mode only. */
interface Grant {
  scope: CredentialScope;
  store: ObjectStore;
  signing: PartSigning;
}

/** A refusal the uploader reads as a store's answer (`data.reason`), with a field when one is to blame. */
function refusal(
  code: Exclude<ErrorCodeValue, 200>,
  reason: string,
  said: Message,
  field?: string,
): ApiError {
  return new ApiError(code, said, { reason, ...(field ? { errors: [{ path: field, message: said }] } : {}) });
}

/**
 * The grant the headers prove: a create-only write grant this server's secret signed for a key
 * of the bucket, not expired. Never the session: the calls carry no ambient authority.
 */
async function grantOf(ctx: ObjectUploadCtx, headers: UploadCredentialHeaders): Promise<Grant> {
  const store = objectStoreFor(ctx.config);
  const settings = ctx.config.objectStore;
  if (!store.partSigning || settings.kind !== 's3')
    throw refusal(ErrorCode.notFound, 'NotPresignedMode', say.notPresignedMode);
  const authority = await openCredentialAuthority({ ...ctx.config, ossBucket: settings.bucket });
  let scope: CredentialScope;
  try {
    scope = authority.verify(headers.accessKeyId ?? '', headers.securityToken);
  } catch (error) {
    const expired = (error as { code?: string }).code === 'SecurityTokenExpired';
    throw expired
      ? refusal(ErrorCode.forbidden, 'SecurityTokenExpired', say.credentialsExpired)
      : refusal(ErrorCode.forbidden, 'InvalidAccessKeyId', say.credentialsInvalid);
  }
  if (scope.access !== 'write' || scope.bucket !== settings.bucket)
    throw refusal(ErrorCode.forbidden, 'InvalidAccessKeyId', say.credentialsInvalid);
  return { scope, store, signing: store.partSigning };
}

/** The store's 4xx in our envelope: an unknown upload 40400, an existing object 40900, else 40000. */
async function storeCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof UploadRefusedError)) throw error;
    if (error.code === 'NoSuchUpload') throw refusal(ErrorCode.notFound, 'NoSuchUpload', say.noSuchUpload);
    if (error.status === 412 || error.code === 'PreconditionFailed')
      throw refusal(ErrorCode.conflict, 'FileAlreadyExists', say.objectExists);
    throw refusal(ErrorCode.validation, error.code, message(say.storeRefused, { reason: error.code }));
  }
}

/** Grants only create: once the key holds an object, nothing here writes it again. */
async function refuseIfStored(grant: Grant): Promise<void> {
  if (await grant.store.head(grant.scope.key))
    throw refusal(ErrorCode.conflict, 'FileAlreadyExists', say.objectExists);
}

export async function initiateUpload(
  ctx: ObjectUploadCtx,
  headers: UploadCredentialHeaders,
  body: { contentType: string },
): Promise<{ uploadId: string }> {
  const grant = await grantOf(ctx, headers);
  await refuseIfStored(grant);
  if ((await storeCall(() => grant.signing.openUploadCount(grant.scope.key))) >= OPEN_UPLOADS_PER_KEY)
    throw refusal(
      ErrorCode.rateLimited,
      'TooManyUploads',
      message(say.tooManyUploads, { max: OPEN_UPLOADS_PER_KEY }),
    );
  return { uploadId: await storeCall(() => grant.signing.initiate(grant.scope.key, body.contentType)) };
}

/**
 * A PUT URL for one part of `size` bytes. Every part but the last is at least 5 MiB, so part n
 * of `size` means at least (n − 1) × 5 MiB + size bytes in all: past the declared size, refused.
 */
export async function partUrl(
  ctx: ObjectUploadCtx,
  headers: UploadCredentialHeaders,
  body: { uploadId: string; partNumber: number; size: number },
): Promise<{ url: string; expiresAt: string }> {
  const { scope, signing } = await grantOf(ctx, headers);
  const planned = (body.partNumber - 1) * S3_MIN_PART_BYTES + body.size;
  if (planned > scope.maxBytes) {
    const field = body.size > scope.maxBytes ? 'size' : 'partNumber';
    throw refusal(
      ErrorCode.validation,
      'EntityTooLarge',
      message(say.partTooLarge, { max: scope.maxBytes }),
      field,
    );
  }
  const secondsLeft = Math.floor((scope.expiresAt.getTime() - ctx.now.getTime()) / 1000);
  const ttl = Math.max(1, Math.min(PART_URL_TTL_SECONDS, secondsLeft));
  const link = await signing.partUrl(scope.key, body.uploadId, body.partNumber, body.size, ctx.now, ttl);
  return { url: link.url, expiresAt: link.expiresAt.toISOString() };
}

export async function listUploadParts(
  ctx: ObjectUploadCtx,
  headers: UploadCredentialHeaders,
  body: { uploadId: string },
): Promise<{ parts: StoredPart[] }> {
  const { scope, signing } = await grantOf(ctx, headers);
  return { parts: await storeCall(() => signing.listParts(scope.key, body.uploadId)) };
}

/**
 * Assembles the object from the parts the store holds (the ETags named must be theirs), only when
 * they add up to at most the declared size and the key holds no object yet.
 */
export async function completeUpload(
  ctx: ObjectUploadCtx,
  headers: UploadCredentialHeaders,
  body: { uploadId: string; parts: { partNumber: number; etag: string }[] },
): Promise<{ etag: string }> {
  const grant = await grantOf(ctx, headers);
  const { scope, signing } = grant;
  for (const [index, part] of body.parts.entries()) {
    if (index > 0 && part.partNumber <= body.parts[index - 1]!.partNumber)
      throw refusal(ErrorCode.validation, 'InvalidPartOrder', say.partsOutOfOrder, `parts.${index}`);
  }
  const stored = new Map(
    (await storeCall(() => signing.listParts(scope.key, body.uploadId))).map((part) => [
      part.partNumber,
      part,
    ]),
  );
  let total = 0;
  for (const [index, part] of body.parts.entries()) {
    const held = stored.get(part.partNumber);
    if (!held || held.etag !== part.etag)
      throw refusal(ErrorCode.validation, 'InvalidPart', say.partMissing, `parts.${index}`);
    total += held.size;
  }
  if (total > scope.maxBytes)
    throw refusal(
      ErrorCode.validation,
      'EntityTooLarge',
      message(say.partsTooLarge, { total, max: scope.maxBytes }),
      'parts',
    );
  await refuseIfStored(grant);
  return { etag: await storeCall(() => signing.complete(scope.key, body.uploadId, body.parts)) };
}

export async function abortUpload(
  ctx: ObjectUploadCtx,
  headers: UploadCredentialHeaders,
  body: { uploadId: string },
): Promise<null> {
  const { scope, signing } = await grantOf(ctx, headers);
  await storeCall(() => signing.abort(scope.key, body.uploadId));
  return null;
}
