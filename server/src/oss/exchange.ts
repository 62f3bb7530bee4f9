import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CredentialAuthority } from './credentials.ts';
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
}

/** OSS's limit for one PutObject and for one part. */
export const MAX_SINGLE_UPLOAD_BYTES = 5 * 1024 ** 3;
