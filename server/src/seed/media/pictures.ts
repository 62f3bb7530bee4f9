import { Canvas, type Point, type Rgb } from './png.ts';

/**
 * The demo data's pictures, drawn in code (no files, no network) and stored in the object store
 * as real PNG objects: garments in their colour, fan photos and avatars, brand and partner logos,
 * covers and contract pages. Each is a pure function of its name, a few kilobytes, so one object
 * serves every row that shows the same picture.
 */

/** The colours the demo garments come in: Chinese name (as the seed writes it) and slug. */
export const PICTURE_COLOURS = [
  { name: '黑色', slug: 'black', rgb: [43, 43, 46] },
  { name: '白色', slug: 'white', rgb: [246, 244, 240] },
  { name: '米白', slug: 'ivory', rgb: [236, 227, 208] },
  { name: '藏青', slug: 'navy', rgb: [37, 51, 90] },
  { name: '酒红', slug: 'wine', rgb: [125, 31, 47] },
  { name: '墨绿', slug: 'green', rgb: [36, 73, 59] },
  { name: '浅灰', slug: 'grey', rgb: [185, 188, 194] },
  { name: '杏色', slug: 'apricot', rgb: [232, 195, 158] },
  { name: '雾蓝', slug: 'mistblue', rgb: [142, 167, 192] },
  { name: '卡其', slug: 'khaki', rgb: [181, 155, 109] },
  { name: '驼色', slug: 'camel', rgb: [185, 138, 90] },
] as const satisfies readonly { name: string; slug: string; rgb: Rgb }[];

export const GARMENTS = [
  'top',
  'bottom',
  'dress',
  'outerwear',
  'suit',
  'qipao',
  'shoes',
  'accessory',
] as const;
export type Garment = (typeof GARMENTS)[number];

/** The slug of a colour name of the seed ('墨绿' → 'green'); an unknown colour gets a neutral one. */
export const colourSlug = (name: string): string =>
  PICTURE_COLOURS.find((c) => c.name === name)?.slug ?? 'grey';

/** Fan photos and avatars come in this many variants each. */
export const FAN_PICTURE_VARIANTS = 12;

/** Garment outlines in a unit box (x right, y down), drawn as filled polygons. */
const OUTLINES: Record<Garment, readonly Point[]> = {
  top: [
    [0.36, 0.14],
    [0.44, 0.12],
    [0.5, 0.19],
    [0.56, 0.12],
    [0.64, 0.14],
    [0.87, 0.28],
    [0.79, 0.42],
    [0.7, 0.36],
    [0.7, 0.86],
    [0.3, 0.86],
    [0.3, 0.36],
    [0.21, 0.42],
    [0.13, 0.28],
  ],
  bottom: [
    [0.3, 0.1],
    [0.7, 0.1],
    [0.75, 0.9],
    [0.56, 0.9],
    [0.5, 0.36],
    [0.44, 0.9],
    [0.25, 0.9],
  ],
  dress: [
    [0.4, 0.08],
    [0.5, 0.15],
    [0.6, 0.08],
    [0.65, 0.12],
    [0.62, 0.4],
    [0.82, 0.9],
    [0.18, 0.9],
    [0.38, 0.4],
    [0.35, 0.12],
  ],
  outerwear: [
    [0.36, 0.08],
    [0.5, 0.18],
    [0.64, 0.08],
    [0.84, 0.18],
    [0.9, 0.68],
    [0.8, 0.7],
    [0.74, 0.36],
    [0.74, 0.93],
    [0.26, 0.93],
    [0.26, 0.36],
    [0.2, 0.7],
    [0.1, 0.68],
    [0.16, 0.18],
  ],
  suit: [
    [0.36, 0.1],
    [0.5, 0.16],
    [0.64, 0.1],
    [0.84, 0.2],
    [0.89, 0.7],
    [0.79, 0.71],
    [0.74, 0.38],
    [0.74, 0.84],
    [0.26, 0.84],
    [0.26, 0.38],
    [0.21, 0.71],
    [0.11, 0.7],
    [0.16, 0.2],
  ],
  qipao: [
    [0.44, 0.06],
    [0.56, 0.06],
    [0.57, 0.12],
    [0.68, 0.16],
    [0.75, 0.29],
    [0.66, 0.31],
    [0.63, 0.42],
    [0.67, 0.62],
    [0.64, 0.94],
    [0.36, 0.94],
    [0.33, 0.62],
    [0.37, 0.42],
    [0.34, 0.31],
    [0.25, 0.29],
    [0.32, 0.16],
    [0.43, 0.12],
  ],
  shoes: [
    [0.14, 0.6],
    [0.18, 0.42],
    [0.33, 0.42],
    [0.46, 0.56],
    [0.8, 0.62],
    [0.87, 0.7],
    [0.85, 0.78],
    [0.14, 0.78],
  ],
  accessory: [
    [0.46, 0.1],
    [0.54, 0.1],
    [0.56, 0.18],
    [0.52, 0.23],
    [0.62, 0.75],
    [0.5, 0.89],
    [0.38, 0.75],
    [0.48, 0.23],
    [0.44, 0.18],
  ],
};

/** Details drawn over a garment in a darker or lighter tone. */
const DETAILS: Partial<Record<Garment, { points: readonly Point[]; light: boolean }[]>> = {
  suit: [
    {
      points: [
        [0.43, 0.13],
        [0.5, 0.16],
        [0.57, 0.13],
        [0.5, 0.5],
      ],
      light: true,
    },
    {
      points: [
        [0.4, 0.13],
        [0.5, 0.52],
        [0.45, 0.52],
        [0.36, 0.2],
      ],
      light: false,
    },
    {
      points: [
        [0.6, 0.13],
        [0.5, 0.52],
        [0.55, 0.52],
        [0.64, 0.2],
      ],
      light: false,
    },
  ],
  outerwear: [
    {
      points: [
        [0.49, 0.18],
        [0.51, 0.18],
        [0.51, 0.93],
        [0.49, 0.93],
      ],
      light: false,
    },
  ],
  qipao: [
    {
      points: [
        [0.5, 0.12],
        [0.57, 0.12],
        [0.66, 0.2],
        [0.55, 0.22],
      ],
      light: false,
    },
    {
      points: [
        [0.605, 0.7],
        [0.62, 0.7],
        [0.63, 0.94],
        [0.6, 0.94],
      ],
      light: true,
    },
  ],
  dress: [
    {
      points: [
        [0.38, 0.38],
        [0.62, 0.38],
        [0.62, 0.42],
        [0.38, 0.42],
      ],
      light: false,
    },
  ],
  shoes: [
    {
      points: [
        [0.14, 0.74],
        [0.85, 0.74],
        [0.85, 0.78],
        [0.14, 0.78],
      ],
      light: false,
    },
  ],
};

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];
const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [24, 24, 28];
const luma = (c: Rgb) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];

function hsl(hue: number, saturation: number, lightness: number): Rgb {
  const k = (n: number) => (n + hue / 30) % 12;
  const a = saturation * Math.min(lightness, 1 - lightness);
  const f = (n: number) => lightness - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/** A stable number per name. */
function hashOf(name: string): number {
  let hash = 2166136261;
  for (const ch of name) hash = Math.imul(hash ^ ch.codePointAt(0)!, 16777619) >>> 0;
  return hash;
}

const scaled = (points: readonly Point[], x: number, y: number, size: number): Point[] =>
  points.map(([px, py]) => [x + px * size, y + py * size]);

function drawGarment(canvas: Canvas, garment: Garment, colour: Rgb, x: number, y: number, size: number) {
  canvas.ellipse(x + size / 2, y + size * 0.93, size * 0.32, size * 0.035, INK, 0.12);
  canvas.polygon(scaled(OUTLINES[garment], x, y, size), colour);
  for (const detail of DETAILS[garment] ?? []) {
    const tone = detail.light ? mix(colour, WHITE, 0.55) : mix(colour, INK, 0.35);
    canvas.polygon(scaled(detail.points, x, y, size), tone);
  }
}

/** A square product / wardrobe picture: the garment in its colour on a soft backdrop. */
function garmentPicture(garment: Garment, colour: Rgb): Canvas {
  const canvas = new Canvas(160, 160);
  const light = luma(colour) > 200;
  const top = light ? mix(colour, [120, 132, 150], 0.55) : mix(colour, WHITE, 0.86);
  canvas.gradient(mix(top, WHITE, 0.25), top);
  drawGarment(canvas, garment, colour, 16, 13, 128);
  return canvas;
}

/** A 4:3 cover: a two-hue gradient, soft discs and a garment of the name's choosing. */
function coverPicture(hash: number): Canvas {
  const canvas = new Canvas(240, 180);
  const hue = hash % 360;
  canvas.gradient(hsl(hue, 0.55, 0.82), hsl((hue + 40) % 360, 0.5, 0.5));
  for (let i = 0; i < 3; i++) {
    const r = 22 + ((hash >>> (i * 4)) % 38);
    canvas.ellipse(30 + ((hash >>> (i * 3)) % 120), 30 + ((hash >>> (i * 5)) % 105), r, r, WHITE, 0.16);
  }
  const garment = GARMENTS[(hash >>> 7) % GARMENTS.length]!;
  drawGarment(canvas, garment, mix(hsl((hue + 200) % 360, 0.45, 0.3), WHITE, 0.1), 112, 22, 142);
  return canvas;
}

/** A square logo: a badge in the name's colour with a ring and a diamond. */
function logoPicture(hash: number): Canvas {
  const canvas = new Canvas(160, 160);
  const hue = hash % 360;
  const colour = hsl(hue, 0.5, 0.38);
  canvas.gradient(hsl(hue, 0.35, 0.95), hsl(hue, 0.35, 0.88));
  canvas.ellipse(80, 80, 58, 58, colour);
  canvas.ellipse(80, 80, 44, 44, hsl(hue, 0.35, 0.93));
  const sides = 3 + ((hash >>> 9) % 4);
  canvas.polygon(
    Array.from({ length: sides }, (_, i) => {
      const t = (i / sides) * Math.PI * 2 - Math.PI / 2;
      return [80 + Math.cos(t) * 30, 80 + Math.sin(t) * 30] as const;
    }),
    colour,
  );
  return canvas;
}

const SKIN: readonly Rgb[] = [
  [241, 208, 180],
  [226, 184, 150],
  [204, 158, 120],
  [176, 128, 94],
];

/** A fan's photo (4:3): a figure in a garment of the variant's colour. */
function fanPhoto(variant: number): Canvas {
  const canvas = new Canvas(240, 180);
  const hue = (variant * 47) % 360;
  canvas.gradient(hsl(hue, 0.3, 0.92), hsl(hue, 0.35, 0.78));
  const colour = PICTURE_COLOURS[variant % PICTURE_COLOURS.length]!.rgb;
  const skin = SKIN[variant % SKIN.length]!;
  const garment: Garment = variant % 3 === 0 ? 'qipao' : variant % 3 === 1 ? 'dress' : 'top';
  canvas.ellipse(120, 39, 15, 18, skin);
  canvas.ellipse(120, 30, 16.5, 12, mix(INK, skin, 0.2));
  drawGarment(canvas, garment, colour, 64, 48, 112);
  return canvas;
}

/** A square avatar: head and shoulders on the variant's colour. */
function avatarPicture(variant: number): Canvas {
  const canvas = new Canvas(120, 120);
  const hue = (variant * 53 + 20) % 360;
  canvas.gradient(hsl(hue, 0.45, 0.8), hsl(hue, 0.45, 0.66));
  const skin = SKIN[variant % SKIN.length]!;
  const shirt = PICTURE_COLOURS[(variant * 5) % PICTURE_COLOURS.length]!.rgb;
  canvas.ellipse(60, 128, 44, 40, shirt);
  canvas.ellipse(60, 54, 22, 26, skin);
  canvas.ellipse(60, 38, 24, 14, mix(INK, skin, 0.15));
  return canvas;
}

/** A page of a contract (3:4): a sheet with a heading and text lines. */
function documentPicture(hash: number): Canvas {
  const canvas = new Canvas(180, 240);
  canvas.gradient([214, 218, 226], [190, 196, 206]);
  canvas.polygon(
    [
      [22, 16],
      [158, 16],
      [158, 224],
      [22, 224],
    ],
    [252, 252, 250],
  );
  canvas.polygon(
    [
      [40, 34],
      [140, 34],
      [140, 44],
      [40, 44],
    ],
    [90, 96, 110],
  );
  for (let line = 0; line < 12; line++) {
    const y = 62 + line * 12;
    const end = line % 4 === 3 ? 96 + ((hash >>> line) % 30) : 140;
    canvas.polygon(
      [
        [40, y],
        [end, y],
        [end, y + 4],
        [40, y + 4],
      ],
      [176, 182, 194],
    );
  }
  canvas.ellipse(120, 200, 14, 14, [200, 48, 48], 0.8);
  return canvas;
}

/** Draws the picture a name stands for (any valid name draws something: unknown kinds are covers). */
export function drawPicture(name: string): Buffer {
  const garment = /^garment-([a-z]+)-([a-z]+)$/.exec(name);
  if (garment && (GARMENTS as readonly string[]).includes(garment[1]!)) {
    const colour = PICTURE_COLOURS.find((c) => c.slug === garment[2])?.rgb ?? [185, 188, 194];
    return garmentPicture(garment[1] as Garment, colour).png();
  }
  const variant = /^(fan-photo|avatar)-(\d+)$/.exec(name);
  if (variant) {
    const n = Number(variant[2]);
    return (variant[1] === 'avatar' ? avatarPicture(n) : fanPhoto(n)).png();
  }
  const hash = hashOf(name);
  if (/^(logo|partner|provider)-/.test(name)) return logoPicture(hash).png();
  if (name.startsWith('document-')) return documentPicture(hash).png();
  return coverPicture(hash).png();
}

const drawn = new Map<string, Buffer>();
/** drawPicture, remembered per process (the seed sizes a picture, the store later writes it). */
export function pictureBytes(name: string): Buffer {
  let bytes = drawn.get(name);
  if (!bytes) {
    bytes = drawPicture(name);
    drawn.set(name, bytes);
  }
  return bytes;
}
