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
