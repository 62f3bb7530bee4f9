import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * `DATA_DIR/operator.json`: how the operator CLI reaches a server running on the embedded
 * database (PGlite lets one process at a time open it). The server writes it once listening
 * (mode 0600: the token lets its holder run every operator command) and removes it at shutdown.
 */
export const OPERATOR_FILE = 'operator.json';

const operatorFileSchema = z.object({
  /** The server's loopback API base, `http://127.0.0.1:3000/designerapi/v1`. */
  url: z.url({ protocol: /^https?$/ }),
  /** 32 random bytes, hex. */
  token: z.string().regex(/^[0-9a-f]{64}$/),
  pid: z.number().int().optional(),
});
export type OperatorFile = z.infer<typeof operatorFileSchema>;

export const operatorFilePath = (dataDir: string) => path.join(dataDir, OPERATOR_FILE);

export const newOperatorToken = () => randomBytes(32).toString('hex');

/** Writes the file readable by its owner only (also when an older one was left behind). */
export function writeOperatorFile(dataDir: string, file: OperatorFile): void {
  const target = operatorFilePath(dataDir);
  writeFileSync(target, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  chmodSync(target, 0o600);
}

/** The file's content; undefined when missing or not ours to read (a half-written, foreign file). */
export function readOperatorFile(dataDir: string): OperatorFile | undefined {
  let text: string;
  try {
    text = readFileSync(operatorFilePath(dataDir), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = operatorFileSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the file if it is still this server's (a newer server's file is left alone). */
export function removeOperatorFile(dataDir: string, token: string): void {
  if (readOperatorFile(dataDir)?.token !== token) return;
  rmSync(operatorFilePath(dataDir), { force: true });
}
