import { type VideoFacts, VideoRefused } from './probe.ts';
import { MediaToolFailed, runTool } from './tools.ts';

/**
 * What every browser plays: H.264 (8-bit 4:2:0) with AAC or MP3 in MP4, at most 1080p, at a
 * bitrate a phone on 4G streams. Anything else (HEVC from an iPhone, ProRes, VP9, 10-bit, 4K,
 * 50 Mbit/s) is transcoded.
 */
const PLAYABLE_VIDEO = new Set(['h264']);
const PLAYABLE_PIXELS = new Set(['yuv420p', 'yuvj420p']);
const PLAYABLE_AUDIO = new Set(['aac', 'mp3']);
export const MAX_LONG_SIDE = 1920;
export const MAX_SHORT_SIDE = 1080;
const MAX_PLAYABLE_BITRATE = 12_000_000;

/** The picture as shown: a phone's upright video is stored landscape and turned 90°. */
function shownSize(facts: VideoFacts) {
  const turned = facts.rotation === 90 || facts.rotation === 270;
  return turned ? { width: facts.height, height: facts.width } : { width: facts.width, height: facts.height };
}

/** Whether the file's streams play everywhere as they are (then they are only copied into MP4). */
export function playsEverywhere(facts: VideoFacts): boolean {
  const { width, height } = shownSize(facts);
  return (
    PLAYABLE_VIDEO.has(facts.videoCodec) &&
    PLAYABLE_PIXELS.has(facts.pixelFormat) &&
    (facts.audioCodec === null || PLAYABLE_AUDIO.has(facts.audioCodec)) &&
    Math.max(width, height) <= MAX_LONG_SIDE &&
    Math.min(width, height) <= MAX_SHORT_SIDE &&
    facts.bitRate <= MAX_PLAYABLE_BITRATE
  );
}

/** The size the playable rendition is shown at: the original's, shrunk to fit 1080p, even. */
export function renditionSize(facts: VideoFacts): { width: number; height: number } {
  const shown = shownSize(facts);
  const landscape = shown.width >= shown.height;
  const box = landscape
    ? { width: MAX_LONG_SIDE, height: MAX_SHORT_SIDE }
    : { width: MAX_SHORT_SIDE, height: MAX_LONG_SIDE };
  const scale = Math.min(1, box.width / shown.width, box.height / shown.height);
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(shown.width), height: even(shown.height) };
}

/** ffmpeg's words for input it cannot read through: the file is damaged or cut short. */
const DAMAGED_INPUT =
  /corrupt|invalid data|partial file|moov atom not found|error while decoding|truncat|end of file|invalid nal/i;

/**
 * Writes the playable MP4 of `input` to `output` (fast start: the index first, so a player
 * starts before the download ends): the streams copied when they play everywhere, else H.264/AAC
 * at most 1080p. Reports progress (0–1) as ffmpeg goes. A file ffmpeg cannot read to its end is
 * VideoRefused; a crash or a missing ffmpeg is thrown as it is, for the job to try again.
 */
export async function writePlayable(
  ffmpeg: string,
  input: string,
  output: string,
  facts: VideoFacts,
  options: { timeoutMs: number; onProgress?: (done: number) => void },
): Promise<{ transcoded: boolean; width: number; height: number }> {
  const transcoded = !playsEverywhere(facts);
  const size = renditionSize(facts);
  const codecs = transcoded
    ? [
        '-vf',
        `scale=${size.width}:${size.height}`,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '23',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-ac',
        '2',
      ]
    : ['-c', 'copy'];
  const totalMicros = facts.durationSeconds * 1_000_000;
  try {
    await runTool(
      ffmpeg,
      [
        '-v',
        'error',
        '-xerror',
        '-nostdin',
        '-y',
        '-i',
        input,
        '-map',
        '0:v:0',
        '-map',
        '0:a:0?',
        ...codecs,
        '-movflags',
        '+faststart',
        '-progress',
        'pipe:1',
        '-nostats',
        '-f',
        'mp4',
        output,
      ],
      {
        timeoutMs: options.timeoutMs,
        onLine: (line) => {
          const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
          if (match && options.onProgress) options.onProgress(Math.min(1, Number(match[1]) / totalMicros));
        },
      },
    );
  } catch (error) {
    if (error instanceof MediaToolFailed && error.exit === 1 && DAMAGED_INPUT.test(error.said))
      throw new VideoRefused({
        'zh-CN': '视频文件已损坏或不完整，无法处理',
        'en-US': 'the video file is damaged or incomplete and cannot be processed',
      });
    throw error;
  }
  return { transcoded, ...(transcoded ? size : shownSize(facts)) };
}

/** Cuts one frame of `video` at `atSeconds` to a JPEG at most 1280 px wide. */
export async function cutFrame(
  ffmpeg: string,
  video: string,
  output: string,
  atSeconds: number,
  timeoutMs = 60_000,
): Promise<void> {
  await runTool(
    ffmpeg,
    [
      '-v',
      'error',
      '-nostdin',
      '-y',
      '-ss',
      atSeconds.toFixed(3),
      '-i',
      video,
      '-frames:v',
      '1',
      '-vf',
      "scale='min(1280,iw)':-2",
      '-q:v',
      '3',
      '-f',
      'image2',
      output,
    ],
    { timeoutMs },
  );
}

/** Where the cover is cut by default: a second in, or a tenth of a short video. */
export const defaultCoverSeconds = (durationSeconds: number) => Math.min(1, durationSeconds / 10);
