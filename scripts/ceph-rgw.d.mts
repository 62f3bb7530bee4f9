/** Types of scripts/ceph-rgw.mjs, for the tests that start a gateway. */
export interface Gateway {
  dir: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  startedInMs: number;
}
export function cephInstalled(): boolean;
export function startRgw(options?: { dir?: string }): Promise<Gateway>;
export function stopRgw(dir: string, options?: { keep?: boolean }): Promise<void>;
