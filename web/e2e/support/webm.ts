import type { Page } from 'playwright-core';

/**
 * A real WebM of a few MB, recorded in the browser (canvas noise, so the encoder cannot shrink
 * it): a file that uploads in several parts and plays.
 */
export async function recordWebm(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 360;
    const g = canvas.getContext('2d')!;
    const image = g.createImageData(640, 360);
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
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const timer = setInterval(paint, 40);
    recorder.start(500);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await new Promise((resolve) => {
      recorder.onstop = resolve;
      recorder.stop();
    });
    clearInterval(timer);
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  });
  return Buffer.from(bytes);
}
