import type { Language } from '@dc/contract';
import { MediaToolFailed, runTool } from './tools.ts';

/** What ffprobe found in a file that holds a video. */
export interface VideoFacts {
  /** ffprobe's container names (`mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`). */
  container: string;
  durationSeconds: number;
  width: number;
  height: number;
  videoCodec: string;
  /** null: no sound. */
  audioCodec: string | null;
  pixelFormat: string;
  /** Bits a second of the whole file. */
  bitRate: number;
  /** Degrees the player turns the picture (a phone held upright records 90). */
  rotation: number;
}

export type Message = Record<Language, string>;

/** A file that is no video the console can take: the reason, for the designer. */
export class VideoRefused extends Error {
  constructor(readonly reason: Message) {
    super(reason['en-US']);
  }
}

const refused = (zh: string, en: string) => new VideoRefused({ 'zh-CN': zh, 'en-US': en });

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  duration?: string;
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number }>;
  disposition?: { attached_pic?: number };
}

interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string; bit_rate?: string };
}

/** ffprobe reads headers and an index; a few seconds is plenty, even for a large file. */
const PROBE_TIMEOUT_MS = 30_000;

/**
 * Reads the file's container and streams with ffprobe. A file ffprobe cannot read (not a video,
 * or cut before its index) is VideoRefused; so is one with no picture, no duration, or one past
 * `maxSeconds`.
 */
export async function probeVideo(ffprobe: string, file: string, maxSeconds: number): Promise<VideoFacts> {
  let output: ProbeOutput;
  try {
    const { stdout } = await runTool(
      ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeoutMs: PROBE_TIMEOUT_MS },
    );
    output = JSON.parse(stdout) as ProbeOutput;
  } catch (error) {
    if (error instanceof MediaToolFailed && error.exit === 1)
      throw refused(
        '文件不是可读取的视频，或已损坏、不完整',
        'the file is not a readable video, or it is damaged or incomplete',
      );
    throw error;
  }
  const video = output.streams?.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video?.codec_name || !video.width || !video.height)
    throw refused('文件中没有视频画面', 'the file holds no video picture');
  const audio = output.streams?.find((s) => s.codec_type === 'audio');
  let durationSeconds = Number(output.format?.duration ?? video.duration);
  // A browser's MediaRecorder writes WebM without a duration: the last frame's time tells it.
  if (!Number.isFinite(durationSeconds)) durationSeconds = await lastFrameSeconds(ffprobe, file);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0)
    throw refused(
      '无法读出视频时长，文件可能不完整',
      'the video has no readable duration; it may be incomplete',
    );
  if (durationSeconds > maxSeconds)
    throw refused(
      `视频时长 ${Math.round(durationSeconds)} 秒，超过上限 ${maxSeconds} 秒`,
      `the video lasts ${Math.round(durationSeconds)} s, more than the limit of ${maxSeconds} s`,
    );
  const rotation =
    Math.abs(
      Number(
        video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0,
      ),
    ) % 360;
  return {
    container: output.format?.format_name ?? '',
    durationSeconds,
    width: video.width,
    height: video.height,
    videoCodec: video.codec_name,
    audioCodec: audio?.codec_name ?? null,
    pixelFormat: video.pix_fmt ?? '',
    bitRate: Number(output.format?.bit_rate ?? 0) || 0,
    rotation,
  };
}

/**
 * The time of the video's last frame, read from the packets' timestamps (no decoding: a second
 * or so for an hour of video); NaN when there is none.
 */
async function lastFrameSeconds(ffprobe: string, file: string): Promise<number> {
  const { stdout } = await runTool(
    ffprobe,
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', file],
    { timeoutMs: PROBE_TIMEOUT_MS },
  );
  let last = Number.NaN;
  for (const line of stdout.split('\n')) {
    const seconds = Number.parseFloat(line);
    if (Number.isFinite(seconds) && !(seconds <= last)) last = seconds;
  }
  return last;
}
