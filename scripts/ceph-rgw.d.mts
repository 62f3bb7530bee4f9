/** Types of scripts/ceph-rgw.mjs, for the tests that start a gateway. */
export interface Gateway {
  dir: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The role upload credentials are assumed from (S3_STS_ROLE_ARN). */
  roleArn: string;
  startedInMs: number;
}
/** A gateway started with `role: false`: no STS role, as a store without STS. */
export interface GatewayWithoutRole extends Omit<Gateway, 'roleArn'> {
  roleArn: undefined;
}
/** What a test skipped for want of Ceph says in its name. */
export const NO_CEPH: string;
export function cephInstalled(): boolean;
export function startRgw(options?: { dir?: string; role?: true }): Promise<Gateway>;
/** `role: false`: no STS role, as a store without STS (the console presigns part URLs). */
export function startRgw(options: { dir?: string; role: false }): Promise<GatewayWithoutRole>;
export function stopRgw(dir: string, options?: { keep?: boolean }): Promise<void>;
/** Kills radosgw only (the monitor and OSD keep the objects): an outage of the S3 endpoint. */
export function stopGateway(dir: string): Promise<void>;
/** Starts radosgw again on the same state and port. */
export function restartGateway(dir: string): Promise<void>;
/** OBJECT_STORE=s3 and the S3_* settings for `bucket` on this gateway. */
export function gatewayEnv(gateway: Gateway | GatewayWithoutRole, bucket: string): Record<string, string>;
