/**
 * The VOD uploader (spec §4, §5, §8, §9; DESIGN "Uploads"): the upload SDK's API over OSS or S3
 * (issue 19) multipart uploads, with resume records in local storage. No React; runs in Node too.
 */
export {
  type AuthErrorCode,
  decodeUploadAddress,
  decodeUploadAuth,
  encodeBase64Json,
  type UploadAddress,
  type UploadCredentials,
} from './auth.ts';
export {
  type Checkpoint,
  type DonePart,
  RESUME_KEY_PREFIX,
  type ResumeRecord,
  ResumeRecords,
  resumeRecordKey,
} from './checkpoint.ts';
export {
  type FetchLike,
  type FetchRequestInit,
  type FetchResponseLike,
  type KeyValueStorage,
  memoryStorage,
  type PageEvents,
  type UploadEnvironment,
} from './environment.ts';
export {
  TOKEN_EXPIRY_CODES,
  UPLOAD_MESSAGES,
  type UploadErrorCode,
  type UploadMessageCode,
  type UploadOutcome,
} from './errors.ts';
export type { UploadSource } from './file-source.ts';
export { md5Hex } from './md5.ts';
export type {
  AddFileDetails,
  AddFileOutcome,
  UploaderCallbacks,
  UploaderOptions,
  UploadGrant,
} from './options.ts';
export {
  MIN_PART_SIZE,
  minPartSize,
  partCount,
  partRange,
  partSizeFor,
  S3_MIN_PART_SIZE,
} from './part-plan.ts';
export { TransferRate } from './progress.ts';
export type { UploadInfo, VideoInfo } from './queue.ts';
export {
  isRunning,
  nextItemState,
  nextUploaderState,
  type UploaderState,
  type UploadItemState,
} from './states.ts';
export type { StoreProtocol } from './store-client.ts';
export { NEXT_FILE_DELAY_MS, VodUploader } from './uploader.ts';
