import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { OssError } from './errors.ts';
import { MAX_SINGLE_UPLOAD_BYTES, type ObjectExchange, type StoreServices } from './exchange.ts';
import { checkContentMd5, receiveFile } from './files.ts';
import { MAX_PART_NUMBER } from './multipart.ts';
import { alreadyExists } from './objects.ts';
import { declaredLength, quoteEtag, sendEmpty, sendXml, userMetaOf } from './respond.ts';
import { parseCompleteMultipartUpload, type XmlElement } from './xml.ts';

/** A CompleteMultipartUpload body lists at most 10000 short parts: a few hundred KB. */
const MAX_COMPLETE_BODY_BYTES = 4 * 1024 * 1024;
const MAX_LISTED_PARTS = 1000;

const uploadIdOf = (exchange: ObjectExchange): string => exchange.query.get('uploadId') ?? '';

/**
 * InitiateMultipartUpload (`POST ?uploads`). Under a grant that only creates, a key that holds
 * an object is FileAlreadyExists here already, before any part is sent.
 */
export async function initiateMultipartUpload(
  services: StoreServices,
  exchange: ObjectExchange,
): Promise<void> {
  const { request } = exchange;
  request.resume();
  if (exchange.scope.forbidOverwrite && (await services.objects.stat(exchange.bucket, exchange.key)))
    throw alreadyExists(exchange.key);
  const upload = await services.uploads.initiate({
    bucket: exchange.bucket,
    key: exchange.key,
    contentType: request.headers['content-type'] || 'application/octet-stream',
    userMeta: userMetaOf(request),
    maxBytes: exchange.scope.maxBytes,
  });
  sendXml(exchange.response, 200, [
    'InitiateMultipartUploadResult',
    [
      ['Bucket', upload.bucket],
      ['Key', upload.key],
      ['UploadId', upload.uploadId],
    ],
  ]);
}

/**
 * UploadPart (`PUT ?partNumber&uploadId`). The upload must exist before a byte is read, so a
 * part for an unknown upload stores nothing. Sending the same part again replaces it; the same
 * bytes give the same ETag (their MD5). The upload's parts (this one replacing its earlier self,
 * and every body arriving for the key at once) never pass the grant's declared size:
 * EntityTooLarge, and the part is not kept.
 */
export async function uploadPart(services: StoreServices, exchange: ObjectExchange): Promise<void> {
  const { request } = exchange;
  const partNumberText = exchange.query.get('partNumber') ?? '';
  const partNumber = Number(partNumberText);
  if (!/^\d+$/.test(partNumberText) || partNumber < 1 || partNumber > MAX_PART_NUMBER) {
    throw new OssError(
      'InvalidArgument',
      `Part number must be an integer between 1 and ${MAX_PART_NUMBER}, inclusive.`,
      {
        ArgumentName: 'partNumber',
        ArgumentValue: partNumberText,
      },
    );
  }
  const upload = await services.uploads.find(uploadIdOf(exchange), exchange.bucket, exchange.key);
  const objectLimit = services.uploads.limitOf(upload, exchange.scope.maxBytes);
  const storedElsewhere = await services.uploads.storedBytes(upload, partNumber);
  const received = await receiveFile(request, services.layout.temporaryPath('part'), {
    maxBytes: Math.min(MAX_SINGLE_UPLOAD_BYTES, Math.max(0, objectLimit - storedElsewhere)),
    declaredLength: declaredLength(request),
    allowance: services.inFlight.allowance(`${exchange.bucket}/${exchange.key}`, objectLimit, () =>
      services.uploads.knownStoredBytes(upload, partNumber),
    ),
  });
  try {
    checkContentMd5(request.headers['content-md5'], received.md5);
  } catch (error) {
    await fs.rm(received.path, { force: true });
    throw error;
  }
  const part = await services.uploads.putPart(upload, partNumber, received, objectLimit);
  sendEmpty(exchange.response, 200, {
    ETag: quoteEtag(part.etag),
    'Content-MD5': received.md5.toString('base64'),
  });
}

/** ListParts (`GET ?uploadId`), with `max-parts` and `part-number-marker` paging. */
export async function listParts(services: StoreServices, exchange: ObjectExchange): Promise<void> {
  const upload = await services.uploads.find(uploadIdOf(exchange), exchange.bucket, exchange.key);
  const maxParts = Math.min(Number(exchange.query.get('max-parts') || MAX_LISTED_PARTS), MAX_LISTED_PARTS);
  const marker = Number(exchange.query.get('part-number-marker') || 0);
  if (!Number.isInteger(maxParts) || maxParts < 1 || !Number.isInteger(marker) || marker < 0) {
    throw new OssError('InvalidArgument', 'max-parts and part-number-marker must be non-negative integers.');
  }
  const after = (await services.uploads.listParts(upload)).filter((part) => part.partNumber > marker);
  const page = after.slice(0, maxParts);
  const truncated = after.length > page.length;
  const parts = page.map(
    (part): XmlElement => [
      'Part',
      [
        ['PartNumber', part.partNumber],
        ['LastModified', part.lastModified],
        ['ETag', quoteEtag(part.etag)],
        ['Size', part.size],
      ],
    ],
  );
  sendXml(exchange.response, 200, [
    'ListPartsResult',
    [
      ['Bucket', upload.bucket],
      ['Key', upload.key],
      ['UploadId', upload.uploadId],
      ['PartNumberMarker', marker],
      ['NextPartNumberMarker', page.at(-1)?.partNumber ?? marker],
      ['MaxParts', maxParts],
      ['IsTruncated', truncated],
      ...parts,
    ],
  ]);
}

async function readSmallBody(exchange: ObjectExchange): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of exchange.request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_COMPLETE_BODY_BYTES) throw new OssError('EntityTooLarge');
    chunks.push(chunk);
  }
  const body = Buffer.concat(chunks);
  const md5 = exchange.request.headers['content-md5'];
  if (md5 !== undefined) {
    checkContentMd5(md5, createHash('md5').update(body).digest());
  }
  return body.toString('utf8');
}

/**
 * CompleteMultipartUpload (`POST ?uploadId` with the list of parts). Under a grant that only
 * creates, a key that holds an object (one put, or another upload completed, since this upload
 * began) is FileAlreadyExists: the object stays as it is, and this upload stays open to abort.
 */
export async function completeMultipartUpload(
  services: StoreServices,
  exchange: ObjectExchange,
): Promise<void> {
  const upload = await services.uploads.find(uploadIdOf(exchange), exchange.bucket, exchange.key);
  const requested = parseCompleteMultipartUpload(await readSmallBody(exchange));
  const meta = await services.uploads.complete(
    upload,
    requested,
    services.uploads.limitOf(upload, exchange.scope.maxBytes),
    { forbidOverwrite: exchange.scope.forbidOverwrite },
  );
  sendXml(
    exchange.response,
    200,
    [
      'CompleteMultipartUploadResult',
      [
        ['Location', `${exchange.baseUrl}/${exchange.bucket}/${encodeURI(meta.key)}`],
        ['Bucket', exchange.bucket],
        ['Key', meta.key],
        ['ETag', quoteEtag(meta.etag)],
      ],
    ],
    { ETag: quoteEtag(meta.etag) },
  );
}

/** AbortMultipartUpload (`DELETE ?uploadId`): the upload and its parts are gone. */
export async function abortMultipartUpload(services: StoreServices, exchange: ObjectExchange): Promise<void> {
  const upload = await services.uploads.find(uploadIdOf(exchange), exchange.bucket, exchange.key);
  await services.uploads.abort(upload);
  sendEmpty(exchange.response, 204);
}
