import { createHash, timingSafeEqual } from 'node:crypto';
import { readOperatorFile } from '../../admin/operator-file.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether `authorization` carries the token of `DATA_DIR/operator.json`, compared in constant
 * time (over digests, so the length of a guess tells nothing either). No file, no access.
 */
export function operatorTokenMatches(dataDir: string, authorization: string | undefined): boolean {
  const file = readOperatorFile(dataDir);
  if (!file) return false;
  const presented = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(presented), digest(file.token));
}
