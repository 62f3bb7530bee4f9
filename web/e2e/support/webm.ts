import type { Page } from 'playwright-core';

export interface WebmOptions {
  /** The picture's size: 640 × 360 unless given. */
  width?: number;
  height?: number;
  /**
   * Stop once this many bytes are recorded (then the file has the parts the test needs, however
   * fast the machine encodes), instead of after 4 s. Capped at 20 s; the caller checks the size.
   */
  bytes?: number;
}

/**
 * A real WebM of a few MB, recorded in the browser (canvas noise, so the encoder cannot shrink
 * it): a file that uploads in several parts and plays.
 */
export async function recordWebm(page: Page, options: WebmOptions = {}): Promise<Buffer> {
  const { width = 640, height = 360, bytes } = options;
  const base64 = await page.evaluate(
    async ({ width, height, bytes }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const g = canvas.getContext('2d')!;
      const image = g.createImageData(width, height);
      const paint = () => {
        const data = new Uint32Array(image.data.buffer);
        for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 0xffffffff) | 0xff000000;
        g.putImageData(image, 0, 0);
      };
      const recorder = new MediaRecorder(canvas.captureStream(25), {
        mimeType: 'video/webm;codecs=vp8',
        videoBitsPerSecond: 16_000_000,
      });
      const chunks: Blob[] = [];
      let recorded = 0;
      let enough: () => void = () => undefined;
      const reached = new Promise<void>((resolve) => {
        enough = resolve;
      });
      recorder.ondataavailable = (event) => {
        chunks.push(event.data);
        recorded += event.data.size;
        if (bytes !== undefined && recorded >= bytes) enough();
      };
      const timer = setInterval(paint, 40);
      recorder.start(bytes === undefined ? 500 : 200);
      const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      await (bytes === undefined ? wait(4000) : Promise.race([reached, wait(20_000)]));
      await new Promise((resolve) => {
        recorder.onstop = resolve;
        recorder.stop();
      });
      clearInterval(timer);
      // Out as base64 text: an array of numbers (Array.from) is serialised one element at a
      // time, which took over a minute for 6 MB on this machine; as a string, well under a second.
      const url = await new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as string);
        reader.onerror = () => reject(reader.error);
        reader.readAsDataURL(new Blob(chunks));
      });
      return url.slice(url.indexOf(',') + 1);
    },
    { width, height, bytes },
  );
  return Buffer.from(base64, 'base64');
}
