import {
  type BufferGeometry,
  CapsuleGeometry,
  CylinderGeometry,
  LatheGeometry,
  SphereGeometry,
  Vector2,
} from 'three';
import { mergeGeometries, mergeVertices } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import type { GlbMaterial, GlbMesh } from './glb-writer.ts';

/**
 * The shipped models, built from three.js geometry: store mannequins (a lathe-turned torso,
 * capsule limbs, a sphere head, a stand) and garment shapes turned around them. Metres, feet at
 * y = 0, facing +z. Material names matter: the viewer tints the `garment` material with the
 * colour of the look's first product.
 */

const PORCELAIN: GlbMaterial = { name: 'body', color: [0.82, 0.78, 0.73], roughness: 0.55, metalness: 0 };
const WALNUT: GlbMaterial = { name: 'stand', color: [0.18, 0.11, 0.07], roughness: 0.45, metalness: 0.1 };
const STEEL: GlbMaterial = { name: 'pole', color: [0.6, 0.6, 0.62], roughness: 0.3, metalness: 0.9 };
const WINE: GlbMaterial = { name: 'garment', color: [0.42, 0.05, 0.09], roughness: 0.8, metalness: 0 };
const NAVY: GlbMaterial = { name: 'garment', color: [0.05, 0.08, 0.2], roughness: 0.75, metalness: 0 };

/**
 * A lathe of (radius, height) points; `depth` flattens front-to-back (a body is not round).
 * Points run bottom to top, so the faces wind outwards.
 */
function turned(profile: [number, number][], segments: number, depth = 1): BufferGeometry {
  const upwards = profile[0]![1] <= profile.at(-1)![1] ? profile : [...profile].reverse();
  const geometry = new LatheGeometry(
    upwards.map(([r, y]) => new Vector2(r, y)),
    segments,
  );
  geometry.scale(1, 1, depth);
  return geometry;
}

/** Keeps what the .glb carries (positions, normals, index), welding duplicate vertices. */
function clean(geometry: BufferGeometry): BufferGeometry {
  const plain = geometry.index ? geometry.toNonIndexed() : geometry;
  for (const name of Object.keys(plain.attributes)) {
    if (name !== 'position' && name !== 'normal') plain.deleteAttribute(name);
  }
  const welded = mergeVertices(plain, 1e-5);
  welded.computeVertexNormals();
  return welded;
}

function merged(parts: BufferGeometry[]): BufferGeometry {
  const result = mergeGeometries(parts.map(clean));
  if (!result) throw new Error('geometries could not be merged');
  return result;
}

function limb(radius: number, length: number, from: [number, number, number], tiltZ: number, tiltX = 0) {
  const geometry = new CapsuleGeometry(radius, length, 6, 14);
  geometry.translate(0, -length / 2, 0);
  geometry.rotateX(tiltX);
  geometry.rotateZ(tiltZ);
  geometry.translate(...from);
  return geometry;
}

function stand(): GlbMesh[] {
  const base = new CylinderGeometry(0.24, 0.26, 0.03, 40);
  base.translate(0, 0.015, 0);
  const pole = new CylinderGeometry(0.012, 0.012, 0.12, 12);
  pole.translate(0, 0.09, 0);
  return [
    { name: 'stand', geometry: merged([base]), material: WALNUT },
    { name: 'pole', geometry: merged([pole]), material: STEEL },
  ];
}

interface Proportions {
  shoulder: number;
  bust: number;
  waist: number;
  hip: number;
  legRadius: number;
  armRadius: number;
}

const FEMALE: Proportions = {
  shoulder: 0.17,
  bust: 0.16,
  waist: 0.12,
  hip: 0.17,
  legRadius: 0.065,
  armRadius: 0.035,
};
const MALE: Proportions = {
  shoulder: 0.21,
  bust: 0.18,
  waist: 0.15,
  hip: 0.16,
  legRadius: 0.075,
  armRadius: 0.042,
};

function body(p: Proportions): BufferGeometry {
  const torso = turned(
    [
      [0.001, 0.86],
      [p.hip * 0.7, 0.87],
      [p.hip, 0.95],
      [p.hip * 0.96, 1.0],
      [p.waist, 1.08],
      [p.bust * 0.95, 1.2],
      [p.bust, 1.26],
      [p.shoulder, 1.38],
      [p.shoulder * 0.7, 1.43],
      [0.055, 1.47],
      [0.05, 1.53],
      [0.001, 1.54],
    ],
    40,
    0.72,
  );
  const head = new SphereGeometry(0.1, 28, 20);
  head.scale(0.82, 1.12, 0.95);
  head.translate(0, 1.64, 0.01);
  const legs = [-1, 1].map((side) => limb(p.legRadius, 0.74, [side * p.hip * 0.5, 0.93, 0], side * 0.025));
  const arms = [-1, 1].map((side) =>
    limb(p.armRadius, 0.56, [side * (p.shoulder - 0.01), 1.36, 0], side * 0.16, 0.05),
  );
  return merged([torso, head, ...legs, ...arms]);
}

function dress(): BufferGeometry {
  return merged([
    turned(
      [
        [0.13, 1.3],
        [0.165, 1.26],
        [0.128, 1.08],
        [0.18, 0.96],
        [0.23, 0.78],
        [0.3, 0.56],
        [0.31, 0.54],
      ],
      48,
      0.78,
    ),
  ]);
}

function coat(): BufferGeometry {
  const shell = turned(
    [
      [0.12, 1.47],
      [0.225, 1.39],
      [0.205, 1.26],
      [0.18, 1.08],
      [0.185, 0.95],
      [0.2, 0.78],
      [0.205, 0.76],
    ],
    44,
    0.76,
  );
  const sleeves = [-1, 1].map((side) => limb(0.052, 0.5, [side * 0.2, 1.37, 0], side * 0.16, 0.05));
  return merged([shell, ...sleeves]);
}

export interface ShippedModel {
  key: string;
  file: string;
  poster: string;
  meshes: GlbMesh[];
}

/** The models the app ships: keys are stable (the seed and the start-up upsert use them). */
export function shippedModels(): ShippedModel[] {
  return [
    {
      key: 'mannequin-female',
      file: 'mannequin-female.glb',
      poster: 'mannequin-female.png',
      meshes: [{ name: 'body', geometry: body(FEMALE), material: PORCELAIN }, ...stand()],
    },
    {
      key: 'mannequin-male',
      file: 'mannequin-male.glb',
      poster: 'mannequin-male.png',
      meshes: [{ name: 'body', geometry: body(MALE), material: PORCELAIN }, ...stand()],
    },
    {
      key: 'dress-form',
      file: 'dress-form.glb',
      poster: 'dress-form.png',
      meshes: [
        { name: 'body', geometry: body(FEMALE), material: PORCELAIN },
        { name: 'garment', geometry: dress(), material: WINE },
        ...stand(),
      ],
    },
    {
      key: 'coat-form',
      file: 'coat-form.glb',
      poster: 'coat-form.png',
      meshes: [
        { name: 'body', geometry: body(MALE), material: PORCELAIN },
        { name: 'garment', geometry: coat(), material: NAVY },
        ...stand(),
      ],
    },
  ];
}
