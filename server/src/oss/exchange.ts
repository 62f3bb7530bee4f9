import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CredentialAuthority, CredentialScope } from './credentials.ts';
import type { ByteAllowance } from './files.ts';
import type { InFlightBytes } from './in-flight.ts';
import type { StoreLayout } from './layout.ts';
import type { MultipartUploads } from './multipart.ts';
import type { ObjectFiles } from './objects.ts';

/** What every operation works with. */
export interface StoreServices {
  bucket: string;
  layout: StoreLayout;
  objects: ObjectFiles;
  uploads: MultipartUploads;
  authority: CredentialAuthority;
  /** Bytes being received per key right now (a grant's size covers them all). */
  inFlight: InFlightBytes;
}

/** One authenticated request on an object, and where to answer it. */
export interface ObjectExchange {
  request: IncomingMessage;
  response: ServerResponse;
  bucket: string;
  key: string;
  query: URLSearchParams;
  /** This store's public base URL as the client reached it (for `Location`). */
  baseUrl: string;
  /** What the request's credential grants (its key, and the most bytes it may write there). */
  scope: CredentialScope;
}

/** OSS's limit for one PutObject and for one part. */
export const MAX_SINGLE_UPLOAD_BYTES = 5 * 1024 ** 3;

/**
 * How many bytes a PutObject may bring: no more than OSS's single-upload limit and the grant's
 * declared size, shared with every other body arriving for the same key at the same moment.
 */
export function putLimits(
  services: StoreServices,
  exchange: ObjectExchange,
): { maxBytes: number; allowance: ByteAllowance } {
  const maxBytes = Math.min(MAX_SINGLE_UPLOAD_BYTES, exchange.scope.maxBytes);
  return {
    maxBytes,
    allowance: services.inFlight.allowance(`${exchange.bucket}/${exchange.key}`, maxBytes),
  };
}
