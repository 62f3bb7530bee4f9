import { authenticate, authorize } from './auth.ts';
import { OssError } from './errors.ts';
import type { ObjectExchange, StoreServices } from './exchange.ts';
import {
  abortMultipartUpload,
  completeMultipartUpload,
  initiateMultipartUpload,
  listParts,
  uploadPart,
} from './multipart-operations.ts';
import { deleteObject, getObject, putObject } from './object-operations.ts';
import { SIGNED_SUB_RESOURCES } from './signature.ts';
import type { RequestTarget } from './target.ts';

type Operation = (services: StoreServices, exchange: ObjectExchange) => Promise<void>;

/** Sub-resources an operation here may carry; any other (acl, tagging, append…) is not implemented. */
const SUPPORTED_SUB_RESOURCES = new Set([
  'uploads',
  'uploadId',
  'partNumber',
  'security-token',
  'response-content-type',
  'response-content-language',
  'response-expires',
  'response-cache-control',
  'response-content-disposition',
  'response-content-encoding',
]);

/** Picks the OSS operation a request on an object asks for. */
function operationFor(method: string, query: URLSearchParams): Operation {
  const unsupported = [...query.keys()].find(
    (name) => SIGNED_SUB_RESOURCES.has(name) && !SUPPORTED_SUB_RESOURCES.has(name),
  );
  if (unsupported)
    throw new OssError('NotImplemented', `The sub-resource ${unsupported} is not supported here.`);
  const multipart = query.has('uploadId');
  switch (method) {
    case 'POST':
      if (query.has('uploads')) return initiateMultipartUpload;
      if (multipart) return completeMultipartUpload;
      break;
    case 'PUT':
      if (multipart || query.has('partNumber')) return uploadPart;
      return putObject;
    case 'GET':
      return multipart ? listParts : getObject;
    case 'HEAD':
      if (!multipart) return getObject;
      break;
    case 'DELETE':
      return multipart ? abortMultipartUpload : deleteObject;
  }
  throw new OssError('MethodNotAllowed');
}

/**
 * Serves one request: the bucket must be ours, the operation one of the supported subset, the
 * signature valid and the key the credential's own, in that order.
 */
export async function route(
  services: StoreServices,
  exchange: Omit<ObjectExchange, 'bucket' | 'key' | 'query' | 'scope'>,
  target: RequestTarget,
): Promise<void> {
  const method = exchange.request.method ?? 'GET';
  if (!target.bucket) throw new OssError('NotImplemented', 'Listing buckets is not supported.');
  if (target.bucket !== services.bucket)
    throw new OssError('NoSuchBucket', undefined, { BucketName: target.bucket });
  if (!target.key) throw new OssError('NotImplemented', 'Bucket operations are not supported.');
  const operation = operationFor(method, target.query);
  const scope = authenticate(services.authority, {
    method,
    headers: exchange.request.headers,
    bucket: target.bucket,
    key: target.key,
    query: target.query,
  });
  // Only GetObject/HeadObject read; DeleteObject no grant may do; everything else (parts, listing
  // them, aborting an upload) needs a write grant.
  const intent = operation === getObject ? 'read' : operation === deleteObject ? 'delete' : 'write';
  authorize(scope, target.bucket, target.key, intent);
  await operation(services, {
    ...exchange,
    bucket: target.bucket,
    key: target.key,
    query: target.query,
    scope,
  });
}
