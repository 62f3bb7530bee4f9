import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ListPage, VideoDetail, VideoRow } from '@dc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/seed/index.ts';
import { loginAs } from '../support/test-app.ts';
import { call, createVideosApp, getAddress, getUrl, type Session, type VideosApp } from './support.ts';

let t: VideosApp;
let demo: Session;
beforeAll(async () => {
  t = await createVideosApp();
  await seedDemo(t.db);
  demo = { id: 0, token: await loginAs(t.app, 'demo', 'demo123456') };
}, 60_000);
afterAll(() => t?.close());

const fixture = readFileSync(path.resolve(import.meta.dirname, '../../src/seed/fixtures/demo-video.webm'));

describe('issue 5: demo videos (SEED=demo)', () => {
  it('demo has a year of videos with statistics from the rows; two are offline', async () => {
    const answer = await call<ListPage<VideoRow>>(t, demo, 'GET', '/videos?pageSize=100');
    expect(answer.data.totalNumber).toBe(18);
    const rows = answer.data.dataList;
    expect(rows.filter((v) => v.status === 'offline')).toHaveLength(2);
    expect(rows.every((v) => v.views > 0 && v.likes <= v.views && v.fileSize === fixture.length)).toBe(true);
    expect(rows.every((v) => v.coverUrl.includes('/images/demo-cover-'))).toBe(true);
  });

  it('a demo video plays: its file is put into the store on first use, served by range', async () => {
    const first = (await call<ListPage<VideoRow>>(t, demo, 'GET', '/videos')).data.dataList[0]!;
    const detail = await call<VideoDetail>(t, demo, 'GET', `/videos/${first.id}`);
    const whole = await getUrl(detail.data.playUrl!);
    expect(whole.status).toBe(200);
    expect(whole.body.equals(fixture)).toBe(true);
    expect(whole.headers['content-type']).toBe('video/webm');
    const head = await getUrl(detail.data.playUrl!, { Range: 'bytes=0-3' });
    expect(head.status).toBe(206);
    expect(head.body.toString('hex')).toBe('1a45dfa3'); // EBML magic: a real WebM
    const cover = await getAddress(t, first.coverUrl);
    expect(cover.headers['content-type']).toBe('image/jpeg');
  });
});
