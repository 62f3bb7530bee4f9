/** The object store could not be reached, or answered it cannot serve now: a 50300, never a 500. */
export class ObjectStoreUnavailableError extends Error {
  constructor(operation: string, options?: { cause?: unknown }) {
    super(`object store unavailable (${operation})`, options);
    this.name = 'ObjectStoreUnavailableError';
  }
}

/** A setting that does not work with the store as found at start, named as in the environment. */
export class ObjectStoreSettingError extends Error {
  constructor(
    readonly setting: string,
    detail: string,
  ) {
    super(`Invalid setting ${setting}: ${detail}`);
    this.name = 'ObjectStoreSettingError';
  }
}

/**
 * The store refused a multipart request for a reason the request carries (S3's code: NoSuchUpload,
 * InvalidPart, EntityTooSmall, PreconditionFailed…): the client's to see as a 4xx, never a 500.
 */
export class UploadRefusedError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    options?: { cause?: unknown },
  ) {
    super(`the store refused the upload request: ${code}`, options);
    this.name = 'UploadRefusedError';
  }
}
