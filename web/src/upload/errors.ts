/**
 * The uploader's message codes (spec §8) and the store codes it acts on. Codes are the contract
 * with the UI, which shows its own translated text per code; messages here are for logs.
 */
export const UPLOAD_MESSAGES = {
  EmptyFile: 'The file is empty (0 bytes).',
  FileDuplication: 'The file is already in the upload list.',
  UploadAlearyStarted: 'The upload has already started.',
  'InvalidParameter.EmptyValue': 'The upload auth or upload address is missing a required value.',
  'InvalidParameter.TokenInvalid': 'The upload auth is not valid temporary credentials.',
  ReadFileError: 'The file could not be read.',
  GetUploadAuthFailed: 'Getting the upload auth failed.',
  OSSAbort: 'The multipart upload was aborted.',
  NoSuchUpload: 'The multipart upload no longer exists on the object store.',
  RequestError: 'The object store could not be reached.',
  ConnectionTimeoutError: 'The request to the object store timed out.',
  Canceled: 'The upload was canceled.',
  NotFound: 'No such file in the upload list.',
  InvalidState: 'The file is not in a state that allows this.',
} as const;

/** A code of the uploader's own. */
export type UploadMessageCode = keyof typeof UPLOAD_MESSAGES;
/** What a failure callback receives: one of ours, or the store's error code passed through. */
export type UploadErrorCode = UploadMessageCode | (string & {});

/** Store answers meaning "these credentials no longer work": ask for new ones (spec §8). */
export const TOKEN_EXPIRY_CODES: ReadonlySet<string> = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'SecurityTokenExpired',
  // S3's spelling of an expired session token.
  'ExpiredToken',
]);

/** The answer of an API call that can be refused. */
export type UploadOutcome = { ok: true } | { ok: false; code: UploadMessageCode; message: string };

export const accepted: UploadOutcome = { ok: true };
export const refused = (code: UploadMessageCode): UploadOutcome => ({
  ok: false,
  code,
  message: UPLOAD_MESSAGES[code],
});

/** A failure the uploader reports for an item through onUploadFailed. */
export class UploadFailure extends Error {
  constructor(
    readonly code: UploadErrorCode,
    message?: string,
  ) {
    super(message ?? (code in UPLOAD_MESSAGES ? UPLOAD_MESSAGES[code as UploadMessageCode] : code));
    this.name = 'UploadFailure';
  }
}
