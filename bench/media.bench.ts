/**
 * `npm run bench -- media`: how fast video processing runs (issue 20 item 2: a one-minute 1080p
 * phone video ready within 2× its duration on this 2-core machine) and how much memory it takes.
 * The same functions the processing job calls (probe, the playable rendition, the cover frame)
 * on phone-like sources made here by ffmpeg: an iPhone's HEVC .mov and an H.264 .mp4 (copied,
 * not transcoded), each 60 s of 1080p at 30 fps with sound. `--seconds=N` for shorter sources.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cutFrame, defaultCoverSeconds, probeVideo, writePlayable } from '../server/src/media/video/index.ts';

const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
const FFPROBE = process.env.FFPROBE_PATH ?? 'ffprobe';

/** Peak resident memory (MB) of this process's ffmpeg children while `work` runs, sampled every 50 ms. */
async function peakChildMemory<T>(work: () => Promise<T>): Promise<{ answer: T; peakMb: number }> {
  let peakKb = 0;
  const sample = () => {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        if (!new RegExp(`^PPid:\\s+${process.pid}$`, 'm').test(status)) continue;
        const rss = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
        peakKb = Math.max(peakKb, rss);
      } catch {
        // The process ended between the listing and the read.
      }
    }
  };
  const timer = setInterval(sample, 50);
  try {
    const answer = await work();
    return { answer, peakMb: peakKb / 1024 };
  } finally {
    clearInterval(timer);
  }
}

function makeSource(dir: string, kind: 'hevc-mov' | 'h264-mp4', seconds: number): string {
  const file = path.join(dir, kind === 'hevc-mov' ? 'iphone.mov' : 'android.mp4');
  const codec =
    kind === 'hevc-mov'
      ? ['-c:v', 'libx265', '-tag:v', 'hvc1', '-preset', 'ultrafast', '-x265-params', 'log-level=error']
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
  execFileSync(FFMPEG, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1920x1080:rate=30',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    String(seconds),
    ...codec,
    '-b:v',
    '8M',
    '-c:a',
    'aac',
    file,
  ]);
  return file;
}

export default async function mediaBench(options: string[]): Promise<void> {
  const seconds = Number(options.find((o) => o.startsWith('--seconds='))?.split('=')[1] ?? 60);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dc-media-bench-'));
  try {
    const rows: string[][] = [];
    for (const kind of ['hevc-mov', 'h264-mp4'] as const) {
      process.stdout.write(`making a ${seconds} s 1080p ${kind} source…\n`);
      const source = makeSource(dir, kind, seconds);
      const output = path.join(dir, `${kind}-play.mp4`);
      const cover = path.join(dir, `${kind}-cover.jpg`);
      const started = performance.now();
      const { answer, peakMb } = await peakChildMemory(async () => {
        const facts = await probeVideo(FFPROBE, source, 86_400);
        const rendition = await writePlayable(FFMPEG, source, output, facts, { timeoutMs: 3_600_000 });
        await cutFrame(FFMPEG, output, cover, defaultCoverSeconds(facts.durationSeconds));
        return { facts, rendition };
      });
      const elapsed = (performance.now() - started) / 1000;
      rows.push([
        kind,
        `${answer.facts.videoCodec} ${answer.facts.width}×${answer.facts.height}`,
        answer.rendition.transcoded ? 'transcoded to H.264/AAC' : 'copied',
        `${(statSync(source).size / 2 ** 20).toFixed(1)} → ${(statSync(output).size / 2 ** 20).toFixed(1)} MB`,
        `${elapsed.toFixed(1)} s`,
        `${(elapsed / answer.facts.durationSeconds).toFixed(2)}× its duration`,
        `${peakMb.toFixed(0)} MB`,
      ]);
    }
    process.stdout.write(
      `\n| source (${seconds} s) | streams | rendition | size | processing | speed | ffmpeg peak RSS |\n|---|---|---|---|---|---|---|\n`,
    );
    for (const row of rows) process.stdout.write(`| ${row.join(' | ')} |\n`);
    process.stdout.write(`\n${os.cpus().length} cores; the target is ≤ 2× the duration.\n`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
