import { crc32, deflateSync } from 'node:zlib';

/**
 * Encodes 8-bit RGB pixels as a PNG (colour type 2). Every row uses the Up filter, so the smooth
 * gradients and flat shapes of the demo pictures deflate to a few kilobytes.
 */
export function encodeRgbPng(width: number, height: number, rgb: Uint8Array): Buffer {
  const stride = width * 3;
  const rows = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const out = y * (stride + 1);
    rows[out] = 2; // Up
    for (let i = 0; i < stride; i++) {
      const above = y === 0 ? 0 : rgb[(y - 1) * stride + i]!;
      rows[out + 1 + i] = (rgb[y * stride + i]! - above) & 0xff;
    }
  }
  return pngContainer(width, height, 2, rows, 6);
}

/**
 * A PNG file around filtered scanlines (each row led by its filter byte): 8-bit samples, colour
 * type 2 (RGB) or 6 (RGBA), deflated at `level`.
 */
export function pngContainer(
  width: number,
  height: number,
  colourType: 2 | 6,
  scanlines: Buffer,
  level: number,
): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colourType, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines, { level })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export type Rgb = readonly [number, number, number];
export type Point = readonly [number, number];

/** An RGB raster with gradient fills and anti-aliased polygon fills (coverage per scanline). */
export class Canvas {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
  }

  /** A linear gradient from `from` to `to` along the direction (dx, dy). */
  gradient(from: Rgb, to: Rgb, dx = 0, dy = 1): void {
    const { width: w, height: h } = this;
    const span = Math.abs(dx) * w + Math.abs(dy) * h;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const along = ((dx >= 0 ? x : w - x) * Math.abs(dx) + (dy >= 0 ? y : h - y) * Math.abs(dy)) / span;
        const at = (y * w + x) * 3;
        for (let c = 0; c < 3; c++) this.pixels[at + c] = Math.round(from[c]! + (to[c]! - from[c]!) * along);
      }
    }
  }

  /**
   * Fills a polygon (points in pixels, even-odd rule) with `color` at `alpha`: four sample lines
   * per pixel row, exact coverage along each line, so edges come out smooth.
   */
  polygon(points: readonly Point[], color: Rgb, alpha = 1): void {
    const { width: w, height: h } = this;
    const coverage = new Float32Array(w);
    const SAMPLES = 4;
    const minY = Math.max(0, Math.floor(Math.min(...points.map((p) => p[1]))));
    const maxY = Math.min(h - 1, Math.ceil(Math.max(...points.map((p) => p[1]))));
    const minX = Math.max(0, Math.floor(Math.min(...points.map((p) => p[0]))));
    const maxX = Math.min(w - 1, Math.ceil(Math.max(...points.map((p) => p[0]))));
    for (let y = minY; y <= maxY; y++) {
      coverage.fill(0, minX, maxX + 1);
      let touched = false;
      for (let s = 0; s < SAMPLES; s++) {
        const sy = y + (s + 0.5) / SAMPLES;
        const crossings: number[] = [];
        for (let i = 0; i < points.length; i++) {
          const [x0, y0] = points[i]!;
          const [x1, y1] = points[(i + 1) % points.length]!;
          if (y0 <= sy === y1 <= sy) continue;
          crossings.push(x0 + ((sy - y0) / (y1 - y0)) * (x1 - x0));
        }
        crossings.sort((a, b) => a - b);
        for (let i = 0; i + 1 < crossings.length; i += 2) {
          const left = Math.max(0, crossings[i]!);
          const right = Math.min(w, crossings[i + 1]!);
          if (right <= left) continue;
          touched = true;
          const first = Math.floor(left);
          const last = Math.min(w - 1, Math.floor(right));
          if (first === last) {
            coverage[first]! += (right - left) / SAMPLES;
            continue;
          }
          coverage[first]! += (first + 1 - left) / SAMPLES;
          for (let x = first + 1; x < last; x++) coverage[x]! += 1 / SAMPLES;
          if (last < w) coverage[last]! += (right - last) / SAMPLES;
        }
      }
      if (!touched) continue;
      for (let x = minX; x <= maxX; x++) {
        const a = Math.min(1, coverage[x]!) * alpha;
        if (a <= 0) continue;
        const at = (y * w + x) * 3;
        for (let c = 0; c < 3; c++)
          this.pixels[at + c] = Math.round(this.pixels[at + c]! * (1 - a) + color[c]! * a);
      }
    }
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, color: Rgb, alpha = 1): void {
    const steps = 48;
    this.polygon(
      Array.from({ length: steps }, (_, i) => {
        const t = (i / steps) * Math.PI * 2;
        return [cx + Math.cos(t) * rx, cy + Math.sin(t) * ry] as const;
      }),
      color,
      alpha,
    );
  }

  png(): Buffer {
    return encodeRgbPng(this.width, this.height, this.pixels);
  }
}
