/**
 * The OSS error codes this store answers, with OSS's own HTTP statuses and messages, so that
 * clients written for Alibaba Cloud OSS (ali-oss, the VOD upload SDK) recognise them: the
 * uploader treats InvalidAccessKeyId, SignatureDoesNotMatch and SecurityTokenExpired as
 * "credentials expired" and NoSuchUpload as "forget the resume record" (spec §8).
 */
const CATALOGUE = {
  AccessDenied: [403, 'You have no right to access this object.'],
  AccessForbidden: [403, 'CORSResponse: This CORS request is not allowed.'],
  InvalidAccessKeyId: [403, 'The OSS Access Key Id you provided does not exist in our records.'],
  SignatureDoesNotMatch: [
    403,
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  ],
  SecurityTokenExpired: [403, 'The security token you provided has expired.'],
  RequestTimeTooSkewed: [403, 'The difference between the request time and the current time is too large.'],
  NoSuchBucket: [404, 'The specified bucket does not exist.'],
  NoSuchKey: [404, 'The specified key does not exist.'],
  NoSuchUpload: [
    404,
    'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
  ],
  MethodNotAllowed: [405, 'The specified method is not allowed against this resource.'],
  // OSS's answer to a write with `x-oss-forbid-overwrite: true` on a key that holds an object.
  FileAlreadyExists: [409, 'The object you specified already exists and can not be overwritten.'],
  EntityTooSmall: [400, 'Your proposed upload is smaller than the minimum allowed size.'],
  EntityTooLarge: [400, 'Your proposed upload exceeds the maximum allowed size.'],
  InvalidArgument: [400, 'An argument you provided is invalid.'],
  InvalidDigest: [400, 'The Content-MD5 you specified did not match what we received.'],
  IncompleteBody: [
    400,
    'You did not provide the number of bytes specified by the Content-Length HTTP header.',
  ],
  InvalidObjectName: [400, 'The specified object is not valid.'],
  InvalidPart: [
    400,
    "One or more of the specified parts could not be found or the specified entity tag might not have matched the part's entity tag.",
  ],
  InvalidPartOrder: [
    400,
    'The list of parts was not in ascending order. The parts list must be specified in order by part number.',
  ],
  MalformedXML: [
    400,
    'The XML you provided was not well-formed or did not validate against our published schema.',
  ],
  InvalidRange: [416, 'The requested range cannot be satisfied.'],
  PreconditionFailed: [412, 'At least one of the pre-conditions you specified did not hold.'],
  NotImplemented: [501, 'A header or query you provided requested a function that is not implemented.'],
  InternalError: [500, 'We encountered an internal error. Please try again.'],
  // Not one of OSS's own: its disks never fill up. 507 as other stores answer it (MinIO's
  // XMinioStorageFull); clients treat it as a failed request, and nothing partial is kept.
  InsufficientStorage: [507, 'There is not enough space left in the store to save this data.'],
} as const satisfies Record<string, readonly [number, string]>;

export type OssErrorCode = keyof typeof CATALOGUE;

/** A refusal in OSS's terms; `details` become extra elements of the XML answer. */
export class OssError extends Error {
  readonly status: number;
  constructor(
    readonly code: OssErrorCode,
    message?: string,
    readonly details: Record<string, string> = {},
  ) {
    super(message ?? CATALOGUE[code][1]);
    this.status = CATALOGUE[code][0];
  }
}
