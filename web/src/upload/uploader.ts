import { UPLOAD_HTTP_TIMEOUT_MS, UPLOAD_MD5_BYTES } from '@dc/contract';
import {
  type AuthErrorCode,
  decodeUploadAddress,
  decodeUploadAuth,
  type UploadAddress,
  type UploadCredentials,
} from './auth.ts';
import { type Checkpoint, ResumeRecords } from './checkpoint.ts';
import { resolveEnvironment, type UploadEnvironment } from './environment.ts';
import {
  accepted,
  refused,
  UPLOAD_MESSAGES,
  type UploadErrorCode,
  UploadFailure,
  type UploadOutcome,
} from './errors.ts';
import { readBytes, type UploadSource } from './file-source.ts';
import { md5Hex } from './md5.ts';
import {
  type AddFileDetails,
  type AddFileOutcome,
  transferSettings,
  type UploaderCallbacks,
  type UploaderOptions,
  type UploadGrant,
} from './options.ts';
import { OssClient } from './oss-client.ts';
import { newUploadItem, type UploadInfo, type UploadItem, UploadQueue } from './queue.ts';
import { S3Client } from './s3-client.ts';
import { S3PresignedClient } from './s3-presigned-client.ts';
import {
  type ItemTransition,
  isRunning,
  nextItemState,
  nextUploaderState,
  type UploaderState,
  type UploaderTransition,
} from './states.ts';
import type { StoreClient } from './store-client.ts';
import { transferFile } from './transfer.ts';

/** A path on the page's origin made absolute (a SigningUrl may be either). */
const absoluteUrl = (url: string): string => {
  const page = (globalThis as { location?: { href: string } }).location?.href;
  return page ? new URL(url, page).href : url;
};

/** Spec §4: the next file starts this long after the previous one ends. */
export const NEXT_FILE_DELAY_MS = 100;

interface Grant {
  credentials: UploadCredentials;
  address: UploadAddress;
}

/** The item being uploaded now, and how to stop its requests. */
interface ActiveRun {
  item: UploadItem;
  controller: AbortController;
  /** Between onUploadstarted and setUploadAuthAndAddress. */
  awaitingAuth: boolean;
}

/**
 * The VOD upload SDK's API and state machine (spec §4, §5, §8, §9) over OSS or S3 multipart
 * uploads: a queue of files uploaded one at a time, each in parts, resumable from a checkpoint
 * kept in local storage. No React and no DOM needed; runs in browsers and in Node.
 */
export class VodUploader {
  #state: UploaderState = 'Init';
  readonly #queue = new UploadQueue();
  readonly #grants = new Map<string, Grant>();
  readonly #env: UploadEnvironment;
  readonly #records: ResumeRecords;
  #run: ActiveRun | undefined;
  #lastItem: UploadItem | undefined;
  #advanceTimer: unknown;
  readonly #onLeave = () => this.#markLeaving();

  constructor(private readonly options: UploaderOptions = {}) {
    this.#env = resolveEnvironment(options);
    this.#records = new ResumeRecords(this.#env.storage);
    this.#env.pageEvents?.addEventListener('pagehide', this.#onLeave);
    this.#env.pageEvents?.addEventListener('beforeunload', this.#onLeave);
  }

  get state(): UploaderState {
    return this.#state;
  }

  listFiles(): readonly UploadInfo[] {
    return this.#queue.all();
  }

  /** Spec §5: an empty file fails with EmptyFile and a file already listed with FileDuplication; neither is queued. */
  addFile(file: UploadSource, details: AddFileDetails = {}): AddFileOutcome {
    const item = newUploadItem(file, details);
    const rejection =
      file.size === 0 ? 'EmptyFile' : this.#queue.contains(file) ? 'FileDuplication' : undefined;
    if (rejection) {
      this.#emit('onUploadFailed', item, rejection, UPLOAD_MESSAGES[rejection]);
      return { ok: false, code: rejection, message: UPLOAD_MESSAGES[rejection] };
    }
    this.#queue.add(item);
    return { ok: true, item };
  }

  /** Spec §4: resets Failure and Stoped items to Ready and picks the first Ready one. */
  startUpload(): UploadOutcome {
    if (isRunning(this.#state)) return refused('UploadAlearyStarted');
    for (const item of this.#queue.all()) {
      if (nextItemState(item.state, 'reset')) this.#moveItem(item, 'reset');
    }
    this.#moveUploader('start');
    this.#pickNext();
    return accepted;
  }

  /** Spec §4: the current item becomes Stoped, in memory and in its resume record. */
  stopUpload(): UploadOutcome {
    if (!isRunning(this.#state)) return accepted;
    this.#cancelAdvance();
    const run = this.#endRun();
    if (run) {
      this.#moveItem(run.item, 'stop');
      this.#records.markState(run.item.file, 'Stoped');
    }
    this.#moveUploader('stop');
    return accepted;
  }

  /** Spec §4: a non-successful item becomes Canceled; its checkpoint stays for resumeFile. */
  cancelFile(id: string): UploadOutcome {
    const item = this.#queue.find(id);
    if (!item) return refused('NotFound');
    if (!nextItemState(item.state, 'cancel')) return refused('InvalidState');
    const wasCurrent = this.#endRun(item) !== undefined;
    this.#moveItem(item, 'cancel');
    this.#records.markState(item.file, 'Canceled');
    this.#emit('onUploadCanceled', item, 'Canceled', UPLOAD_MESSAGES.Canceled);
    if (wasCurrent) this.#goOnWithoutCurrent();
    return accepted;
  }

  /** Spec §4: a Canceled item goes back to Ready (and uploads when the queue reaches it). */
  resumeFile(id: string): UploadOutcome {
    const item = this.#queue.find(id);
    if (!item) return refused('NotFound');
    if (!nextItemState(item.state, 'resume')) return refused('InvalidState');
    this.#moveItem(item, 'resume');
    return accepted;
  }

  /** Removes the item from the list (stopping it first if it is uploading). Its resume record stays. */
  deleteFile(id: string): UploadOutcome {
    const item = this.#queue.find(id);
    if (!item) return refused('NotFound');
    const wasCurrent = this.#endRun(item) !== undefined;
    this.#queue.remove(id);
    this.#grants.delete(id);
    if (wasCurrent) this.#goOnWithoutCurrent();
    return accepted;
  }

  /**
   * Cancels the item and discards its multipart upload on the store: the resume record goes and
   * onUploadCanceled reports OSSAbort (spec §8). A later start begins from the first byte.
   */
  async abortFile(id: string): Promise<UploadOutcome> {
    const item = this.#queue.find(id);
    if (!item) return refused('NotFound');
    if (!nextItemState(item.state, 'cancel')) return refused('InvalidState');
    const wasCurrent = this.#endRun(item) !== undefined;
    const checkpoint = item.checkpoint ?? this.#records.load(item.file)?.checkpoint;
    this.#moveItem(item, 'cancel');
    this.#forgetCheckpoint(item);
    if (wasCurrent) this.#goOnWithoutCurrent();
    const grant = this.#grants.get(item.id);
    if (checkpoint && grant) {
      // Best effort: the store's own clean-up removes an upload nobody finishes.
      await this.#clientFor(grant)
        .abortMultipartUpload(checkpoint.object, checkpoint.uploadId, new AbortController().signal)
        .catch(() => undefined);
    }
    this.#emit('onUploadCanceled', item, 'OSSAbort', UPLOAD_MESSAGES.OSSAbort);
    return accepted;
  }

  /**
   * Gives an item its credentials and address (the answer of create-upload or refresh-upload).
   * Spec §5: all four credential fields together, and an address with its required fields;
   * otherwise InvalidParameter.EmptyValue / InvalidParameter.TokenInvalid, and an item waiting
   * for them fails with that code.
   */
  setUploadAuthAndAddress(
    target: UploadInfo | string,
    uploadAuth: string,
    uploadAddress: string,
    videoId?: string,
  ): UploadOutcome {
    const item = this.#queue.find(typeof target === 'string' ? target : target.id);
    if (!item) return refused('NotFound');
    const auth = decodeUploadAuth(uploadAuth);
    if (!auth.ok) return this.#refuseAuth(item, auth.code);
    const address = decodeUploadAddress(uploadAddress);
    if (!address.ok) return this.#refuseAuth(item, address.code);
    this.#grants.set(item.id, { credentials: auth.value, address: address.value });
    item.endpoint = address.value.Endpoint;
    item.bucket = address.value.Bucket;
    item.object = address.value.FileName;
    if (videoId) item.videoId = videoId;

    const run = this.#run;
    if (run?.item === item && run.awaitingAuth) {
      run.awaitingAuth = false;
      void this.#transfer(run);
    } else if (run?.item === item && this.#state === 'Expire') {
      this.#renew(run);
    }
    return accepted;
  }

  /** Bad auth or address: refused, and the item waiting for them fails with the code. */
  #refuseAuth(item: UploadItem, code: AuthErrorCode): UploadOutcome {
    const run = this.#run;
    if (run?.item === item && run.awaitingAuth) this.#fail(run, code, UPLOAD_MESSAGES[code]);
    return refused(code);
  }

  /**
   * Spec §4: in Expire, new credentials (refresh-upload's uploadAuth) send the uploader back to
   * Start, continuing the same item from its checkpoint. `uploadAddress` is for a store that
   * moved (an SDK extension); without it the address stays.
   */
  resumeUploadWithAuth(uploadAuth: string, uploadAddress?: string): UploadOutcome {
    const run = this.#run;
    if (this.#state !== 'Expire' || !run) return refused('InvalidState');
    const auth = decodeUploadAuth(uploadAuth);
    if (!auth.ok) return refused(auth.code);
    let address = this.#grants.get(run.item.id)?.address;
    if (uploadAddress !== undefined) {
      const decoded = decodeUploadAddress(uploadAddress);
      if (!decoded.ok) return refused(decoded.code);
      address = decoded.value;
    }
    if (!address) return refused('InvalidParameter.EmptyValue');
    this.#grants.set(run.item.id, { credentials: auth.value, address });
    this.#renew(run);
    return accepted;
  }

  /** Stops listening for page exit and stops the upload (for a component that unmounts). */
  dispose(): void {
    this.#env.pageEvents?.removeEventListener('pagehide', this.#onLeave);
    this.#env.pageEvents?.removeEventListener('beforeunload', this.#onLeave);
    this.stopUpload();
  }

  // ── the queue ──────────────────────────────────────────────────────────────

  #pickNext(): void {
    if (this.#state !== 'Start') return;
    const item = this.#queue.firstReady();
    if (!item) {
      this.#moveUploader('drained');
      this.#emit('onUploadEnd', this.#lastItem);
      return;
    }
    const run: ActiveRun = { item, controller: new AbortController(), awaitingAuth: false };
    this.#run = run;
    this.#lastItem = item;
    this.#moveItem(item, 'pick');
    void this.#prepare(run);
  }

  /** Spec §4: the next file starts 100 ms after the previous one ends. */
  #scheduleAdvance(): void {
    this.#cancelAdvance();
    this.#advanceTimer = this.#env.setTimeout(() => {
      this.#advanceTimer = undefined;
      if (this.#state === 'Failure') {
        if (!this.#queue.firstReady()) {
          this.#moveUploader('drained');
          this.#emit('onUploadEnd', this.#lastItem);
          return;
        }
        this.#moveUploader('continue');
      }
      this.#pickNext();
    }, NEXT_FILE_DELAY_MS);
  }

  #cancelAdvance(): void {
    if (this.#advanceTimer === undefined) return;
    this.#env.clearTimeout(this.#advanceTimer);
    this.#advanceTimer = undefined;
  }

  /** Ends the current run (of `item`, when given), aborting its requests; answers the run ended. */
  #endRun(item?: UploadItem): ActiveRun | undefined {
    const run = this.#run;
    if (!run || (item && run.item !== item)) return undefined;
    this.#run = undefined;
    run.controller.abort();
    return run;
  }

  /** The current item left the queue (canceled, deleted): the queue goes on after 100 ms. */
  #goOnWithoutCurrent(): void {
    if (this.#state === 'Expire') this.#moveUploader('itemLeft');
    if (this.#state === 'Start') this.#scheduleAdvance();
  }

  #isCurrent(run: ActiveRun): boolean {
    return this.#run === run;
  }

  // ── one item ───────────────────────────────────────────────────────────────

  /** Hashes the file's head, finds its resume record, then asks the app for auth. */
  async #prepare(run: ActiveRun): Promise<void> {
    const { item } = run;
    try {
      item.fileHash = md5Hex(new Uint8Array(await readBytes(item.file, 0, UPLOAD_MD5_BYTES)));
    } catch (error) {
      if (this.#isCurrent(run)) this.#failWith(run, error);
      return;
    }
    if (!this.#isCurrent(run)) return;
    this.#restoreFromRecord(item);
    run.awaitingAuth = true;
    this.#emit('onUploadstarted', item);
    if (this.#isCurrent(run) && run.awaitingAuth && this.options.getUploadAuth)
      await this.#requestAuth(run, 'create');
  }

  #restoreFromRecord(item: UploadItem): void {
    const record = this.#records.load(item.file);
    if (!record) return;
    if (record.fileHash !== item.fileHash) {
      // Same name, time and size, other bytes: not the file the record was for.
      this.#records.remove(item.file);
      return;
    }
    item.checkpoint = record.checkpoint;
    item.loaded = record.loaded;
    item.videoId ??= record.videoId;
    item.endpoint ??= record.endpoint;
    item.bucket ??= record.bucket;
    item.object ??= record.object;
  }

  async #requestAuth(run: ActiveRun, purpose: 'create' | 'refresh'): Promise<void> {
    let grant: UploadGrant;
    try {
      grant = await this.options.getUploadAuth!(run.item, purpose);
    } catch (error) {
      if (this.#isCurrent(run))
        this.#fail(run, 'GetUploadAuthFailed', error instanceof Error ? error.message : String(error));
      return;
    }
    if (!this.#isCurrent(run)) return;
    const outcome =
      purpose === 'create'
        ? this.setUploadAuthAndAddress(run.item, grant.uploadAuth, grant.uploadAddress ?? '', grant.videoId)
        : this.resumeUploadWithAuth(grant.uploadAuth, grant.uploadAddress);
    if (!outcome.ok && this.#isCurrent(run)) this.#fail(run, outcome.code, outcome.message);
  }

  /**
   * The one place the store's protocol is read: OSS (the default), S3 with STS credentials, or S3
   * through part URLs our API presigns (issue 19).
   */
  #clientFor({ credentials, address }: Grant): StoreClient {
    const common = {
      fetch: this.#env.fetch,
      timers: this.#env,
      now: this.#env.now,
      timeoutMs: this.options.timeout ?? UPLOAD_HTTP_TIMEOUT_MS,
      location: { endpoint: address.Endpoint, bucket: address.Bucket, pathStyle: address.PathStyle },
    };
    if (address.Protocol === 's3-presigned')
      return new S3PresignedClient({
        ...common,
        signingUrl: absoluteUrl(address.SigningUrl ?? ''),
        credentials: { accessKeyId: credentials.AccessKeyId, securityToken: credentials.SecurityToken },
      });
    if (address.Protocol === 's3')
      return new S3Client({
        ...common,
        region: address.Region,
        expiresAt: Date.parse(credentials.Expiration),
        credentials: {
          accessKeyId: credentials.AccessKeyId,
          secretAccessKey: credentials.AccessKeySecret,
          sessionToken: credentials.SecurityToken,
        },
      });
    return new OssClient({
      ...common,
      credentials: {
        accessKeyId: credentials.AccessKeyId,
        accessKeySecret: credentials.AccessKeySecret,
        securityToken: credentials.SecurityToken,
      },
    });
  }

  async #transfer(run: ActiveRun): Promise<void> {
    const { item } = run;
    const grant = this.#grants.get(item.id)!;
    const outcome = await transferFile({
      file: item.file,
      bucket: grant.address.Bucket,
      key: grant.address.FileName,
      contentType: item.file.type || 'application/octet-stream',
      client: this.#clientFor(grant),
      checkpoint: item.checkpoint,
      settings: transferSettings(this.options),
      timers: this.#env,
      signal: run.controller.signal,
      onCheckpoint: (checkpoint, loadedBytes) => {
        if (this.#isCurrent(run)) this.#recordProgress(item, checkpoint, loadedBytes);
      },
      onCheckpointDiscarded: () => this.#forgetCheckpoint(item),
      onProgress: (loadedBytes) => {
        if (this.#isCurrent(run)) this.#reportSending(item, loadedBytes);
      },
    });
    if (!this.#isCurrent(run)) return;
    switch (outcome.kind) {
      case 'completed':
        this.#succeed(run);
        return;
      case 'expired':
        // Spec §8: token-expiry errors set Expire and trigger the expired-token callback.
        this.#moveUploader('tokenExpired');
        this.#emit('onUploadTokenExpired', item);
        if (this.#isCurrent(run) && this.#state === 'Expire' && this.options.getUploadAuth)
          await this.#requestAuth(run, 'refresh');
        return;
      case 'aborted':
        return;
      case 'failed':
        // Spec §8: a missing upload removes the resume record.
        if (outcome.code === 'NoSuchUpload') this.#forgetCheckpoint(item);
        this.#fail(run, outcome.code, outcome.message);
    }
  }

  #renew(run: ActiveRun): void {
    this.#moveUploader('credentialsRenewed');
    void this.#transfer(run);
  }

  #recordProgress(item: UploadItem, checkpoint: Checkpoint, loadedBytes: number): void {
    item.checkpoint = checkpoint;
    item.loaded = item.file.size > 0 ? loadedBytes / item.file.size : 0;
    this.#records.save({
      fileName: item.file.name,
      lastModified: item.file.lastModified,
      size: item.file.size,
      fileHash: item.fileHash ?? '',
      object: checkpoint.object,
      videoId: item.videoId,
      bucket: checkpoint.bucket,
      endpoint: item.endpoint ?? '',
      checkpoint,
      loaded: item.loaded,
      state: item.state,
    });
    this.#emit('onUploadProgress', item, item.file.size, item.loaded);
  }

  /** Bytes on their way within parts: the bar moves, the resume record waits for the part. */
  #reportSending(item: UploadItem, loadedBytes: number): void {
    if (item.file.size <= 0) return;
    item.loaded = Math.min(1, loadedBytes / item.file.size);
    this.#emit('onUploadProgress', item, item.file.size, item.loaded);
  }

  #forgetCheckpoint(item: UploadItem): void {
    item.checkpoint = undefined;
    item.loaded = 0;
    this.#records.remove(item.file);
  }

  #succeed(run: ActiveRun): void {
    const { item } = run;
    this.#run = undefined;
    this.#moveItem(item, 'succeed');
    item.loaded = 1;
    this.#records.remove(item.file);
    this.#emit('onUploadSucceed', item);
    this.#scheduleAdvance();
  }

  #failWith(run: ActiveRun, error: unknown): void {
    const failure = error instanceof UploadFailure ? error : new UploadFailure('ReadFileError');
    this.#fail(run, failure.code, failure.message);
  }

  /** Spec §4: the item becomes Failure, and the next Ready item starts after 100 ms. */
  #fail(run: ActiveRun, code: UploadErrorCode, message: string): void {
    const { item } = run;
    this.#endRun(item);
    this.#moveItem(item, 'fail');
    this.#records.markState(item.file, 'Failure');
    this.#moveUploader('itemFailed');
    this.#emit('onUploadFailed', item, code, message);
    this.#scheduleAdvance();
  }

  /** Spec §4: leaving the page marks the current upload Stoped in its saved record. */
  #markLeaving(): void {
    const run = this.#run;
    if (run && run.item.state === 'Uploading') this.#records.markState(run.item.file, 'Stoped');
  }

  // ── state changes, checked against states.ts ────────────────────────────────

  #moveItem(item: UploadItem, transition: ItemTransition): void {
    const next = nextItemState(item.state, transition);
    if (!next) throw new Error(`upload item ${item.id}: no transition ${transition} from ${item.state}`);
    item.state = next;
  }

  #moveUploader(transition: UploaderTransition): void {
    const next = nextUploaderState(this.#state, transition);
    if (!next) throw new Error(`uploader: no transition ${transition} from ${this.#state}`);
    this.#state = next;
  }

  /** Calls an app callback; its exceptions are the app's and must not break the queue. */
  #emit<K extends keyof UploaderCallbacks>(
    name: K,
    ...args: Parameters<NonNullable<UploaderCallbacks[K]>>
  ): void {
    const callback = this.options[name] as ((...values: typeof args) => void) | undefined;
    try {
      callback?.(...args);
    } catch (error) {
      console.error(`upload callback ${name} threw`, error);
    }
  }
}
