import { readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { NotificationItem, VideoDetail } from '@dc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, videos } from '../../src/db/schema/index.ts';
import { MediaToolFailed, MediaToolMissing } from '../../src/media/video/index.ts';
import { processVideo } from '../../src/modules/videos/processing.ts';
import { settledJob } from '../support/jobs.ts';
import { probe, type SampleVideo, sampleVideo, startsFast } from '../support/video-files.ts';
import {
  call,
  createVideosApp,
  getAddress,
  getUrl,
  processedVideo,
  type Session,
  someDesigner,
  uploadVideo,
  type VideosApp,
} from './support.ts';

/**
 * Issue 20 item 2: after upload-finished a job probes the video with ffprobe; what is no video,
 * is cut short or is too long fails with the reason and a notification; the rest gets an MP4 that
 * every browser plays (H.264/AAC, fast start, at most 1080p) and a cover cut from it, and is
 * published.
 */

let t: VideosApp;
let me: Session;
let other: Session;

beforeAll(async () => {
  t = await createVideosApp({ VIDEO_MAX_SECONDS: '30' });
  me = await someDesigner(t, 'media');
  other = await someDesigner(t, 'media-other');
});

afterAll(async () => {
  await t?.close();
});

/** Uploads a sample, says upload-finished, and answers the video as that call left it. */
async function uploaded(kind: SampleVideo, who = me, title: string = kind): Promise<VideoDetail> {
  const { bytes, fileName } = sampleVideo(kind);
  const grant = await uploadVideo(t, who, bytes, { fileName, title, mimeType: '' });
  const finished = await call<VideoDetail>(t, who, 'POST', `/videos/${grant.videoId}/upload-finished`, {});
  expect(finished.code, finished.msg).toBe(200);
  return finished.data;
}

/** Waits until processing is over; answers the detail. */
const processed = (id: number, who = me) => processedVideo(t, who, id);

/** The playable rendition, downloaded to a file for ffprobe. */
async function playable(
  detail: VideoDetail,
): Promise<{ file: string; bytes: Buffer; type: string | undefined }> {
  const got = await getUrl(detail.playUrl!);
  expect(got.status).toBe(200);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dc-play-'));
  const file = path.join(dir, 'play.mp4');
  await writeFile(file, got.body);
  return { file, bytes: got.body, type: got.headers['content-type'] };
}

describe('issue 20 item 2: videos are probed, made playable everywhere and given a cover', () => {
  it('an iPhone’s HEVC .mov with sound is transcoded to an H.264/AAC MP4 with fast start, gets a cut cover, and is published', async () => {
    const answered = await uploaded('hevc-mov');
    expect(answered.status).toBe('processing');
    const detail = await processed(answered.id);
    expect(detail.status).toBe('published');
    expect(detail.durationSeconds).toBe(2);
    expect([detail.width, detail.height]).toEqual([640, 360]);
    expect(detail.processingProgress).toBe(100);
    expect(detail.failureReason).toBeNull();
    const play = await playable(detail);
    expect(play.type).toBe('video/mp4');
    expect(startsFast(play.bytes)).toBe(true);
    const facts = probe(play.file);
    expect(facts.format).toContain('mp4');
    expect(facts.video).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: 640, height: 360 });
    expect(facts.audio?.codec).toBe('aac');
    expect(facts.duration).toBeCloseTo(2, 0);
    // The cover is a JPEG frame, one of the designer's images.
    expect(detail.coverUrl).not.toBe('');
    const cover = await getAddress(t, detail.coverUrl);
    expect(cover.status).toBe(200);
    expect(cover.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const [row] = await t.db.select().from(videos).where(eq(videos.id, detail.id));
    expect(row!.videoCodec).toBe('hevc');
    const [coverImage] = await t.db.select().from(images).where(eq(images.objectKey, row!.coverObjectKey!));
    expect(coverImage!.designerId).toBe(me.id);
    expect(coverImage!.fileSize).toBe(cover.body.length);
  });

  it('a VP9 WebM without sound is transcoded to H.264; an H.264/AAC MP4 is copied as it is, never re-encoded', async () => {
    const webm = await processed((await uploaded('vp9-webm')).id);
    expect(webm.status).toBe('published');
    const webmFacts = probe((await playable(webm)).file);
    expect(webmFacts.video).toMatchObject({ codec: 'h264', width: 320, height: 240 });
    expect(webmFacts.audio).toBeUndefined();

    const mp4 = await processed((await uploaded('h264-mp4')).id);
    expect(mp4.status).toBe('published');
    const copy = await playable(mp4);
    // Copied streams: the same bytes of picture, so the same size give or take the boxes.
    const original = sampleVideo('h264-mp4').bytes.length;
    expect(Math.abs(copy.bytes.length - original)).toBeLessThan(original * 0.02);
    expect(startsFast(copy.bytes)).toBe(true);
  });

  it('a browser recording (a MediaRecorder WebM with no duration in it) is published with the time of its last frame', async () => {
    const detail = await processed((await uploaded('recorded-webm')).id);
    expect(detail.status).toBe('published');
    expect(detail.durationSeconds).toBe(2);
    expect(probe((await playable(detail)).file).video?.codec).toBe('h264');
  });

  it('a phone video held upright is shown upright: its size is the turned one', async () => {
    const detail = await processed((await uploaded('rotated-mp4')).id);
    expect(detail.status).toBe('published');
    expect([detail.width, detail.height]).toEqual([360, 640]);
  });

  it('a video cut off mid-way fails with the reason in the request’s language and a notification, and is never published', async () => {
    const answered = await uploaded('truncated-mp4', me, '半截视频');
    const detail = await processed(answered.id);
    expect(detail.status).toBe('failed');
    expect(detail.failureReason).toBe('视频文件已损坏或不完整，无法处理');
    expect(detail.playUrl).toBeNull();
    const english = await t.app.inject({
      method: 'GET',
      url: `/designerapi/v1/videos/${answered.id}`,
      headers: { authtoken: me.token, 'accept-language': 'en-US' },
    });
    expect((english.json() as { data: VideoDetail }).data.failureReason).toBe(
      'the video file is damaged or incomplete and cannot be processed',
    );
    const notes = await call<{ dataList: NotificationItem[] }>(t, me, 'GET', '/notifications?pageSize=50');
    expect(notes.data.dataList.some((n) => n.content.includes('「半截视频」处理失败'))).toBe(true);
    const publish = await call(t, me, 'POST', `/videos/${answered.id}/publish`);
    expect(publish.code).toBe(40900);
    const failedList = await call<{ dataList: Array<{ id: number }> }>(t, me, 'GET', '/videos?status=failed');
    expect(failedList.data.dataList.map((v) => v.id)).toContain(answered.id);
  });

  it('a file with a video signature but no video inside fails, naming why', async () => {
    const { bytes } = sampleVideo('h264-mp4');
    // The MP4 signature, then noise: the upload check passes it, ffprobe does not.
    const noise = Buffer.concat([bytes.subarray(0, 32), Buffer.alloc(4096, 7)]);
    const grant = await uploadVideo(t, me, noise, { fileName: 'noise.mp4', title: 'noise' });
    await call(t, me, 'POST', `/videos/${grant.videoId}/upload-finished`, {});
    const detail = await processed(Number(grant.videoId));
    expect(detail.status).toBe('failed');
    expect(detail.failureReason).toMatch(/不是可读取的视频|损坏/);
  });

  it('a video longer than VIDEO_MAX_SECONDS fails naming the limit', async () => {
    const short = await createVideosApp({ VIDEO_MAX_SECONDS: '1' });
    try {
      const who = await someDesigner(short, 'short');
      const { bytes, fileName } = sampleVideo('h264-mp4');
      const grant = await uploadVideo(short, who, bytes, { fileName });
      await call(short, who, 'POST', `/videos/${grant.videoId}/upload-finished`, {});
      let detail: VideoDetail | undefined;
      for (let i = 0; i < 300 && detail?.status !== 'failed'; i++) {
        detail = (await call<VideoDetail>(short, who, 'GET', `/videos/${grant.videoId}`)).data;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(detail!.failureReason).toBe('视频时长 2 秒，超过上限 1 秒');
    } finally {
      await short.close();
    }
  });

  it('upload-finished said 20 times at once queues one processing, and the video is published once', async () => {
    const { bytes, fileName } = sampleVideo('h264-mp4');
    const grant = await uploadVideo(t, me, bytes, { fileName, title: 'twenty' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(t, me, 'POST', `/videos/${grant.videoId}/upload-finished`, {})),
    );
    for (const answer of answers) expect(answer.code).toBe(200);
    const detail = await processed(Number(grant.videoId));
    expect(detail.status).toBe('published');
    const covers = await t.db.select().from(images).where(eq(images.designerId, me.id));
    expect(covers.filter((image) => image.fileName.startsWith('twenty-')).length).toBe(1);
  });

  it('ffmpeg missing: the video stays processing while tries are left, fails on the last one, and leaves no temporary files', async () => {
    const { bytes, fileName } = sampleVideo('h264-mp4');
    const grant = await uploadVideo(t, me, bytes, { fileName, title: 'no ffmpeg' });
    const id = Number(grant.videoId);
    // Marked processing directly: the app's own worker must not take it first.
    await t.db.update(videos).set({ status: 'processing' }).where(eq(videos.id, id));
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'dc-tmp-'));
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      const deps = {
        db: t.db,
        config: { ...t.app.config, ffmpegPath: '/nonexistent/ffmpeg' },
        log: { warn() {}, error() {} },
      };
      await expect(processVideo(deps, id, false)).rejects.toBeInstanceOf(MediaToolMissing);
      const [waiting] = await t.db.select().from(videos).where(eq(videos.id, id));
      expect(waiting!.status).toBe('processing');
      await expect(processVideo(deps, id, true)).rejects.toBeInstanceOf(MediaToolMissing);
      const [row] = await t.db.select().from(videos).where(eq(videos.id, id));
      expect(row!.status).toBe('failed');
      expect(row!.failureReason!['zh-CN']).toBe('视频处理失败，请稍后重新上传');
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      await rm(tmp, { recursive: true, force: true });
    }
  });

  it('ffmpeg crashing (killed by a signal) is taken for a fault of the tool, tried again, never for a damaged file', async () => {
    const { bytes, fileName } = sampleVideo('hevc-mov');
    const grant = await uploadVideo(t, me, bytes, { fileName, title: 'crash' });
    const id = Number(grant.videoId);
    await t.db.update(videos).set({ status: 'processing' }).where(eq(videos.id, id));
    const dir = await mkdtemp(path.join(os.tmpdir(), 'dc-crash-'));
    try {
      // An ffmpeg that dies of a segmentation fault whatever it is asked.
      const crashing = path.join(dir, 'ffmpeg');
      await writeFile(crashing, '#!/bin/sh\nkill -SEGV $$\n', { mode: 0o755 });
      const deps = {
        db: t.db,
        config: { ...t.app.config, ffmpegPath: crashing },
        log: { warn() {}, error() {} },
      };
      await expect(processVideo(deps, id, false)).rejects.toBeInstanceOf(MediaToolFailed);
      const [row] = await t.db.select().from(videos).where(eq(videos.id, id));
      expect(row!.status).toBe('processing');
      // The next try, with ffmpeg back, publishes it.
      expect(await processVideo({ ...deps, config: t.app.config }, id, true)).toMatchObject({
        published: id,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a video left processing with no job (a lost send, a restore) is queued again by the ten-minute sweep and published', async () => {
    const { bytes, fileName } = sampleVideo('h264-mp4');
    const grant = await uploadVideo(t, me, bytes, { fileName, title: 'stuck' });
    const id = Number(grant.videoId);
    // Processing, as upload-finished leaves it, but no job was ever sent.
    await t.db.update(videos).set({ status: 'processing' }).where(eq(videos.id, id));
    const sweep = async () =>
      (await settledJob(t.db, (await t.app.jobs.send('videos.requeue-stuck', {}))!)).outcome;
    expect(await sweep()).toBe('{"requeued":0}');
    // Ten minutes later it counts as stuck.
    await t.db
      .update(videos)
      .set({ updatedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(videos.id, id));
    expect(await sweep()).toMatch(/"requeued":[1-9]/);
    expect((await processed(id)).status).toBe('published');
  });

  it('the designer chooses another frame as cover; before processing, past the end, or another designer’s video is refused', async () => {
    const detail = await processed((await uploaded('h264-mp4', me, 'frames')).id);
    const [before] = await t.db.select().from(videos).where(eq(videos.id, detail.id));
    const chosen = await call<VideoDetail>(t, me, 'POST', `/videos/${detail.id}/cover-frame`, {
      atSeconds: 1.5,
    });
    expect(chosen.code, chosen.msg).toBe(200);
    const [after] = await t.db.select().from(videos).where(eq(videos.id, detail.id));
    expect(after!.coverObjectKey).not.toBe(before!.coverObjectKey);
    const cover = await getAddress(t, chosen.data.coverUrl);
    expect(cover.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const late = await call<unknown>(t, me, 'POST', `/videos/${detail.id}/cover-frame`, { atSeconds: 60 });
    expect(late.code).toBe(40000);
    expect(JSON.stringify(late.data)).toContain('atSeconds');
    const theirs = await call(t, other, 'POST', `/videos/${detail.id}/cover-frame`, { atSeconds: 1 });
    expect(theirs.code).toBe(40400);
    const { bytes, fileName } = sampleVideo('h264-mp4');
    const waiting = await uploadVideo(t, me, bytes, { fileName });
    const early = await call(t, me, 'POST', `/videos/${waiting.videoId}/cover-frame`, { atSeconds: 1 });
    expect(early.code).toBe(40900);
  });
});
