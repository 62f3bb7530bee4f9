import { S3Client } from '@aws-sdk/client-s3';
import type { Gateway, GatewayWithoutRole } from '../../../scripts/ceph-rgw.mjs';

/** A client with the gateway's own key: what an operator (or a test looking behind the console) uses. */
export const adminS3Client = (gateway: Gateway | GatewayWithoutRole): S3Client =>
  new S3Client({
    endpoint: gateway.endpoint,
    region: gateway.region,
    forcePathStyle: true,
    credentials: { accessKeyId: gateway.accessKeyId, secretAccessKey: gateway.secretAccessKey },
    // Ceph rejects the SDK's default CRC32 checksums on writes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
