import { z } from 'zod';
import { UPLOAD_MAX_PARTS } from './constants.ts';
import type { EndpointSchemaMap } from './endpoint.ts';

/**
 * Browser uploads to an S3 store without STS (issue 19, `Protocol: 's3-presigned'`): the API runs
 * the multipart upload of the one key a grant names and presigns each part's PUT. Calls go under
 * `POST /designerapi/v1/object-uploads/…` (the grant's `SigningUrl`), authenticated by the
 * grant's credentials in two headers, never by the session: the key is always the token's.
 */
export const OBJECT_UPLOADS_PATH = '/object-uploads';

/** The grant's AccessKeyId and SecurityToken (uploadAuth), as the calls carry them. */
export const OBJECT_UPLOAD_KEY_ID_HEADER = 'x-upload-access-key-id';
export const OBJECT_UPLOAD_TOKEN_HEADER = 'x-upload-security-token';

/** S3 refuses a part but the last below 5 MiB, and any part above 5 GiB. */
export const S3_MIN_PART_BYTES = 5 * 1024 * 1024;
export const S3_MAX_PART_BYTES = 5 * 1024 * 1024 * 1024;

/** An upload id as S3 stores hand them out (AWS: URL-safe base64 with dots; Ceph: `2~…`). */
const uploadId = z
  .string()
  .min(1)
  .max(1024)
  .regex(/^[A-Za-z0-9._~+=-]+$/, 'must be an upload id');
const partNumber = z.number().int().min(1).max(UPLOAD_MAX_PARTS);
const etag = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[^"<>&]+$/, 'must be an ETag without quotes');

export const initiateObjectUploadBodySchema = z.strictObject({
  contentType: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/^[\w.+-]+\/[\w.+-]+$/, 'must be a MIME type'),
});
export const objectUploadBodySchema = z.strictObject({ uploadId });
export const objectUploadPartBodySchema = z.strictObject({
  uploadId,
  partNumber,
  size: z.number().int().min(1).max(S3_MAX_PART_BYTES),
});
export const completeObjectUploadBodySchema = z.strictObject({
  uploadId,
  parts: z.array(z.strictObject({ partNumber, etag })).min(1).max(UPLOAD_MAX_PARTS),
});

export const objectUploadPartSchema = z.object({ partNumber, etag: z.string(), size: z.number().int() });

/**
 * Why a call was refused, in the store's words, so the uploader acts as on a store's answer:
 * `SecurityTokenExpired` / `InvalidAccessKeyId` ask for new credentials, `NoSuchUpload` starts
 * over, `FileAlreadyExists` means the object is stored.
 */
export const objectUploadRefusalSchema = z.object({ reason: z.string() });

export const objectUploadsSchemas = {
  initiate: {
    body: initiateObjectUploadBodySchema,
    data: z.object({ uploadId: z.string() }),
  },
  part: {
    body: objectUploadPartBodySchema,
    data: z.object({ url: z.string(), expiresAt: z.string() }),
  },
  listParts: {
    body: objectUploadBodySchema,
    data: z.object({ parts: z.array(objectUploadPartSchema) }),
  },
  complete: {
    body: completeObjectUploadBodySchema,
    data: z.object({ etag: z.string() }),
  },
  abort: {
    body: objectUploadBodySchema,
    data: z.null(),
  },
} satisfies EndpointSchemaMap;
