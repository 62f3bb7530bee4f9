/**
 * What the browser can tell about a local video file without uploading it: its duration, and a
 * frame (for the cover), through a detached <video> element and a <canvas>.
 */

function loadVideo(file: Blob, seekTo?: number): Promise<HTMLVideoElement> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    video.muted = true;
    video.preload = 'auto';
    video.playsInline = true;
    const url = URL.createObjectURL(file);
    const done = (error?: Error) => {
      clearTimeout(timer);
      if (error) {
        URL.revokeObjectURL(url);
        reject(error);
      } else resolve(video);
    };
    const timer = setTimeout(() => done(new Error('the video could not be read in time')), 15_000);
    video.onerror = () => done(new Error('the browser cannot read this video'));
    video.onloadedmetadata = () => {
      if (seekTo === undefined) done();
      else
        video.currentTime = Math.min(seekTo, Number.isFinite(video.duration) ? video.duration / 2 : seekTo);
    };
    video.onseeked = () => done();
    video.src = url;
  });
}

const release = (video: HTMLVideoElement) => {
  URL.revokeObjectURL(video.src);
  video.removeAttribute('src');
  video.load();
};

/** Whole seconds, or undefined when the browser cannot tell (an unknown codec, a stream without one). */
export async function readDuration(file: Blob): Promise<number | undefined> {
  try {
    const video = await loadVideo(file);
    const seconds = video.duration;
    release(video);
    return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : undefined;
  } catch {
    return undefined;
  }
}

/** A JPEG of the frame at `atSeconds` (or mid-way in a shorter video); undefined when none can be drawn. */
export async function captureFrame(file: Blob, atSeconds = 1): Promise<Blob | undefined> {
  try {
    const video = await loadVideo(file, atSeconds);
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) {
      release(video);
      return undefined;
    }
    const scale = Math.min(1, 640 / width);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    release(video);
    return await new Promise<Blob | undefined>((resolve) =>
      canvas.toBlob((blob) => resolve(blob ?? undefined), 'image/jpeg', 0.85),
    );
  } catch {
    return undefined;
  }
}
