import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface SecretSource {
  dataDir: string;
  /** `OSS_SECRET`; when set, no file is read or written. */
  ossSecret: string | undefined;
}

export const SECRET_FILE_NAME = 'oss-secret';

/**
 * The server secret that signs temporary credentials. From `OSS_SECRET`, or else generated once
 * into `DATA_DIR/oss-secret` (mode 600) so that a restart, and every process sharing the data
 * directory, accept the credentials any of them issued.
 */
export async function loadOssSecret(source: SecretSource): Promise<Buffer> {
  if (source.ossSecret) return Buffer.from(source.ossSecret, 'utf8');
  const file = path.join(source.dataDir, SECRET_FILE_NAME);
  const existing = await readSecretFile(file);
  if (existing) return existing;

  await fs.mkdir(source.dataDir, { recursive: true });
  // Write privately under a unique name, then link it into place: link fails when another
  // process got there first, and then its secret is the one everybody reads.
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(temporary, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await fs.link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await fs.rm(temporary, { force: true });
  }
  const written = await readSecretFile(file);
  if (!written) throw new Error(`${file} vanished while being created`);
  return written;
}

async function readSecretFile(file: string): Promise<Buffer | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const hex = text.trim();
  // A damaged secret must stop the server rather than be replaced: replacing it would silently
  // void every credential the other processes are still handing out.
  if (!/^[0-9a-f]{64,}$/i.test(hex))
    throw new Error(`${file} does not hold a hex secret; remove it to regenerate`);
  const stat = await fs.stat(file);
  if ((stat.mode & 0o077) !== 0) await fs.chmod(file, 0o600);
  return Buffer.from(hex, 'hex');
}
