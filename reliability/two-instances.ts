/**
 * two-instances (issue 11 item 5): two server processes on one PostgreSQL database and one
 * shared DATA_DIR (the object store's files and its signing secret live there: instances must
 * share it, as they would a network volume), started at the same time, seen as a load balancer
 * sees them. One session (signed in on A) is used alternately on A and B — each write on one is
 * read back at once on the other; one multipart upload sends its parts alternately to A's and
 * B's object store endpoints, is listed on B, completed on A, read back identical from both and
 * finished on B. Signing out on B ends the session on A too. Nothing may be lost.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { call, login, ok, type ProductDetail, productBody, productImages } from './support/api.ts';
import { onCleanup } from './support/cleanup.ts';
import {
  complete,
  createVideoUpload,
  type Grant,
  initiate,
  listParts,
  MB,
  md5Hex,
  objectSha256,
  refreshVideoUpload,
  uploadPart,
} from './support/oss.ts';
import { scratchDatabase } from './support/postgres.ts';
import { type ScenarioReport, table } from './support/results.ts';
import { type Instance, log, scratchDir, startInstance } from './support/servers.ts';

const ROUNDS = 100;
const PARTS = 16;
const PART_SIZE = 1 * MB;

export default async function twoInstances(): Promise<ScenarioReport> {
  const dataDir = await scratchDir('two');
  const removeDir = onCleanup(`rm ${dataDir}`, () => fs.rm(dataDir, { recursive: true, force: true }));
  const database = await scratchDatabase('two');
  const dropDatabase = onCleanup(`drop ${database.name}`, database.drop);
  try {
    const shared = { DATA_DIR: dataDir, DATABASE_URL: database.url };
    // Both at once on an empty database: migrations must not trip over each other.
    const [a, b] = await Promise.all([
      startInstance('A', { ...shared, SEED: 'demo' }),
      startInstance('B', { ...shared, SEED: 'none' }),
    ]);
    const token = await login(a.origin);
    const images = await productImages(a.origin, token);
    const other = (x: Instance) => (x === a ? b : a);

    // 1. One session on both: write on one, read back at once on the other.
    const acked: { id: number; title: string }[] = [];
    let refused = 0;
    let staleReads = 0;
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
    log(`  ${acked.length} writes alternating A/B, ${staleReads} stale cross-reads, ${refused} refused`);

    // 2. One upload, parts alternately through A's and B's object store.
    const source = randomBytes(PARTS * PART_SIZE);
    const sourceSha256 = createHash('sha256').update(source).digest('hex');
    const viaA = await createVideoUpload(a.origin, token, 'two-instances', source.length);
    const viaB = await refreshVideoUpload(b.origin, token, viaA.videoId);
    const sameStoreAddress = viaA.endpoint === viaB.endpoint;
    const uploadId = await initiate(viaA);
    const partFailures: string[] = [];
    for (let n = 1; n <= PARTS; n++) {
      const grant: Grant = n % 2 === 1 ? viaA : viaB;
      const answer = await uploadPart(
        grant,
        uploadId,
        n,
        source.subarray((n - 1) * PART_SIZE, n * PART_SIZE),
      );
      if (answer.status !== 200) partFailures.push(`${n}: ${answer.status} ${answer.code}`);
    }
    const listedOnB = await listParts(viaB, uploadId);
    const partsIntact = listedOnB.every(
      (p) => p.etag === md5Hex(source.subarray((p.partNumber - 1) * PART_SIZE, p.partNumber * PART_SIZE)),
    );
    const completed = await complete(viaA, uploadId, listedOnB);
    const shaA = completed.status === 200 ? await objectSha256(viaA) : 'not completed';
    const shaB = completed.status === 200 ? await objectSha256(viaB) : 'not completed';
    const finished = await call<{ status: string }>(
      b.origin,
      'POST',
      `/videos/${viaA.videoId}/upload-finished`,
      {
        token,
        json: {},
      },
    );
    const seenOnA = await call<{ status: string }>(a.origin, 'GET', `/videos/${viaA.videoId}`, { token });

    // 3. Everything acknowledged is there, seen from either instance.
    const presentOn = async (x: Instance) => {
      let present = 0;
      for (const write of acked) {
        const answer = await call<ProductDetail>(x.origin, 'GET', `/products/${write.id}`, { token });
        if (answer.status === 200 && answer.body?.data.title === write.title) present++;
      }
      return present;
    };
    const presentA = await presentOn(a);
    const presentB = await presentOn(b);

    // 4. Signing out on B ends the session on A as well.
    await ok(b.origin, 'POST', '/logout', { token, json: {} });
    const afterLogout = await call(a.origin, 'GET', '/menu', { token });
    const aliveBoth = a.alive() && b.alive();
    await Promise.all([a.stop(), b.stop()]);

    const lost = acked.length - Math.min(presentA, presentB);
    const checks = {
      noRefusals: refused === 0,
      noStaleReads: staleReads === 0,
      noLoss: lost === 0,
      partsAccepted: partFailures.length === 0 && listedOnB.length === PARTS && partsIntact,
      sha256Equal: shaA === sourceSha256 && shaB === sourceSha256,
      finished:
        finished.status === 200 &&
        finished.body?.data.status === 'published' &&
        seenOnA.body?.data.status === 'published',
      logoutEverywhere: afterLogout.status === 401,
      aliveBoth,
    };
    const failed = Object.entries(checks)
      .filter(([, v]) => !v)
      .map(([k]) => k);
    return {
      name: 'two-instances',
      outcome: failed.length === 0 ? 'pass' : 'fail',
      summary: `${acked.length} writes alternating A/B, stale cross-reads ${staleReads}, lost ${lost}; ${PARTS}-part upload alternating A/B stores, sha256 ${checks.sha256Equal ? 'equal on both' : 'DIFFERENT'}; logout on B ends the session on A: ${checks.logoutEverywhere ? 'yes' : 'NO'}${failed.length ? `; failed: ${failed.join(', ')}` : ''}`,
      details: [
        `Instances A and B started together on one empty PostgreSQL database (scratch) and one DATA_DIR. One session signed in on A. ${ROUNDS} rounds: POST /products on A or B in turn, then GET of it on the other. Then a ${(PARTS * PART_SIZE) / MB} MB video upload: create-upload on A, refresh-upload on B (each grant names its own instance's store${sameStoreAddress ? ' — the same address here' : ''}), parts 1, 3, 5… to A's store and 2, 4, 6… to B's, ListParts on B, CompleteMultipartUpload on A, the object read from both, upload-finished on B.`,
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
              'parts accepted (A/B alternating) / listed on B',
              `${PARTS - partFailures.length} / ${listedOnB.length}${partFailures.length ? ` (${partFailures.join('; ')})` : ''}`,
            ],
            [
              'object sha256 via A / via B equals source',
              `${shaA === sourceSha256 ? 'yes' : 'no'} / ${shaB === sourceSha256 ? 'yes' : 'no'}`,
            ],
            [
              'upload-finished on B; status seen on A',
              `${finished.body?.data.status ?? finished.status}; ${seenOnA.body?.data.status ?? seenOnA.status}`,
            ],
            ['session after logout on B, used on A', `HTTP ${afterLogout.status}`],
            ['both processes alive', aliveBoth ? 'yes' : 'no'],
          ],
        ),
      ],
    };
  } finally {
    await dropDatabase();
    await removeDir();
  }
}
