import { UPLOAD_MAX_PARTS } from '@dc/contract';
import type { Checkpoint, DonePart } from './checkpoint.ts';
import { sleep, type Timers } from './environment.ts';
import { TOKEN_EXPIRY_CODES, type UploadErrorCode, UploadFailure } from './errors.ts';
import { readBytes, type UploadSource } from './file-source.ts';
import { minPartSize, partCount, partRange, partSizeFor } from './part-plan.ts';
import {
  isRetryable,
  type ListedPart,
  OssServiceError,
  OssTransportError,
  type StoreClient,
  UploadAbortedError,
} from './store-client.ts';

export interface TransferSettings {
  /** Requested part size; raised to the store's minimum and grown for huge files (see part-plan.ts). */
  partSize: number;
  parallel: number;
  /** Further attempts after the first, for retryable failures. */
  retryCount: number;
  retryWaitMs: number;
}

export interface TransferJob {
  file: UploadSource;
  bucket: string;
  key: string;
  contentType: string;
  /** OSS or S3, as the upload address says; its protocol sets the smallest part. */
  client: StoreClient;
  /** Where an earlier attempt stopped, if anywhere. */
  checkpoint: Checkpoint | undefined;
  settings: TransferSettings;
  timers: Timers;
  /** Aborts everything (stop, cancel, delete). */
  signal: AbortSignal;
  /** After the upload is initiated or reconciled, and after every part: persist and report. */
  onCheckpoint(checkpoint: Checkpoint, loadedBytes: number): void;
  /**
   * While parts are on their way: the bytes of the file sent so far, the parts done and what
   * has gone out of those in flight (issue 17: the bar moved only when a part finished).
   */
  onProgress?(loadedBytes: number): void;
  /** The store no longer has the checkpoint's upload: its record must go. */
  onCheckpointDiscarded(): void;
}

export type TransferOutcome =
  | { kind: 'completed'; etag: string }
  /** The credentials stopped working (spec §8); the checkpoint holds every part that made it. */
  | { kind: 'expired' }
  | { kind: 'aborted' }
  | { kind: 'failed'; code: UploadErrorCode; message: string };

/** What an error means for the transfer as a whole. */
export function outcomeOf(error: unknown): TransferOutcome {
  if (error instanceof UploadAbortedError) return { kind: 'aborted' };
  if (error instanceof OssServiceError && TOKEN_EXPIRY_CODES.has(error.code)) return { kind: 'expired' };
  if (
    error instanceof OssServiceError ||
    error instanceof OssTransportError ||
    error instanceof UploadFailure
  )
    return { kind: 'failed', code: error.code, message: error.message };
  return {
    kind: 'failed',
    code: error instanceof Error ? error.name : 'UnknownError',
    message: error instanceof Error ? error.message : String(error),
  };
}

/** Spec §8: timeouts, network errors and 5xx are tried again, up to retryCount more times, waiting between. */
async function withRetry<T>(
  job: TransferJob,
  signal: AbortSignal,
  operation: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await operation(signal);
    } catch (error) {
      if (!isRetryable(error) || attempt >= job.settings.retryCount || signal.aborted) throw error;
      await sleep(job.timers, job.settings.retryWaitMs, signal, () => new UploadAbortedError());
    }
  }
}

const partBytes = (checkpoint: Checkpoint, partNumber: number): number => {
  const [start, end] = partRange(checkpoint.fileSize, checkpoint.partSize, partNumber);
  return end - start;
};

const loadedBytes = (checkpoint: Checkpoint): number =>
  checkpoint.doneParts.reduce((sum, part) => sum + partBytes(checkpoint, part.partNumber), 0);

/**
 * The checkpoint as the store sees it: the parts ListParts reports, where each has the size its
 * number must have. Parts the checkpoint lists but the store lacks are sent again; parts the
 * store has but the checkpoint missed (answer lost when the connection broke) are kept.
 * Undefined: start over (the upload is gone, or the checkpoint does not fit this file).
 */
async function reconcile(job: TransferJob, checkpoint: Checkpoint): Promise<Checkpoint | undefined> {
  const count = partCount(checkpoint.fileSize, checkpoint.partSize);
  // Parts smaller than the store takes could never be completed (EntityTooSmall).
  const fits =
    checkpoint.fileSize === job.file.size &&
    checkpoint.bucket === job.bucket &&
    checkpoint.object === job.key &&
    count <= UPLOAD_MAX_PARTS &&
    (count === 1 || checkpoint.partSize >= minPartSize(job.client.protocol));
  if (!fits) {
    job.onCheckpointDiscarded();
    return undefined;
  }
  let listed: ListedPart[];
  try {
    listed = await withRetry(job, job.signal, (signal) =>
      job.client.listParts(job.key, checkpoint.uploadId, signal),
    );
  } catch (error) {
    if (error instanceof OssServiceError && error.code === 'NoSuchUpload') {
      job.onCheckpointDiscarded();
      return undefined;
    }
    throw error;
  }
  const doneParts: DonePart[] = listed
    .filter(
      (part) =>
        Number.isInteger(part.partNumber) &&
        part.partNumber >= 1 &&
        part.partNumber <= count &&
        part.size === partBytes(checkpoint, part.partNumber),
    )
    .map((part) => ({ partNumber: part.partNumber, etag: part.etag }));
  const reconciled = { ...checkpoint, doneParts };
  job.onCheckpoint(reconciled, loadedBytes(reconciled));
  return reconciled;
}

/**
 * Sends the missing parts, `parallel` at a time. A failure stops the others at once; a token
 * expiry lets the parts in flight finish (each one that lands is a part not sent again) and then
 * stops. Answers the final checkpoint, and why it halted if it did.
 */
async function uploadParts(
  job: TransferJob,
  start: Checkpoint,
): Promise<{ checkpoint: Checkpoint; halt: TransferOutcome | undefined }> {
  let checkpoint = start;
  const done = new Set(checkpoint.doneParts.map((part) => part.partNumber));
  const pending: number[] = [];
  for (let number = 1; number <= partCount(checkpoint.fileSize, checkpoint.partSize); number++)
    if (!done.has(number)) pending.push(number);

  const inFlight = new AbortController();
  const forwardAbort = () => inFlight.abort();
  job.signal.addEventListener('abort', forwardAbort, { once: true });
  let halt: TransferOutcome | undefined;
  let loaded = loadedBytes(checkpoint);
  /** Bytes sent so far of each part in flight; a retry starts its part at 0 again. */
  const sending = new Map<number, number>();
  const reportSending = () => {
    let inFlight = 0;
    for (const bytes of sending.values()) inFlight += bytes;
    job.onProgress?.(loaded + inFlight);
  };

  const worker = async (): Promise<void> => {
    for (let partNumber = pending.shift(); partNumber !== undefined && !halt; partNumber = pending.shift()) {
      try {
        const [from, to] = partRange(checkpoint.fileSize, checkpoint.partSize, partNumber);
        const body = await readBytes(job.file, from, to);
        const number = partNumber;
        const etag = await withRetry(job, inFlight.signal, (signal) => {
          sending.set(number, 0);
          return job.client.uploadPart(job.key, checkpoint.uploadId, number, body, signal, (bytes) => {
            // Progress events of a request still going: never past the part's own size.
            if (!sending.has(number)) return;
            sending.set(number, Math.min(bytes, to - from));
            reportSending();
          });
        });
        sending.delete(number);
        checkpoint = {
          ...checkpoint,
          doneParts: [...checkpoint.doneParts, { partNumber, etag }].sort(
            (a, b) => a.partNumber - b.partNumber,
          ),
        };
        loaded += to - from;
        job.onCheckpoint(checkpoint, loaded);
      } catch (error) {
        if (partNumber !== undefined) sending.delete(partNumber);
        const outcome = outcomeOf(error);
        halt ??= outcome;
        if (outcome.kind !== 'expired') inFlight.abort();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(job.settings.parallel, pending.length) }, worker));
  } finally {
    job.signal.removeEventListener('abort', forwardAbort);
  }
  // A stop that came while the last parts landed is still a stop.
  if (!halt && job.signal.aborted) halt = { kind: 'aborted' };
  return { checkpoint, halt };
}

/** One attempt at the whole file: initiate or reconcile, send the parts, complete. */
export async function transferFile(job: TransferJob): Promise<TransferOutcome> {
  try {
    let checkpoint = job.checkpoint ? await reconcile(job, job.checkpoint) : undefined;
    if (!checkpoint) {
      const uploadId = await withRetry(job, job.signal, (signal) =>
        job.client.initiateMultipartUpload(job.key, job.contentType, signal),
      );
      checkpoint = {
        bucket: job.bucket,
        object: job.key,
        uploadId,
        partSize: partSizeFor(job.file.size, job.client.protocol, job.settings.partSize),
        fileSize: job.file.size,
        doneParts: [],
      };
      job.onCheckpoint(checkpoint, 0);
    }
    const sent = await uploadParts(job, checkpoint);
    if (sent.halt) return sent.halt;
    const { uploadId, doneParts } = sent.checkpoint;
    const etag = await withRetry(job, job.signal, (signal) =>
      job.client.completeMultipartUpload(job.key, uploadId, doneParts, signal),
    );
    return { kind: 'completed', etag };
  } catch (error) {
    // Grants only create their object: the key already holds one when an earlier attempt's
    // CompleteMultipartUpload landed but its answer was lost. That is this upload, stored;
    // upload-finished checks its bytes and size.
    if (error instanceof OssServiceError && error.code === 'FileAlreadyExists')
      return { kind: 'completed', etag: '' };
    return outcomeOf(error);
  }
}
