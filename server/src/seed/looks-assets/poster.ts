import { Vector3 } from 'three';
import { pngContainer } from '../media/png.ts';
import type { GlbMesh } from './glb-writer.ts';

/** An RGBA image in memory. */
export interface Raster {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** Encodes RGBA pixels as a PNG (8-bit, colour type 6, no filter). */
export function encodePng({ width, height, pixels }: Raster): Buffer {
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (width * 4 + 1)] = 0;
    Buffer.from(pixels.buffer, pixels.byteOffset + y * width * 4, width * 4).copy(
      rows,
      y * (width * 4 + 1) + 1,
    );
  }
  return pngContainer(width, height, 6, rows, 9);
}

const toSrgb = (linear: number) => Math.round(255 * Math.min(1, Math.max(0, linear)) ** (1 / 2.2));

/**
 * The model's poster: a small software render (z-buffer, Lambert light from the front left) of
 * the meshes, turned by `azimuth` radians, on a transparent ground so the page's background
 * shows behind it. Drawn at 2× and averaged down for smooth edges.
 */
export function renderPoster(
  meshes: readonly GlbMesh[],
  width: number,
  height: number,
  azimuth = 0.35,
): Raster {
  const scale = 2;
  const w = width * scale;
  const h = height * scale;
  const depth = new Float32Array(w * h).fill(-Infinity);
  const color = new Float32Array(w * h * 4);
  const light = new Vector3(-0.5, 0.6, 0.8).normalize();
  const cos = Math.cos(azimuth);
  const sin = Math.sin(azimuth);
  // Feet at 0, head near 1.8 m: fit 1.9 m of height into the picture with a margin.
  const pixelsPerMetre = (h * 0.92) / 1.9;
  const project = (x: number, y: number, z: number): [number, number, number] => {
    const rx = x * cos + z * sin;
    const rz = -x * sin + z * cos;
    return [w / 2 + rx * pixelsPerMetre, h - h * 0.04 - y * pixelsPerMetre, rz];
  };

  for (const { geometry, material } of meshes) {
    const position = geometry.getAttribute('position');
    const index = geometry.index!;
    const a = new Vector3();
    const b = new Vector3();
    const c = new Vector3();
    for (let t = 0; t < index.count; t += 3) {
      a.fromBufferAttribute(position, index.getX(t));
      b.fromBufferAttribute(position, index.getX(t + 1));
      c.fromBufferAttribute(position, index.getX(t + 2));
      const normal = new Vector3().subVectors(b, a).cross(new Vector3().subVectors(c, a)).normalize();
      const n = new Vector3(normal.x * cos + normal.z * sin, normal.y, -normal.x * sin + normal.z * cos);
      if (n.z <= 0) continue;
      const shade = 0.35 + 0.75 * Math.max(0, n.dot(light)) + 0.15 * (1 - material.roughness) * n.z ** 8;
      const p = [project(a.x, a.y, a.z), project(b.x, b.y, b.z), project(c.x, c.y, c.z)] as const;
      const minX = Math.max(0, Math.floor(Math.min(p[0][0], p[1][0], p[2][0])));
      const maxX = Math.min(w - 1, Math.ceil(Math.max(p[0][0], p[1][0], p[2][0])));
      const minY = Math.max(0, Math.floor(Math.min(p[0][1], p[1][1], p[2][1])));
      const maxY = Math.min(h - 1, Math.ceil(Math.max(p[0][1], p[1][1], p[2][1])));
      const area = (p[1][0] - p[0][0]) * (p[2][1] - p[0][1]) - (p[2][0] - p[0][0]) * (p[1][1] - p[0][1]);
      if (Math.abs(area) < 1e-9) continue;
      for (let y = minY; y <= maxY; y++) {
        for (let x = minX; x <= maxX; x++) {
          const px = x + 0.5;
          const py = y + 0.5;
          const w0 = ((p[1][0] - px) * (p[2][1] - py) - (p[2][0] - px) * (p[1][1] - py)) / area;
          const w1 = ((p[2][0] - px) * (p[0][1] - py) - (p[0][0] - px) * (p[2][1] - py)) / area;
          const w2 = 1 - w0 - w1;
          if (w0 < 0 || w1 < 0 || w2 < 0) continue;
          const z = w0 * p[0][2] + w1 * p[1][2] + w2 * p[2][2];
          const at = y * w + x;
          if (z <= depth[at]!) continue;
          depth[at] = z;
          color.set(
            [material.color[0] * shade, material.color[1] * shade, material.color[2] * shade, 1],
            at * 4,
          );
        }
      }
    }
  }

  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let bl = 0;
      let alpha = 0;
      for (let sy = 0; sy < scale; sy++) {
        for (let sx = 0; sx < scale; sx++) {
          const at = ((y * scale + sy) * w + x * scale + sx) * 4;
          r += color[at]!;
          g += color[at + 1]!;
          bl += color[at + 2]!;
          alpha += color[at + 3]!;
        }
      }
      const out = (y * width + x) * 4;
      if (alpha === 0) continue;
      pixels.set(
        [toSrgb(r / alpha), toSrgb(g / alpha), toSrgb(bl / alpha), Math.round((255 * alpha) / 4)],
        out,
      );
    }
  }
  return { width, height, pixels };
}

/** An equirectangular studio picture (soft top light, warm horizon, grey floor) for the `hdr` kind. */
export function renderStudio(width: number, height: number): Raster {
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const v = y / (height - 1);
    for (let x = 0; x < width; x++) {
      const u = x / width;
      const softbox = Math.exp(-(((u - 0.25) * 6) ** 2) - ((v - 0.3) * 8) ** 2) * 0.6;
      const sky = v < 0.5 ? 0.75 + 0.2 * (0.5 - v) : 0.45 - 0.2 * (v - 0.5);
      const warm = v < 0.5 ? 0 : 0.04;
      const level = Math.min(1, sky + softbox);
      const at = (y * width + x) * 4;
      pixels.set([toSrgb(level + warm), toSrgb(level), toSrgb(level - warm), 255], at);
    }
  }
  return { width, height, pixels };
}
