import { wrapText } from './poster-text.ts';

/** The poster's size in pixels (a phone-shaped 5:8 card, sharp enough to print small). */
export const POSTER_WIDTH = 600;
export const POSTER_HEIGHT = 960;
const COVER_HEIGHT = 360;
const MARGIN = 40;
const FONT = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", sans-serif';

export interface PosterContent {
  title: string;
  benefit: string;
  caption: string;
  /** The cover, loaded; null draws the brand gradient instead. */
  cover: HTMLImageElement | null;
  /** The QR code, drawn already (qrcode.react's canvas). */
  qr: HTMLCanvasElement | null;
  brandColor: string;
}

/** Loads an image for the canvas; null when it cannot be loaded or would taint the canvas. */
export function loadPosterImage(url: string): Promise<HTMLImageElement | null> {
  if (!url) return Promise.resolve(null);
  return new Promise((resolve) => {
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => resolve(null);
    image.src = url;
  });
}

/** Draws `image` covering the box (cropped to keep its proportions). */
function drawCover(ctx: CanvasRenderingContext2D, image: HTMLImageElement, width: number, height: number) {
  const scale = Math.max(width / image.naturalWidth, height / image.naturalHeight);
  const w = image.naturalWidth * scale;
  const h = image.naturalHeight * scale;
  ctx.drawImage(image, (width - w) / 2, (height - h) / 2, w, h);
}

/** The recruitment poster: cover on top, the title, the benefit (wrapped, 3 lines), the QR code and its caption. */
export function drawPoster(canvas: HTMLCanvasElement, content: PosterContent): void {
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, POSTER_WIDTH, COVER_HEIGHT);
  ctx.clip();
  if (content.cover) {
    drawCover(ctx, content.cover, POSTER_WIDTH, COVER_HEIGHT);
  } else {
    const gradient = ctx.createLinearGradient(0, 0, POSTER_WIDTH, COVER_HEIGHT);
    gradient.addColorStop(0, content.brandColor);
    gradient.addColorStop(1, '#13A8A8');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, POSTER_WIDTH, COVER_HEIGHT);
  }
  ctx.restore();
  const textWidth = POSTER_WIDTH - MARGIN * 2;
  let y = COVER_HEIGHT + 56;
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = '#1f1f1f';
  ctx.font = `bold 36px ${FONT}`;
  for (const line of wrapText(content.title, textWidth, (s) => ctx.measureText(s).width, 2)) {
    ctx.fillText(line, MARGIN, y);
    y += 46;
  }
  ctx.fillStyle = content.brandColor;
  ctx.fillRect(MARGIN, y - 24, 56, 4);
  y += 16;
  ctx.fillStyle = '#434343';
  ctx.font = `24px ${FONT}`;
  for (const line of wrapText(content.benefit, textWidth, (s) => ctx.measureText(s).width, 3)) {
    ctx.fillText(line, MARGIN, y);
    y += 34;
  }
  const qrSize = 240;
  const qrTop = POSTER_HEIGHT - qrSize - 80;
  const qrLeft = (POSTER_WIDTH - qrSize) / 2;
  if (content.qr) ctx.drawImage(content.qr, qrLeft, qrTop, qrSize, qrSize);
  ctx.fillStyle = '#8c8c8c';
  ctx.font = `20px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.fillText(content.caption, POSTER_WIDTH / 2, qrTop + qrSize + 40);
  ctx.textAlign = 'start';
}
