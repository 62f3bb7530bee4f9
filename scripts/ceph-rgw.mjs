// A single-node Ceph RADOS Gateway for the S3 tests (issue 19 point 5): one monitor, one in-memory
// OSD and radosgw on 127.0.0.1, all state in one directory, no cephx. It stops only the daemons it
// started (their PIDs are kept in the state directory).
//
//   node scripts/ceph-rgw.mjs start [dir]   prints the S3_* settings of the gateway it started
//   node scripts/ceph-rgw.mjs stop <dir>
//
// Packages (Debian): ceph-mon ceph-osd radosgw ceph-common. What each setting is for is in
// ../shared/recipes/ceph-rgw.md; the ones without which it does not start are marked below.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DAEMONS = ['ceph-mon', 'ceph-osd', 'radosgw'];

/** What a test skipped for want of Ceph says in its name. */
export const NO_CEPH =
  'skipped: Ceph is not installed (apt-get install ceph-mon ceph-osd radosgw ceph-common)';

/** Whether the Ceph daemons are installed on this machine. */
export function cephInstalled() {
  return DAEMONS.every((name) => spawnSync('which', [name]).status === 0);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function run(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`,
    );
  return result.stdout;
}

function configText({ dir, fsid, monPort, rgwPort }) {
  return `[global]
fsid = ${fsid}
mon host = v2:127.0.0.1:${monPort}
mon initial members = a
auth cluster required = none
auth service required = none
auth client required = none
# Without these two, radosgw loops on "get_initial_auth_request returned -13" when cephx is off.
ms mon client mode = crc
ms client mode = crc
ms bind msgr1 = false
osd pool default size = 1
osd pool default min size = 1
mon allow pool size one = true
osd crush chooseleaf type = 0
# The default 32 placement groups a pool passes the per-OSD limit and pool creation blocks.
osd pool default pg num = 8
osd pool default pgp num = 8
osd objectstore = memstore
osd fast shutdown = false
# The default 1 s makes start-up 13 s instead of 3.
paxos propose interval = 0.05
mon data = ${dir}/mon/$cluster-$id
osd data = ${dir}/osd/$cluster-$id
run dir = ${dir}/run
admin socket = ${dir}/run/$name.asok
log file = ${dir}/log/$name.log
pid file = ${dir}/run/$name.pid
[client.rgw.a]
rgw frontends = beast endpoint=127.0.0.1:${rgwPort}
rgw data = ${dir}/rgw
rgw s3 auth use sts = true
# STS's floor is 900 s; 1 lets a test see what an expired session is answered (the console asks ≥ 900).
rgw sts min session duration = 1
rgw sts key = ${randomBytes(8).toString('hex')}
`;
}

/** Starts a daemon in the foreground of its own session, its output in the state's log folder. */
function startDaemon(dir, name, args) {
  const log = openSync(path.join(dir, 'log', `${name}.out`), 'a');
  const child = spawn(name, ['-f', ...args], { detached: true, stdio: ['ignore', log, log] });
  child.unref();
  const pids = readPids(dir);
  pids[name] = child.pid;
  writeFileSync(path.join(dir, 'pids.json'), JSON.stringify(pids));
  return child;
}

function readPids(dir) {
  const file = path.join(dir, 'pids.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

async function waitFor(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Ceph: ${what} not ready after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const cephOk = (conf, args) =>
  spawnSync('ceph', ['-c', conf, '--connect-timeout', '2', ...args]).status === 0;

/**
 * Starts the gateway with a fresh state directory (a temporary one unless `dir` is given) and an
 * S3 user; resolves with what a client needs. `role: false` creates no STS role (a store without
 * STS: the console then presigns part URLs), and `gatewayEnv` names none.
 */
export async function startRgw({ dir = mkdtempSync(path.join(os.tmpdir(), 'dc-rgw-')), role = true } = {}) {
  for (const sub of ['mon', 'osd', 'run', 'log', 'rgw']) mkdirSync(path.join(dir, sub), { recursive: true });
  const [monPort, rgwPort] = [await freePort(), await freePort()];
  const fsid = randomUUID();
  const conf = path.join(dir, 'ceph.conf');
  writeFileSync(conf, configText({ dir, fsid, monPort, rgwPort }));
  const started = Date.now();

  run('monmaptool', [
    '--create',
    '--add',
    'a',
    `v2:127.0.0.1:${monPort}`,
    '--fsid',
    fsid,
    path.join(dir, 'monmap'),
  ]);
  run('ceph-mon', ['-c', conf, '--mkfs', '-i', 'a', '--monmap', path.join(dir, 'monmap')]);
  startDaemon(dir, 'ceph-mon', ['-c', conf, '-i', 'a']);
  await waitFor('the monitor', () => cephOk(conf, ['mon', 'stat']), 30_000);

  const osdUuid = randomUUID();
  const osdId = run('ceph', ['-c', conf, 'osd', 'new', osdUuid]).trim();
  mkdirSync(path.join(dir, 'osd', `ceph-${osdId}`), { recursive: true });
  run('ceph-osd', ['-c', conf, '-i', osdId, '--mkfs', '--osd-uuid', osdUuid]);
  startDaemon(dir, 'ceph-osd', ['-c', conf, '-i', osdId]);
  await waitFor(
    'the OSD',
    () => {
      const stat = spawnSync('ceph', ['-c', conf, 'osd', 'stat', '-f', 'json'], { encoding: 'utf8' });
      return stat.status === 0 && JSON.parse(stat.stdout).num_up_osds === 1;
    },
    30_000,
  );

  const endpoint = `http://127.0.0.1:${rgwPort}`;
  await startGatewayDaemon(dir, endpoint);

  const accessKeyId = `DC${randomBytes(9).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(20).toString('base64url');
  run('radosgw-admin', [
    '-c',
    conf,
    'user',
    'create',
    '--uid=designer-console',
    '--display-name=Designer Console tests',
    `--access-key=${accessKeyId}`,
    `--secret-key=${secretAccessKey}`,
    '--caps=roles=*',
  ]);
  if (role) createUploadRole(conf);
  const gateway = {
    dir,
    endpoint,
    region: 'us-east-1',
    accessKeyId,
    secretAccessKey,
    roleArn: role ? 'arn:aws:iam:::role/console-uploads' : undefined,
    startedInMs: Date.now() - started,
  };
  writeFileSync(path.join(dir, 'gateway.json'), JSON.stringify(gateway));
  return gateway;
}

/** The role browsers' upload credentials come from (S3_STS_ROLE_ARN). */
function createUploadRole(conf) {
  // The console's user may assume it, and each AssumeRole narrows it with a session policy to one key.
  const trust = {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Principal: { AWS: ['arn:aws:iam:::user/designer-console'] },
        Action: ['sts:AssumeRole'],
      },
    ],
  };
  run('radosgw-admin', [
    '-c',
    conf,
    'role',
    'create',
    '--role-name=console-uploads',
    '--path=/',
    `--assume-role-policy-doc=${JSON.stringify(trust)}`,
  ]);
  const rolePolicy = {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::*'] }],
  };
  run('radosgw-admin', [
    '-c',
    conf,
    'role-policy',
    'put',
    '--role-name=console-uploads',
    '--policy-name=uploads',
    `--policy-doc=${JSON.stringify(rolePolicy)}`,
  ]);
}

/** Starts radosgw on the state in `dir` and waits until it answers on `endpoint`. */
async function startGatewayDaemon(dir, endpoint) {
  startDaemon(dir, 'radosgw', ['-c', path.join(dir, 'ceph.conf'), '-n', 'client.rgw.a']);
  await waitFor(
    'radosgw',
    async () => {
      try {
        return (await fetch(endpoint)).status < 500;
      } catch {
        return false;
      }
    },
    60_000,
  );
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * An outage of the S3 endpoint only (the fault tests): radosgw is killed, the monitor and the OSD
 * keep the objects; `restartGateway` brings it back on the same port.
 */
export async function stopGateway(dir) {
  const pid = readPids(dir).radosgw;
  if (!pid) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return;
  }
  await waitFor('radosgw to stop', () => !alive(pid), 20_000);
}

export async function restartGateway(dir) {
  const { endpoint } = JSON.parse(readFileSync(path.join(dir, 'gateway.json'), 'utf8'));
  await startGatewayDaemon(dir, endpoint);
}

/** The console's settings for a bucket of this gateway (OBJECT_STORE=s3 and the S3_* it needs). */
export function gatewayEnv(gateway, bucket) {
  return {
    OBJECT_STORE: 's3',
    S3_ENDPOINT: gateway.endpoint,
    S3_REGION: gateway.region,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: gateway.accessKeyId,
    S3_SECRET_ACCESS_KEY: gateway.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    ...(gateway.roleArn ? { S3_STS_ROLE_ARN: gateway.roleArn } : {}),
  };
}

/** Stops the daemons `startRgw` started in `dir` (and only those), cleanly, then removes `dir`. */
export async function stopRgw(dir, { keep = false } = {}) {
  const pids = readPids(dir);
  // The gateway first, the OSD last but one: a clean stop is what saves a memstore OSD's objects.
  for (const name of ['radosgw', 'ceph-osd', 'ceph-mon']) {
    const pid = pids[name];
    if (!pid) continue;
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      continue; // already gone
    }
    await waitFor(
      `${name} to stop`,
      () => {
        try {
          process.kill(pid, 0);
          return false;
        } catch {
          return true;
        }
      },
      20_000,
    ).catch(() => process.kill(pid, 'SIGKILL'));
  }
  if (!keep) rmSync(dir, { recursive: true, force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, dir] = process.argv.slice(2);
  if (command === 'start') {
    const gateway = await startRgw(dir ? { dir } : {});
    console.log(`# Ceph RGW up in ${gateway.startedInMs} ms; state in ${gateway.dir}`);
    for (const [name, value] of Object.entries(gatewayEnv(gateway, 'designer-console')))
      console.log(`${name}=${value}`);
  } else if (command === 'stop' && dir) {
    await stopRgw(dir);
  } else {
    console.error('usage: node scripts/ceph-rgw.mjs start [dir] | stop <dir>');
    process.exit(2);
  }
}
