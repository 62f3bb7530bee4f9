import { UPLOAD_PARALLEL, UPLOAD_PART_SIZE, UPLOAD_RETRY_COUNT, UPLOAD_RETRY_WAIT_MS } from '@dc/contract';
import type { UploadEnvironment } from './environment.ts';
import type { UploadErrorCode, UploadOutcome } from './errors.ts';
import type { NewItemDetails, UploadInfo } from './queue.ts';
import type { TransferSettings } from './transfer.ts';

/** The SDK's callbacks (spec §8), each optional. */
export interface UploaderCallbacks {
  /** The item is about to upload: answer with setUploadAuthAndAddress (create or, with a videoId, refresh). */
  onUploadstarted?(item: UploadInfo): void;
  onUploadSucceed?(item: UploadInfo): void;
  onUploadFailed?(item: UploadInfo, code: UploadErrorCode, message: string): void;
  onUploadCanceled?(item: UploadInfo, code: UploadErrorCode, message: string): void;
  /** `loadedPercent` is a fraction 0..1, as in the SDK. */
  onUploadProgress?(item: UploadInfo, totalSize: number, loadedPercent: number): void;
  /** The credentials stopped working: answer with resumeUploadWithAuth. */
  onUploadTokenExpired?(item: UploadInfo): void;
  /** No Ready item is left; `item` is the last one that ran. */
  onUploadEnd?(item: UploadInfo | undefined): void;
}

/** What the VOD API's create-upload / refresh-upload answer. */
export interface UploadGrant {
  uploadAuth: string;
  /** Optional on refresh: the address stays. */
  uploadAddress?: string;
  videoId?: string;
}

export interface UploaderOptions extends UploaderCallbacks, Partial<UploadEnvironment> {
  /** Bytes; default 1 MB (spec §9), grown for files over 10000 parts. */
  partSize?: number;
  /** Parts in flight; default 5. */
  parallel?: number;
  /** Further attempts after a timeout, network error or 5xx; default 3. */
  retryCount?: number;
  /** Seconds between attempts, as the SDK counts it; default 2. */
  retryDuration?: number;
  /** Per request, ms; default 300 s. */
  timeout?: number;
  /**
   * Instead of answering onUploadstarted / onUploadTokenExpired by hand: the uploader asks for
   * auth itself. A rejection fails the item with GetUploadAuthFailed.
   */
  getUploadAuth?(item: UploadInfo, purpose: 'create' | 'refresh'): Promise<UploadGrant>;
}

/** What addFile takes besides the file (spec §3 item fields). */
export type AddFileDetails = NewItemDetails;

export type AddFileOutcome = { ok: true; item: UploadInfo } | Exclude<UploadOutcome, { ok: true }>;

/** Spec §9 defaults for what the options leave out. */
export const transferSettings = (options: UploaderOptions): TransferSettings => ({
  partSize: options.partSize ?? UPLOAD_PART_SIZE,
  parallel: Math.max(1, options.parallel ?? UPLOAD_PARALLEL),
  retryCount: options.retryCount ?? UPLOAD_RETRY_COUNT,
  retryWaitMs: options.retryDuration === undefined ? UPLOAD_RETRY_WAIT_MS : options.retryDuration * 1000,
});
