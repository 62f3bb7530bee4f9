/**
 * disk-full (issue 11 item 5): DATA_DIR (the embedded database and the object store) on a
 * size-limited file system (a tmpfs mounted for the scenario and shrunk, once the server is up, to
 * what it uses plus a QUOTA_MB quota; unmounted after). A
 * video's multipart upload larger than the space left goes on part by part until the store
 * refuses one: the refusal must be a clear OSS error answer (InsufficientStorage, 507), not an
 * InternalError; the refused part must not be listed; no partial file may stay behind; a
 * PutObject that does not fit must leave no object (GET answers NoSuchKey, never a short file).
 * The API must answer envelopes meanwhile and the process must live; once the upload is aborted
 * (space freed) the store and the API work again and a new upload reads back identical.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ossRequest } from '../server/test/oss/support/store.ts';
import { call, login, productBody, productImages } from './support/api.ts';
import { onCleanup } from './support/cleanup.ts';
import {
  complete,
  createVideoUpload,
  getObject,
  initiate,
  listParts,
  MB,
  objectSha256,
  putObject,
  uploadPart,
} from './support/oss.ts';
import { type ScenarioReport, table } from './support/results.ts';
import { log, scratchDir, startInstance } from './support/servers.ts';

const run = promisify(execFile);
/** Mounted this big for the start-up (migrations and the demo seed take ~160 MB of PGlite and WAL)… */
const START_MB = 1024;
/** …then shrunk (remount) to what the start-up used plus this much: the upload's quota. */
const QUOTA_MB = 64;
const PART_SIZE = 4 * MB;

const dfAvailable = async (dir: string) => {
  const { stdout } = await run('df', ['--output=avail', '-B1', dir]);
  return Number(stdout.trim().split('\n').at(-1));
};

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

export default async function diskFull(): Promise<ScenarioReport> {
  const mountPoint = await scratchDir('disk-full');
  const removeDir = onCleanup(`rmdir ${mountPoint}`, () =>
    fs.rm(mountPoint, { recursive: true, force: true }),
  );
  try {
    try {
      await run('mount', ['-t', 'tmpfs', '-o', `size=${START_MB}m`, 'tmpfs', mountPoint]);
    } catch (error) {
      const reason = (error as { stderr?: string }).stderr?.trim() || String(error);
      return {
        name: 'disk-full',
        outcome: 'skipped',
        summary: `skipped: cannot mount a tmpfs here (${reason.split('\n')[0]}); run as root`,
        details: [`\`mount -t tmpfs -o size=${START_MB}m tmpfs ${mountPoint}\` failed: ${reason}`],
      };
    }
    const unmount = onCleanup(`umount ${mountPoint}`, async () => {
      await run('umount', [mountPoint]).catch(() => run('umount', ['-l', mountPoint]));
    });
    try {
      return await fillTheDisk(mountPoint, path.join(mountPoint, 'data'));
    } finally {
      await unmount();
    }
  } finally {
    await removeDir();
  }
}

async function fillTheDisk(mountPoint: string, dataDir: string): Promise<ScenarioReport> {
  const server = await startInstance('server (DATA_DIR on a tmpfs)', {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'fatal',
  });
  try {
    const token = await login(server.origin);
    const images = await productImages(server.origin, token);
    const used = (START_MB * MB - (await dfAvailable(dataDir))) / MB;
    const sizeMb = Math.ceil(used) + QUOTA_MB;
    await run('mount', ['-o', `remount,size=${sizeMb}m`, mountPoint]);
    const freeAtStart = await dfAvailable(dataDir);
    log(`  ${(freeAtStart / MB).toFixed(0)} MB free after start-up (database and seed)`);

    // 1. A multipart upload larger than the disk, part after part until one is refused.
    const big = await createVideoUpload(server.origin, token, 'too-big', QUOTA_MB * 4 * MB);
    const uploadId = await initiate(big);
    const parts: { partNumber: number; md5: string }[] = [];
    let refusal: { status: number; code: string | undefined; partNumber: number } | undefined;
    for (let partNumber = 1; partNumber <= QUOTA_MB && !refusal; partNumber++) {
      const body = randomBytes(PART_SIZE);
      const answer = await uploadPart(big, uploadId, partNumber, body);
      if (answer.status === 200)
        parts.push({ partNumber, md5: createHash('md5').update(body).digest('hex') });
      else refusal = { status: answer.status, code: answer.code, partNumber };
    }
    const freeWhenFull = await dfAvailable(dataDir);
    const listed = await listParts(big, uploadId);
    const refusedPartListed =
      refusal !== undefined && listed.some((p) => p.partNumber === refusal!.partNumber);
    const temporaryAfterRefusal = await filesUnder(path.join(dataDir, 'objects', '.tmp'));
    log(
      `  part ${refusal?.partNumber} refused: HTTP ${refusal?.status} ${refusal?.code}; ${listed.length} parts kept`,
    );

    // 2. A whole object that cannot fit: refused, and no object (nor a short one) appears.
    const put = await createVideoUpload(server.origin, token, 'put-when-full', 16 * MB);
    const putAnswer = await putObject(put, randomBytes(16 * MB));
    const afterPut = await getObject(put);

    // 3. The API on a full disk: a read and a write answer envelopes; the process lives.
    const read = await call(server.origin, 'GET', '/menu', { token });
    const write = await call(server.origin, 'POST', '/products', {
      token,
      json: productBody('disk-full', images),
    });
    const aliveWhenFull = server.alive();

    // 4. Space freed (the upload aborted): the store and the API work again.
    const aborted = await ossRequest(big.endpoint, {
      method: 'DELETE',
      bucket: big.bucket,
      key: big.key,
      subres: { uploadId },
      credentials: big.credentials,
    });
    const freeAfterAbort = await dfAvailable(dataDir);
    const writeAfter = await call(server.origin, 'POST', '/products', {
      token,
      json: productBody('disk-freed', images),
    });
    const small = await createVideoUpload(server.origin, token, 'after-free', 8 * MB);
    const smallBody = randomBytes(8 * MB);
    const smallSha = createHash('sha256').update(smallBody).digest('hex');
    const smallId = await initiate(small);
    const first = await uploadPart(small, smallId, 1, smallBody.subarray(0, 4 * MB));
    const second = await uploadPart(small, smallId, 2, smallBody.subarray(4 * MB));
    const completed =
      first.status === 200 && second.status === 200
        ? await complete(small, smallId, await listParts(small, smallId))
        : undefined;
    const smallStored = completed?.status === 200 ? await objectSha256(small) : 'not completed';
    const finished = await call<{ status: string }>(
      server.origin,
      'POST',
      `/videos/${small.videoId}/upload-finished`,
      {
        token,
        json: {},
      },
    );
    const alive = server.alive();
    await server.stop();

    const envelope = (a: { status: number; body: { code: number } | undefined }) =>
      a.body && typeof a.body.code === 'number'
        ? `HTTP ${a.status} ${a.body.code}`
        : `HTTP ${a.status} (no envelope)`;
    const checks = {
      clearRefusal: refusal?.status === 507 && refusal.code === 'InsufficientStorage',
      refusedPartNotListed: !refusedPartListed && listed.length === parts.length,
      keptPartsIntact: listed.every((p, i) => p.etag === parts[i]?.md5.toUpperCase()),
      noPartialFiles: temporaryAfterRefusal.length === 0,
      putRefused: putAnswer.status === 507 && putAnswer.code === 'InsufficientStorage',
      noCorruptObject: afterPut.status === 404 && afterPut.code === 'NoSuchKey',
      apiEnvelopes: typeof read.body?.code === 'number' && typeof write.body?.code === 'number',
      alive: aliveWhenFull && alive,
      abortFreed: aborted.status === 204 && freeAfterAbort > freeWhenFull,
      recovered: writeAfter.status === 200 && smallStored === smallSha && finished.status === 200,
    };
    const failed = Object.entries(checks)
      .filter(([, v]) => !v)
      .map(([k]) => k);
    return {
      name: 'disk-full',
      outcome: failed.length === 0 ? 'pass' : 'fail',
      summary: `part ${refusal?.partNumber ?? '—'} refused with HTTP ${refusal?.status ?? '—'} ${refusal?.code ?? '—'} at ${(freeWhenFull / MB).toFixed(1)} MB free; PutObject ${putAnswer.status} ${putAnswer.code}, then GET ${afterPut.status} ${afterPut.code} (no corrupt object); after freeing: upload sha256 ${smallStored === smallSha ? 'equal' : 'DIFFERENT'}${failed.length ? `; failed: ${failed.join(', ')}` : ''}`,
      details: [
        `DATA_DIR (PGlite and the object store) on a tmpfs shrunk after start-up to ${sizeMb} MB (${used.toFixed(0)} MB used by the database and seed + a ${QUOTA_MB} MB quota): ${(freeAtStart / MB).toFixed(1)} MB free; a multipart upload of ${PART_SIZE / MB} MB parts until refused, a 16 MB PutObject on the full disk, the API meanwhile, then the upload aborted and a new 8 MB upload.`,
        '',
        ...table(
          ['step', 'answer'],
          [
            [
              `UploadPart ${refusal?.partNumber ?? '—'} (after ${parts.length} parts stored)`,
              `HTTP ${refusal?.status ?? '—'} ${refusal?.code ?? '—'}`,
            ],
            [
              'ListParts after the refusal',
              `${listed.length} parts, refused part listed: ${refusedPartListed ? 'yes' : 'no'}, kept parts intact: ${checks.keptPartsIntact ? 'yes' : 'no'}`,
            ],
            ['temporary files left', String(temporaryAfterRefusal.length)],
            ['PutObject 16 MB on the full disk', `HTTP ${putAnswer.status} ${putAnswer.code ?? ''}`],
            ['GetObject of that key', `HTTP ${afterPut.status} ${afterPut.code ?? ''}`],
            ['GET /menu on the full disk', envelope(read)],
            ['POST /products on the full disk', envelope(write)],
            [
              'AbortMultipartUpload',
              `HTTP ${aborted.status}; free ${(freeWhenFull / MB).toFixed(1)} → ${(freeAfterAbort / MB).toFixed(1)} MB`,
            ],
            ['POST /products after freeing', envelope(writeAfter)],
            [
              '8 MB upload after freeing',
              `sha256 ${smallStored === smallSha ? 'equal' : 'DIFFERENT'}; upload-finished ${envelope(finished)}`,
            ],
            ['process alive throughout', alive && aliveWhenFull ? 'yes' : 'no'],
          ],
        ),
      ],
    };
  } finally {
    await server.stop();
  }
}
