import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateObjects, migrateSummary } from '../../src/admin/storage-migrate.ts';
import { loadConfig } from '../../src/config.ts';
import { EmbeddedObjectStore } from '../../src/storage/embedded.ts';

/**
 * Issue 19 point 6: what `storage migrate` does when a copy goes wrong, without a gateway: a
 * target whose write fails, and one that keeps fewer bytes than written. Both are failures
 * named in the report (the CLI exits 1 on them), the other objects are copied, and the next run
 * copies just what failed.
 */

/** An embedded store as target, breaking the writes of the keys it is told. */
class BrokenTarget extends EmbeddedObjectStore {
  readonly refuse = new Set<string>();
  readonly truncate = new Set<string>();

  override async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    if (this.refuse.has(key)) throw new Error('connection reset');
    if (!this.truncate.has(key)) return super.putFile(key, filePath, contentType);
    await this.put(key, (await fs.readFile(filePath)).subarray(0, 10), contentType);
  }
}

describe('issue 19 point 6: storage migrate when a copy fails', () => {
  const dirs: string[] = [];
  let source: EmbeddedObjectStore;
  let target: BrokenTarget;
  const keys = Array.from({ length: 6 }, (_, i) => `designers/3/images/${i}${'0'.repeat(31)}.bin`);

  const store = async <T>(make: (dir: string) => T) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-move-fail-'));
    dirs.push(dir);
    return make(dir);
  };

  beforeAll(async () => {
    source = await store((dir) => new EmbeddedObjectStore(loadConfig({ DATA_DIR: dir })));
    target = await store((dir) => new BrokenTarget(loadConfig({ DATA_DIR: dir })));
    for (const key of keys) await source.put(key, randomBytes(1000), 'application/octet-stream');
  });
  afterAll(async () => {
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });

  it('a refused write and a short object are failures, named; the rest is copied', async () => {
    target.refuse.add(keys[1]!);
    target.truncate.add(keys[4]!);
    const said: string[] = [];
    const report = await migrateObjects(source, target, (line) => said.push(line));
    expect(report).toMatchObject({ copied: 4, skipped: 0, failed: 2, bytes: 4000 });
    expect(report.failures).toEqual([
      `${keys[1]}: connection reset`,
      `${keys[4]}: 10 bytes in the target, 1000 written`,
    ]);
    expect(said.filter((line) => line.startsWith('failed: '))).toHaveLength(2);
    expect(migrateSummary(report)).toMatch(/^storage migrate: copied 4, skipped 0, failed 2, /);
  });

  it('the next run copies what failed and skips the rest', async () => {
    target.refuse.clear();
    target.truncate.clear();
    const report = await migrateObjects(source, target, () => {});
    expect(report).toMatchObject({ copied: 2, skipped: 4, failed: 0, bytes: 2000 });
    for (const key of keys)
      expect(await target.readBytes(key, 0, 2000)).toEqual(await source.readBytes(key, 0, 2000));
  });

  it('gives up after ten failures in a row rather than trying every object of a store that is gone', async () => {
    const many = await store((dir) => new EmbeddedObjectStore(loadConfig({ DATA_DIR: dir })));
    const dead = await store((dir) => new BrokenTarget(loadConfig({ DATA_DIR: dir })));
    for (let i = 0; i < 30; i++) {
      const key = `designers/4/images/${String(i).padStart(32, '0')}.bin`;
      await many.put(key, Buffer.from([i]), 'application/octet-stream');
      dead.refuse.add(key);
    }
    const said: string[] = [];
    const report = await migrateObjects(many, dead, (line) => said.push(line));
    expect(report.copied).toBe(0);
    expect(report.failed).toBe(30);
    // Up to one more per parallel copy already on its way when the tenth failed.
    expect(report.failures.length).toBeGreaterThanOrEqual(10);
    expect(report.failures.length).toBeLessThan(14);
    expect(said.at(-1)).toMatch(/^stopped after 10 failures in a row: \d+ object\(s\) not tried$/);
  });
});
