/**
 * two-instances (issue 11 item 5, issue 19 point 4): two server processes behind one designer's
 * session, started at the same time on one empty PostgreSQL database, seen as a load balancer
 * sees them.
 *
 * With Ceph installed (the S3 mode, issue 19): a real single-node Ceph RGW is started for the run;
 * each instance has its own DATA_DIR, and they share the database, one Redis (REDIS_URL, when it
 * answers on 127.0.0.1:6379) and one bucket (OBJECT_STORE=s3). Without Ceph it falls back to the
 * embedded store, whose objects and signing secret live in DATA_DIR: the instances then share one
 * DATA_DIR, as they would a network volume, and the report says so.
 *
 * The session (signed in on A) is used alternately on A and B: each product written on one is
 * read back at once on the other; a video's multipart upload is granted on A and again on B, its
 * parts sent alternately with A's and B's credentials, listed with B's, completed with A's,
 * finished on B; a cover image is granted on B, checked on A and set on B; the play link read on
 * A and on B gives the same bytes, a Range request on it answers 206; the video deleted on B is
 * gone on A and from the store; signing out on B ends the session on A. Nothing may be lost, and
 * in S3 mode nothing but temporary files may be left under either DATA_DIR.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { REPOSITORY_ROOT } from '../bench/support/options.ts';
import { call, login, ok, type ProductDetail, productBody, productImages } from './support/api.ts';
import { onCleanup } from './support/cleanup.ts';
import {
  complete,
  createVideoUpload,
  type Grant,
  grantOf,
  initiate,
  listParts,
  MB,
  putObject,
  refreshVideoUpload,
  uploadPart,
} from './support/oss.ts';
import { scratchDatabase } from './support/postgres.ts';
import { type ScenarioReport, table } from './support/results.ts';
import {
  bucketCount,
  bucketObjectSize,
  cephInstalled,
  completeS3,
  createImageUploadS3,
  createVideoUploadS3,
  initiateS3,
  listPartsS3,
  putObjectS3,
  type RunningGateway,
  redisAnswers,
  refreshVideoUploadS3,
  type S3Grant,
  startGateway,
  uploadPartS3,
} from './support/s3.ts';
import { type Instance, log, scratchDir, startInstance } from './support/servers.ts';

const ROUNDS = 100;
const REDIS_URL = process.env.RELIABILITY_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BUCKET = 'dc-reliability-two';
/** RELIABILITY_OBJECT_STORE=embedded runs the embedded mode even where Ceph is installed. */
const FORCED_EMBEDDED = process.env.RELIABILITY_OBJECT_STORE === 'embedded';

/**
 * Builds server/dist once before A and B start together: each start would otherwise find it
 * stale and run its own esbuild into the same folder at the same time.
 */
async function ensureServerBuilt(): Promise<void> {
  const script = pathToFileURL(path.join(REPOSITORY_ROOT, 'scripts/server-build.mjs')).href;
  const build = (await import(script)) as { ensureServerBuild(): Promise<string> };
  await build.ensureServerBuild();
}

/** One upload as the scenario drives it, whichever store the grant names. */
interface Upload {
  id: string;
  endpoint: string;
  key: string;
  initiate(): Promise<string>;
  /** undefined: stored; else the refusal. */
  uploadPart(uploadId: string, partNumber: number, body: Buffer): Promise<string | undefined>;
  listParts(uploadId: string): Promise<{ partNumber: number; etag: string; size: number }[]>;
  complete(
    uploadId: string,
    parts: { partNumber: number; etag: string; size: number }[],
  ): Promise<string | undefined>;
  put(body: Buffer, contentType: string): Promise<string | undefined>;
  close(): void;
}

interface Driver {
  /** What the report calls the mode. */
  mode: string;
  parts: number;
  partSize: number;
  createVideo(origin: string, token: string, title: string, size: number): Promise<Upload>;
  refreshVideo(origin: string, token: string, videoId: string): Promise<Upload>;
  createImage(origin: string, token: string, fileName: string, size: number): Promise<Upload>;
}

function s3Upload(grant: S3Grant): Upload {
  return {
    id: grant.id,
    endpoint: grant.endpoint,
    key: grant.key,
    initiate: () => initiateS3(grant),
    uploadPart: (uploadId, n, body) => uploadPartS3(grant, uploadId, n, body),
    listParts: (uploadId) => listPartsS3(grant, uploadId),
    complete: (uploadId, parts) => completeS3(grant, uploadId, parts),
    put: (body, type) => putObjectS3(grant, body, type),
    close: () => grant.client.destroy(),
  };
}

/** S3: 5 MiB parts, the smallest S3 takes (the browser's uploader sends the same). */
const s3Driver: Driver = {
  mode: 'S3 (Ceph RGW)',
  parts: 6,
  partSize: 5 * MB,
  createVideo: async (...args) => s3Upload(await createVideoUploadS3(...args)),
  refreshVideo: async (...args) => s3Upload(await refreshVideoUploadS3(...args)),
  createImage: async (...args) => s3Upload(await createImageUploadS3(...args)),
};

function ossUpload(grant: Grant): Upload {
  const refused = (answer: { status: number; code?: string | undefined }) =>
    answer.status === 200 ? undefined : `${answer.status} ${answer.code}`;
  return {
    id: grant.videoId,
    endpoint: grant.endpoint,
    key: grant.key,
    initiate: () => initiate(grant),
    uploadPart: async (uploadId, n, body) => refused(await uploadPart(grant, uploadId, n, body)),
    listParts: (uploadId) => listParts(grant, uploadId),
    complete: async (uploadId, parts) => refused(await complete(grant, uploadId, parts)),
    put: async (body) => refused(await putObject(grant, body)),
    close: () => undefined,
  };
}

const embeddedDriver: Driver = {
  mode: 'embedded store on one shared DATA_DIR',
  parts: 16,
  partSize: 1 * MB,
  createVideo: async (...args) => ossUpload(await createVideoUpload(...args)),
  refreshVideo: async (...args) => ossUpload(await refreshVideoUpload(...args)),
  createImage: async (origin, token, fileName, fileSize) => {
    const answer = await ok<{ imageId: string; uploadAddress: string; uploadAuth: string }>(
      origin,
      'POST',
      '/vod/create-upload',
      { token, json: { kind: 'image', fileName, fileSize, mimeType: 'image/png' } },
    );
    return ossUpload(grantOf(answer, answer.imageId));
  },
};

/** `size` random bytes that open as an MP4 (an `ftyp isom` box): upload-finished checks the signature. */
function mp4Bytes(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex').copy(bytes, 0);
  return bytes;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

/** Every file and empty folder under `dir`, relative, with sizes; [] when it does not exist. */
async function walk(dir: string): Promise<{ path: string; bytes: number; folder: boolean }[]> {
  const found: { path: string; bytes: number; folder: boolean }[] = [];
  const visit = async (at: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(at, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (entries.length === 0 && at !== dir)
      found.push({ path: `${path.relative(dir, at)}/`, bytes: 0, folder: true });
    for (const entry of entries) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) await visit(full);
      else found.push({ path: path.relative(dir, full), bytes: (await fs.stat(full)).size, folder: false });
    }
  };
  await visit(dir);
  return found;
}

/** Temporary files: what the server writes under DATA_DIR/tmp and removes after use. */
const isTemporary = (entry: { path: string }) => entry.path === 'tmp/' || entry.path.startsWith('tmp/');
const listing = (entries: { path: string; bytes: number; folder: boolean }[]) =>
  entries.length === 0
    ? 'nothing'
    : entries.map((e) => (e.folder ? `${e.path} (empty)` : `${e.path} (${e.bytes} B)`)).join(', ');

/** Files per top-level entry, for a DATA_DIR that holds the embedded store. */
function tally(entries: { path: string; bytes: number; folder: boolean }[]): string {
  const byTop = new Map<string, { files: number; bytes: number }>();
  for (const entry of entries.filter((e) => !e.folder)) {
    const top = entry.path.split('/')[0]! + (entry.path.includes('/') ? '/' : '');
    const sum = byTop.get(top) ?? { files: 0, bytes: 0 };
    sum.files++;
    sum.bytes += entry.bytes;
    byTop.set(top, sum);
  }
  return [...byTop].map(([top, sum]) => `${top}: ${sum.files} files, ${sum.bytes} B`).join('; ') || 'nothing';
}

export default async function twoInstances(): Promise<ScenarioReport> {
  const s3 = !FORCED_EMBEDDED && cephInstalled();
  const driver = s3 ? s3Driver : embeddedDriver;
  const noS3Reason = FORCED_EMBEDDED ? 'RELIABILITY_OBJECT_STORE=embedded' : 'Ceph is not installed';
  if (!s3) log(`  ${noS3Reason}: the embedded store on one shared DATA_DIR (no S3 mode)`);
  const steps: [string, string, number][] = [];
  const timed = async <T>(step: string, where: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      steps.push([step, where, performance.now() - started]);
    }
  };

  const dirA = await scratchDir(s3 ? 'two-a' : 'two');
  const dirB = s3 ? await scratchDir('two-b') : dirA;
  const removeDirs = onCleanup(`rm ${dirA} ${dirB}`, async () => {
    await fs.rm(dirA, { recursive: true, force: true });
    await fs.rm(dirB, { recursive: true, force: true });
  });
  const database = await scratchDatabase('two');
  const dropDatabase = onCleanup(`drop ${database.name}`, database.drop);
  let gateway: RunningGateway | undefined;
  const uploads: Upload[] = [];
  try {
    if (s3) {
      gateway = await timed('start a Ceph RGW (monitor, OSD, radosgw)', '—', () => startGateway(BUCKET));
      log(`  Ceph RGW ${gateway.endpoint} up in ${(gateway.startedInMs / 1000).toFixed(1)} s`);
    }
    const redis = await redisAnswers(REDIS_URL);
    if (!redis)
      log(`  no Redis answers at ${REDIS_URL}: the instances share rate-limit counters in PostgreSQL`);
    await timed('build server/dist if stale', '—', ensureServerBuilt);
    const shared: Record<string, string> = {
      DATABASE_URL: database.url,
      ...(redis ? { REDIS_URL } : {}),
      ...(gateway?.env ?? {}),
    };
    // Both at once on an empty database: migrations (and in S3 mode the bucket's creation and
    // CORS) must not trip over each other.
    const [a, b] = await timed(
      `start A and B together (migrations, seed${s3 ? ', bucket and CORS' : ''})`,
      'A + B',
      () =>
        Promise.all([
          startInstance('A', { ...shared, DATA_DIR: dirA, SEED: 'demo' }),
          startInstance('B', { ...shared, DATA_DIR: dirB, SEED: 'none' }),
        ]),
    );
    const token = await timed('sign in', 'A', () => login(a.origin));
    const images = await productImages(a.origin, token);
    const other = (x: Instance) => (x === a ? b : a);

    // 1. One session on both: write on one, read back at once on the other.
    const acked: { id: number; title: string }[] = [];
    let refused = 0;
    let staleReads = 0;
    await timed(`${ROUNDS} product writes, each read back on the other`, 'A / B', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const writer = round % 2 === 0 ? a : b;
        const body = productBody(`two ${round}`, images);
        const written = await call<ProductDetail>(writer.origin, 'POST', '/products', { token, json: body });
        if (written.status !== 200 || written.body?.code !== 200) {
          refused++;
          continue;
        }
        acked.push({ id: written.body.data.id, title: body.title });
        const read = await call<ProductDetail>(
          other(writer).origin,
          'GET',
          `/products/${written.body.data.id}`,
          { token },
        );
        if (read.status !== 200 || read.body?.data.title !== body.title) staleReads++;
      }
    });
    log(`  ${acked.length} writes alternating A/B, ${staleReads} stale cross-reads, ${refused} refused`);

    // 2. One video upload: granted on A and on B, parts alternately with each grant.
    const { parts: PARTS, partSize: PART_SIZE } = driver;
    const source = mp4Bytes(PARTS * PART_SIZE);
    const sourceSha256 = sha256(source);
    const viaA = await timed('create-upload (video)', 'A', () =>
      driver.createVideo(a.origin, token, 'two-instances', source.length),
    );
    uploads.push(viaA);
    const viaB = await timed('refresh-upload (video)', 'B', () =>
      driver.refreshVideo(b.origin, token, viaA.id),
    );
    uploads.push(viaB);
    const sameStoreAddress = viaA.endpoint === viaB.endpoint && viaA.key === viaB.key;
    const uploadId = await timed('InitiateMultipartUpload', 'A grant', () => viaA.initiate());
    const partFailures: string[] = [];
    await timed(`${PARTS} × ${PART_SIZE / MB} MB UploadPart`, 'A / B grants', async () => {
      for (let n = 1; n <= PARTS; n++) {
        const grant = n % 2 === 1 ? viaA : viaB;
        const failure = await grant.uploadPart(
          uploadId,
          n,
          source.subarray((n - 1) * PART_SIZE, n * PART_SIZE),
        );
        if (failure) partFailures.push(`${n}: ${failure}`);
      }
    });
    const listedOnB = await timed('ListParts', 'B grant', () => viaB.listParts(uploadId));
    const partsIntact = listedOnB.every(
      (p) =>
        p.etag.toLowerCase() ===
        md5(source.subarray((p.partNumber - 1) * PART_SIZE, p.partNumber * PART_SIZE)),
    );
    const completeFailure = await timed('CompleteMultipartUpload', 'A grant', () =>
      viaA.complete(uploadId, listedOnB),
    );
    const finished = await timed('upload-finished (video)', 'B', () =>
      call<{ status: string }>(b.origin, 'POST', `/videos/${viaA.id}/upload-finished`, { token, json: {} }),
    );
    const inBucket = gateway ? await bucketObjectSize(gateway, viaA.key) : undefined;

    // 3. A cover image: granted on B, stored with B's grant, checked on A, set as the cover on B.
    const cover = await sharp({
      create: { width: 320, height: 180, channels: 3, background: { r: 200, g: 60, b: 90 } },
    })
      .png()
      .toBuffer();
    const imageGrant = await timed('create-upload (image)', 'B', () =>
      driver.createImage(b.origin, token, 'two-instances-cover.png', cover.length),
    );
    uploads.push(imageGrant);
    const imageStored = await timed('PutObject (image)', 'B grant', () => imageGrant.put(cover, 'image/png'));
    const imageFinished = await timed('images/:id/upload-finished (decoded with sharp)', 'A', () =>
      call<{ id: number; url: string }>(a.origin, 'POST', `/images/${imageGrant.id}/upload-finished`, {
        token,
        json: {},
      }),
    );
    const coverSet = await timed('PUT /videos/:id with the cover', 'B', () =>
      call<{ coverUrl: string }>(b.origin, 'PUT', `/videos/${viaA.id}`, {
        token,
        json: { title: 'two-instances', coverImageId: imageFinished.body?.data.id },
      }),
    );

    // 4. The detail and its play link on A and on B: the same bytes; a Range request answers 206.
    type Detail = { status: string; playUrl: string | null; coverUrl: string };
    const detailA = await timed('GET /videos/:id (play link)', 'A', () =>
      call<Detail>(a.origin, 'GET', `/videos/${viaA.id}`, { token }),
    );
    const detailB = await timed('GET /videos/:id (play link)', 'B', () =>
      call<Detail>(b.origin, 'GET', `/videos/${viaA.id}`, { token }),
    );
    const playA = detailA.body?.data.playUrl ?? '';
    const playB = detailB.body?.data.playUrl ?? '';
    const fetchAll = async (url: string) => {
      if (!url) return { status: 0, sha: 'no link', type: '' };
      const answer = await fetch(url);
      const bytes = Buffer.from(await answer.arrayBuffer());
      return { status: answer.status, sha: sha256(bytes), type: answer.headers.get('content-type') ?? '' };
    };
    const wholeA = await timed(`GET the play link (${source.length / MB} MB)`, 'link from A', () =>
      fetchAll(playA),
    );
    const wholeB = await timed(`GET the play link (${source.length / MB} MB)`, 'link from B', () =>
      fetchAll(playB),
    );
    const rangeStart = PART_SIZE - 512;
    const rangeEnd = PART_SIZE + 511;
    const ranged = await timed(
      `GET the play link, Range: bytes=${rangeStart}-${rangeEnd}`,
      'link from A',
      async () => {
        if (!playA) return { status: 0, contentRange: '', intact: false };
        const answer = await fetch(playA, { headers: { Range: `bytes=${rangeStart}-${rangeEnd}` } });
        const bytes = Buffer.from(await answer.arrayBuffer());
        return {
          status: answer.status,
          contentRange: answer.headers.get('content-range') ?? '',
          intact: bytes.equals(source.subarray(rangeStart, rangeEnd + 1)),
        };
      },
    );
    const coverUrl = detailA.body?.data.coverUrl ?? '';
    const coverRead = await timed('GET the cover link', 'link from A', async () => {
      if (!coverUrl) return { status: 0, intact: false, type: '' };
      const answer = await fetch(coverUrl);
      const bytes = Buffer.from(await answer.arrayBuffer());
      return {
        status: answer.status,
        intact: bytes.equals(cover),
        type: answer.headers.get('content-type') ?? '',
      };
    });
    const linksToStore =
      !gateway ||
      [playA, playB, coverUrl].every((url) => url.startsWith(`${gateway!.endpoint}/${gateway!.bucket}/`));

    // 5. Everything acknowledged is there, seen from either instance.
    const presentOn = async (x: Instance) => {
      let present = 0;
      for (const write of acked) {
        const answer = await call<ProductDetail>(x.origin, 'GET', `/products/${write.id}`, { token });
        if (answer.status === 200 && answer.body?.data.title === write.title) present++;
      }
      return present;
    };
    const presentA = await timed(`${acked.length} products read back`, 'A', () => presentOn(a));
    const presentB = await timed(`${acked.length} products read back`, 'B', () => presentOn(b));

    // What lies under each DATA_DIR while both run, all of the above done.
    const runningA = await walk(dirA);
    const runningB = s3 ? await walk(dirB) : runningA;

    // 6. Deleted on B: gone on A, its link dead, the object out of the store.
    const deleted = await timed('DELETE /videos/:id', 'B', () =>
      call(b.origin, 'DELETE', `/videos/${viaA.id}`, { token }),
    );
    const afterDelete = await timed('GET /videos/:id after the delete', 'A', () =>
      call(a.origin, 'GET', `/videos/${viaA.id}`, { token }),
    );
    const deadLink = playA ? (await fetch(playA)).status : 0;
    const inBucketAfterDelete = gateway ? await bucketObjectSize(gateway, viaA.key) : undefined;
    const coverInBucket = gateway ? await bucketObjectSize(gateway, imageGrant.key) : undefined;
    const bucketObjects = gateway ? await bucketCount(gateway, '') : undefined;

    // 7. Signing out on B ends the session on A as well.
    await timed('logout', 'B', () => ok(b.origin, 'POST', '/logout', { token, json: {} }));
    const afterLogout = await call(a.origin, 'GET', '/menu', { token });
    const aliveBoth = a.alive() && b.alive();
    await timed('stop A and B (SIGTERM)', 'A + B', () => Promise.all([a.stop(), b.stop()]));

    const stoppedA = await walk(dirA);
    const stoppedB = s3 ? await walk(dirB) : stoppedA;
    const leftOver = [...runningA, ...runningB, ...stoppedA, ...stoppedB].filter((e) => !isTemporary(e));

    const lost = acked.length - Math.min(presentA, presentB);
    const checks: Record<string, boolean> = {
      noRefusals: refused === 0,
      noStaleReads: staleReads === 0,
      noLoss: lost === 0,
      partsAccepted: partFailures.length === 0 && listedOnB.length === PARTS && partsIntact,
      completed: completeFailure === undefined,
      finished:
        finished.status === 200 &&
        finished.body?.data.status === 'published' &&
        detailA.body?.data.status === 'published',
      sha256Equal: wholeA.sha === sourceSha256 && wholeB.sha === sourceSha256,
      range206:
        ranged.status === 206 &&
        ranged.intact &&
        ranged.contentRange === `bytes ${rangeStart}-${rangeEnd}/${source.length}`,
      cover:
        imageStored === undefined &&
        imageFinished.body?.code === 200 &&
        coverSet.body?.code === 200 &&
        coverRead.status === 200 &&
        coverRead.intact,
      deletedEverywhere:
        deleted.status === 200 &&
        afterDelete.body?.code === 40400 &&
        deadLink === 404 &&
        (!gateway || inBucketAfterDelete === undefined),
      logoutEverywhere: afterLogout.status === 401,
      aliveBoth,
    };
    if (gateway) {
      checks.inTheBucket = inBucket === source.length && coverInBucket === cover.length && linksToStore;
      checks.onlyTemporaryFilesInDataDirs = leftOver.length === 0;
    }
    const failed = Object.entries(checks)
      .filter(([, v]) => !v)
      .map(([k]) => k);
    const mb = source.length / MB;
    const where = s3
      ? `S3 mode (Ceph RGW, separate DATA_DIRs${redis ? ', one Redis' : ', no Redis'})`
      : `embedded store, one shared DATA_DIR (${noS3Reason}: no S3 mode)`;
    const dataDirFigure = s3
      ? `; under the DATA_DIRs: ${leftOver.length === 0 ? 'nothing but temporary files' : `${leftOver.length} other entries`}`
      : '';
    return {
      name: 'two-instances',
      outcome: failed.length === 0 ? 'pass' : 'fail',
      summary: `${where}: ${acked.length} writes alternating A/B, stale cross-reads ${staleReads}, lost ${lost}; ${PARTS}-part ${mb} MB upload alternating A/B grants, sha256 ${checks.sha256Equal ? 'equal via both links' : 'DIFFERENT'}, Range ${ranged.status}; deleted on B: ${checks.deletedEverywhere ? 'gone everywhere' : 'NOT gone'}; logout on B ends the session on A: ${checks.logoutEverywhere ? 'yes' : 'NO'}${dataDirFigure}${failed.length ? `; failed: ${failed.join(', ')}` : ''}`,
      details: [
        s3
          ? `S3 mode (issue 19 point 4): a single-node Ceph RGW (${gateway!.endpoint}, memstore OSD) started for the run, up in ${(gateway!.startedInMs / 1000).toFixed(1)} s; instances A and B started together with OBJECT_STORE=s3 on one bucket (${BUCKET}), one empty PostgreSQL database (scratch), ${redis ? `one Redis (${REDIS_URL})` : `no Redis (none answered at ${REDIS_URL})`} and a DATA_DIR each.`
          : `${noS3Reason}, so no S3 mode: instances A and B started together on one empty PostgreSQL database (scratch) and one shared DATA_DIR with the embedded store (its objects and signing secret live there).`,
        '',
        `One session signed in on A. ${ROUNDS} rounds: POST /products on A or B in turn, then GET of it on the other. Then a ${mb} MB video (an MP4 signature, random bytes): create-upload on A, refresh-upload on B (${sameStoreAddress ? 'both grants name the same store address and key' : 'each grant names its own instance’s store'}), parts 1, 3, 5… with A’s grant and 2, 4, 6… with B’s, ListParts with B’s, CompleteMultipartUpload with A’s, upload-finished on B. A PNG cover: create-upload on B, PutObject with B’s grant, upload-finished on A (decoded there), set as the cover on B. The play link read on A and on B, each fetched whole; a Range request on A’s. Deleted on B, then looked for on A, through the old link${s3 ? ' and in the bucket' : ''}. Logout on B, the session used on A.`,
        '',
        ...table(
          ['check', 'result'],
          [
            ['writes acknowledged (alternating A/B)', acked.length],
            ['refused writes', refused],
            ['stale or missing cross-instance reads', staleReads],
            ['present at the end via A / via B', `${presentA} / ${presentB}`],
            ['writes lost', lost],
            [
              'parts accepted (A/B grants alternating) / listed with B’s grant / ETags = MD5 of the parts',
              `${PARTS - partFailures.length} / ${listedOnB.length} / ${partsIntact ? 'yes' : 'no'}${partFailures.length ? ` (${partFailures.join('; ')})` : ''}`,
            ],
            ['CompleteMultipartUpload with A’s grant', completeFailure ?? 'completed'],
            [
              'upload-finished on B; status seen on A',
              `${finished.body?.data.status ?? `HTTP ${finished.status} ${JSON.stringify(finished.body).slice(0, 120)}`}; ${detailA.body?.data.status ?? detailA.status}`,
            ],
            ...(gateway
              ? [
                  [
                    'video / cover object in the bucket (HeadObject, admin key)',
                    `${inBucket ?? 'missing'} B / ${coverInBucket ?? 'missing'} B (source ${source.length} / ${cover.length} B)`,
                  ],
                  ['play and cover links point at the bucket', linksToStore ? 'yes' : 'no'],
                ]
              : []),
            [
              'play link from A / from B: HTTP, sha256 equals source',
              `${wholeA.status} ${wholeA.sha === sourceSha256 ? 'yes' : 'no'} / ${wholeB.status} ${wholeB.sha === sourceSha256 ? 'yes' : 'no'} (${wholeA.type})`,
            ],
            [
              `Range bytes=${rangeStart}-${rangeEnd} on the link from A`,
              `HTTP ${ranged.status}, ${ranged.contentRange || 'no Content-Range'}, bytes ${ranged.intact ? 'equal' : 'DIFFERENT'}`,
            ],
            [
              'cover: PutObject (B) / upload-finished (A) / set (B) / link read',
              `${imageStored ?? 'stored'} / ${imageFinished.body?.code ?? imageFinished.status} / ${coverSet.body?.code ?? coverSet.status} / HTTP ${coverRead.status} ${coverRead.type}, bytes ${coverRead.intact ? 'equal' : 'DIFFERENT'}`,
            ],
            [
              `DELETE on B; then GET on A / the old link${gateway ? ' / HeadObject' : ''}`,
              `${deleted.status}; ${afterDelete.body?.code ?? afterDelete.status} / HTTP ${deadLink}${gateway ? ` / ${inBucketAfterDelete === undefined ? 'gone' : `${inBucketAfterDelete} B still there`}` : ''}`,
            ],
            ...(gateway ? [['objects left in the bucket (demo media, the cover)', bucketObjects ?? 0]] : []),
            ['session after logout on B, used on A', `HTTP ${afterLogout.status}`],
            ['both processes alive', aliveBoth ? 'yes' : 'no'],
            ...(s3
              ? [
                  ['A’s DATA_DIR while running / after stop', `${listing(runningA)} / ${listing(stoppedA)}`],
                  ['B’s DATA_DIR while running / after stop', `${listing(runningB)} / ${listing(stoppedB)}`],
                  [
                    'anything but temporary files (DATA_DIR/tmp) under them',
                    leftOver.length === 0 ? 'none' : listing(leftOver),
                  ],
                ]
              : [['the shared DATA_DIR after stop (the store lives there)', tally(stoppedA)]]),
          ],
        ),
        '',
        ...table(
          ['step', 'where', 'ms'],
          steps.map(([step, at, ms]) => [step, at, ms.toFixed(0)]),
        ),
      ],
    };
  } finally {
    for (const upload of uploads) upload.close();
    await gateway?.stop();
    await dropDatabase();
    await removeDirs();
  }
}
