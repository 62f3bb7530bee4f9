/** Video media with ffprobe and ffmpeg: what a file holds, its playable rendition, a frame. */
export { probeVideo, type VideoFacts, VideoRefused } from './probe.ts';
export { MediaToolFailed, MediaToolMissing } from './tools.ts';
export { cutFrame, defaultCoverSeconds, playsEverywhere, renditionSize, writePlayable } from './transcode.ts';
