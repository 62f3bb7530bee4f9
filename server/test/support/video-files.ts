import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Real small videos, made by ffmpeg on first use and kept for the test run (a few hundred KB each,
 * a fraction of a second to make): what phones and cameras send, and what they get wrong.
 */
export type SampleVideo =
  /** An iPhone's: HEVC (hvc1) with AAC sound in a QuickTime .mov, 2 s. */
  | 'hevc-mov'
  /** A browser recording: VP9 in WebM, no sound, 2 s. */
  | 'vp9-webm'
  /** What a browser's MediaRecorder writes: VP8 in WebM with no duration in its header, 2 s. */
  | 'recorded-webm'
  /** Already playable everywhere: H.264/AAC MP4, 2 s. */
  | 'h264-mp4'
  /** A phone held upright: H.264 stored 640×360, its track turned 90° (as a phone writes it), 1 s. */
  | 'rotated-mp4'
  /** An H.264 MP4 cut off in the middle of its data (the index, at the front, is whole). */
  | 'truncated-mp4';

const dir = path.join(os.tmpdir(), `dc-sample-videos-${process.pid}`);

const SOURCES = [
  '-f',
  'lavfi',
  '-i',
  'testsrc2=size=640x360:rate=25',
  '-f',
  'lavfi',
  '-i',
  'sine=frequency=440',
];

const RECIPES: Record<Exclude<SampleVideo, 'truncated-mp4'>, { file: string; args: string[] }> = {
  'hevc-mov': {
    file: 'iphone.mov',
    args: [
      ...SOURCES,
      '-t',
      '2',
      '-c:v',
      'libx265',
      '-tag:v',
      'hvc1',
      '-preset',
      'ultrafast',
      '-x265-params',
      'log-level=error',
      '-c:a',
      'aac',
    ],
  },
  'vp9-webm': {
    file: 'recording.webm',
    args: [
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x240:rate=25',
      '-t',
      '2',
      '-c:v',
      'libvpx-vp9',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
    ],
  },
  'recorded-webm': {
    file: 'mediarecorder.webm',
    // `-live 1`: written as a stream is, without the duration and the index a seekable file gets.
    args: [
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x240:rate=25',
      '-t',
      '2',
      '-c:v',
      'libvpx',
      '-deadline',
      'realtime',
      '-live',
      '1',
      '-f',
      'webm',
    ],
  },
  'h264-mp4': {
    file: 'playable.mp4',
    args: [
      ...SOURCES,
      '-t',
      '2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-movflags',
      '+faststart',
    ],
  },
  'rotated-mp4': {
    file: 'upright.mp4',
    args: [
      ...SOURCES,
      '-t',
      '1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-metadata:s:v',
      'rotate=90',
    ],
  },
};

/** The bytes of a sample video, and the file name a phone would give it. */
export function sampleVideo(kind: SampleVideo): { bytes: Buffer; fileName: string } {
  if (kind === 'truncated-mp4') {
    const whole = sampleVideo('h264-mp4').bytes;
    return { bytes: whole.subarray(0, Math.floor(whole.length * 0.6)), fileName: 'cut-short.mp4' };
  }
  const recipe = RECIPES[kind];
  const file = path.join(dir, recipe.file);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.part${path.extname(file)}`;
    execFileSync('ffmpeg', ['-v', 'error', '-y', ...recipe.args, partial], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    if (kind === 'rotated-mp4') turnFirstTrack(partial);
    renameSync(partial, file);
  }
  return { bytes: readFileSync(file), fileName: recipe.file };
}

/**
 * Writes a 90° turn into the MP4's first track header (its display matrix), as a phone does for
 * a video filmed upright: Debian's ffmpeg 5.1 cannot set it (`-display_rotation` came in 6.0).
 */
function turnFirstTrack(file: string): void {
  const bytes = readFileSync(file);
  // tkhd version 0: type, then 40 bytes (version, flags, times, track, duration, layer, volume).
  const matrix = bytes.indexOf('tkhd', 0, 'latin1') + 4 + 40;
  const turned = [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000];
  turned.forEach((value, i) => {
    bytes.writeInt32BE(value, matrix + i * 4);
  });
  writeFileSync(file, bytes);
}

/** What ffprobe says of a file: its container and first video and audio streams. */
export function probe(file: string): {
  format: string;
  video?: { codec: string; width: number; height: number; pixFmt: string };
  audio?: { codec: string };
  duration: number;
} {
  const out = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
      encoding: 'utf8',
    }),
  ) as {
    format: { format_name: string; duration: string };
    streams: Array<{
      codec_type: string;
      codec_name: string;
      width: number;
      height: number;
      pix_fmt: string;
    }>;
  };
  const video = out.streams.find((s) => s.codec_type === 'video');
  const audio = out.streams.find((s) => s.codec_type === 'audio');
  return {
    format: out.format.format_name,
    duration: Number(out.format.duration),
    ...(video
      ? {
          video: { codec: video.codec_name, width: video.width, height: video.height, pixFmt: video.pix_fmt },
        }
      : {}),
    ...(audio ? { audio: { codec: audio.codec_name } } : {}),
  };
}

/** Whether an MP4's index (`moov`) comes before its data (`mdat`): a player can start at once. */
export function startsFast(bytes: Buffer): boolean {
  const moov = bytes.indexOf('moov', 0, 'latin1');
  const mdat = bytes.indexOf('mdat', 0, 'latin1');
  return moov !== -1 && mdat !== -1 && moov < mdat;
}

/**
 * A real, playable H.264 MP4 of exactly `size` bytes: the 2 s sample followed by a `free` box
 * (which players and ffmpeg skip) of random bytes, for uploads that must run to several parts.
 */
export function paddedVideo(size: number): Buffer {
  const video = sampleVideo('h264-mp4').bytes;
  const padding = size - video.length;
  if (padding < 8) throw new RangeError(`a padded video needs at least ${video.length + 8} bytes`);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(padding, 0);
  header.write('free', 4, 'latin1');
  return Buffer.concat([video, header, randomBytes(padding - 8)]);
}
