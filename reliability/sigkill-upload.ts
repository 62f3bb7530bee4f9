/**
 * sigkill-upload (issue 11 item 5): a video's multipart upload to the embedded object store
 * (create-upload grant, 1 MB parts, 4 in parallel) is half done when the server is killed with
 * SIGKILL; started again on the same DATA_DIR, the client asks refresh-upload for a new grant
 * (the store listens on a new port), lists the parts the store kept, checks each kept part
 * against the source bytes, uploads the rest, completes, and reads the object back: its sha256
 * must equal the source file's; upload-finished then publishes the video.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { randomFile } from '../server/test/upload/support/uploads.ts';
import { login, ok, sleep } from './support/api.ts';
import { onCleanup } from './support/cleanup.ts';
import {
  complete,
  createVideoUpload,
  type Grant,
  initiate,
  type ListedPart,
  listParts,
  MB,
  md5Hex,
  objectSha256,
  readPart,
  refreshVideoUpload,
  uploadPart,
  uploadPartStream,
} from './support/oss.ts';
import { type ScenarioReport, table } from './support/results.ts';
import { log, scratchDir, startInstance } from './support/servers.ts';

const FILE_MB = 64;
const PART_SIZE = 1 * MB;
const PARALLEL = 4;
/** The kill comes once this many parts were acknowledged. */
const KILL_AFTER_PARTS = 30;

export default async function sigkillUpload(): Promise<ScenarioReport> {
  const dataDir = await scratchDir('upload');
  const removeDir = onCleanup(`rm ${dataDir}`, () => fs.rm(dataDir, { recursive: true, force: true }));
  try {
    const file = path.join(path.dirname(dataDir), `${path.basename(dataDir)}.mp4`);
    const removeFile = onCleanup(`rm ${file}`, () => fs.rm(file, { force: true }));
    const sourceSha256 = await randomFile(file, FILE_MB * MB);
    const partCount = Math.ceil((FILE_MB * MB) / PART_SIZE);
    const env = { DATA_DIR: path.join(dataDir, 'data') };

    const first = await startInstance('server #1', env);
    const token = await login(first.origin);
    const grant = await createVideoUpload(first.origin, token, 'sigkill-upload', FILE_MB * MB);
    const uploadId = await initiate(grant);

    // Parts in order, 4 at a time. Once KILL_AFTER_PARTS are acknowledged, each worker sends its
    // next part only half-way (the rest held back); when all 4 are half-sent, SIGKILL.
    const acknowledged = new Set<number>();
    const halfSent: PassThrough[] = [];
    let failedInFlight = 0;
    let next = 1;
    let killing: Promise<void> | undefined;
    const worker = async (current: Grant) => {
      while (next <= partCount && !killing) {
        const partNumber = next++;
        const body = await readPart(file, partNumber - 1, PART_SIZE);
        if (acknowledged.size < KILL_AFTER_PARTS) {
          const answer = await uploadPart(current, uploadId, partNumber, body);
          if (answer.status !== 200)
            throw new Error(`UploadPart ${partNumber}: ${answer.status} ${answer.code}`);
          acknowledged.add(partNumber);
          continue;
        }
        const stream = new PassThrough();
        const sending = uploadPartStream(current, uploadId, partNumber, stream, body.length);
        stream.write(body.subarray(0, body.length / 2));
        halfSent.push(stream);
        if (halfSent.length === PARALLEL) {
          await sleep(500); // the halves reach the store's temporary files
          killing = first.kill();
        }
        try {
          const answer = await sending;
          if (answer.status === 200) acknowledged.add(partNumber);
          else failedInFlight++;
        } catch {
          failedInFlight++;
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, () => worker(grant)));
    await killing;
    for (const stream of halfSent) stream.destroy();
    log(
      `  killed after ${acknowledged.size} of ${partCount} parts acknowledged; ${failedInFlight} in flight failed`,
    );

    const second = await startInstance('server #2 (same DATA_DIR)', env);
    // The session and the video row are in the database; the upload's state is in DATA_DIR/objects.
    const resumed = await refreshVideoUpload(second.origin, token, grant.videoId);
    const kept = await listParts(resumed, uploadId);
    const missingAcked = [...acknowledged].filter((n) => !kept.some((p) => p.partNumber === n));
    let badParts = 0;
    for (const part of kept) {
      const source = await readPart(file, part.partNumber - 1, PART_SIZE);
      if (part.etag !== md5Hex(source) || part.size !== source.length) badParts++;
    }
    // Half-received parts stay as temporary files (never listed); the store's clean-up removes them after a day.
    const leftovers = (await fs.readdir(path.join(env.DATA_DIR, 'objects', '.tmp'))).length;
    const keptNumbers = new Set(kept.map((p) => p.partNumber));
    const rest = Array.from({ length: partCount }, (_, i) => i + 1).filter((n) => !keptNumbers.has(n));
    let cursor = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (cursor < rest.length) {
          const partNumber = rest[cursor++]!;
          const answer = await uploadPart(
            resumed,
            uploadId,
            partNumber,
            await readPart(file, partNumber - 1, PART_SIZE),
          );
          if (answer.status !== 200)
            throw new Error(`UploadPart ${partNumber} after restart: ${answer.status} ${answer.code}`);
        }
      }),
    );
    const all: ListedPart[] = await listParts(resumed, uploadId);
    const completed = await complete(resumed, uploadId, all);
    if (completed.status !== 200)
      throw new Error(`CompleteMultipartUpload: ${completed.status} ${completed.code}`);
    const storedSha256 = await objectSha256(resumed);
    const video = await ok<{ status: string }>(
      second.origin,
      'POST',
      `/videos/${grant.videoId}/upload-finished`,
      {
        token,
        json: {},
      },
    );
    await second.stop();
    await removeFile();

    const equal = storedSha256 === sourceSha256;
    const passed = equal && missingAcked.length === 0 && badParts === 0 && video.status === 'published';
    return {
      name: 'sigkill-upload',
      outcome: passed ? 'pass' : 'fail',
      summary: `${FILE_MB} MB, killed after ${acknowledged.size}/${partCount} parts; kept ${kept.length}, acknowledged-but-lost ${missingAcked.length}, re-sent ${rest.length}; sha256 ${equal ? 'equal' : 'DIFFERENT'}`,
      details: [
        `A ${FILE_MB} MB file in ${PART_SIZE / MB} MB parts, ${PARALLEL} in parallel, to the store's multipart upload (create-upload grant); SIGKILL once ${KILL_AFTER_PARTS} parts were acknowledged and ${PARALLEL} more were half-sent; restart on the same DATA_DIR, refresh-upload, ListParts, the rest uploaded, CompleteMultipartUpload, the object read back.`,
        '',
        ...table(
          [
            'parts',
            'acknowledged before kill',
            'in flight at kill',
            'kept after restart',
            'acknowledged but lost',
            'kept parts differing from source',
            're-sent',
            'sha256 equal',
            'video after upload-finished',
          ],
          [
            [
              partCount,
              acknowledged.size,
              failedInFlight,
              kept.length,
              missingAcked.length,
              badParts,
              rest.length,
              equal ? 'yes' : 'no',
              video.status,
            ],
          ],
        ),
        '',
        `sha256 source ${sourceSha256.slice(0, 16)}…, stored ${storedSha256.slice(0, 16)}…; temporary files left by the half-sent parts after the restart: ${leftovers} (not listed; removed by the store's daily clean-up).`,
      ],
    };
  } finally {
    await removeDir();
  }
}
