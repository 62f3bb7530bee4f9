import type { BufferGeometry } from 'three';

/** A PBR material as glTF 2.0 writes it (colour in linear RGB 0..1). */
export interface GlbMaterial {
  name: string;
  color: [number, number, number];
  roughness: number;
  metalness: number;
}

/** One mesh of the scene: an indexed geometry with `position` and `normal`, and its material. */
export interface GlbMesh {
  name: string;
  geometry: BufferGeometry;
  material: GlbMaterial;
}

const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;
const FLOAT = 5126;
const UNSIGNED_SHORT = 5123;
const UNSIGNED_INT = 5125;
const TRIANGLES = 4;

const align4 = (n: number) => (n + 3) & ~3;

/**
 * Writes a binary glTF 2.0 file (.glb) from three.js geometries, by hand: a JSON chunk
 * describing nodes, meshes, materials, accessors and buffer views, then one BIN chunk. No DOM,
 * no FileReader: what three's GLTFExporter needs in a browser is not needed here.
 */
export function writeGlb(meshes: readonly GlbMesh[], generator: string): Buffer {
  const chunks: Buffer[] = [];
  let offset = 0;
  const bufferViews: object[] = [];
  const accessors: object[] = [];

  const addView = (bytes: Buffer, target: number): number => {
    chunks.push(bytes);
    const padding = align4(bytes.length) - bytes.length;
    if (padding) chunks.push(Buffer.alloc(padding));
    bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: bytes.length, target });
    offset += bytes.length + padding;
    return bufferViews.length - 1;
  };

  const addVec3 = (array: Float32Array): number => {
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < array.length; i++) {
      const axis = i % 3;
      min[axis] = Math.min(min[axis]!, array[i]!);
      max[axis] = Math.max(max[axis]!, array[i]!);
    }
    const view = addView(Buffer.from(array.buffer, array.byteOffset, array.byteLength), ARRAY_BUFFER);
    accessors.push({
      bufferView: view,
      componentType: FLOAT,
      count: array.length / 3,
      type: 'VEC3',
      min,
      max,
    });
    return accessors.length - 1;
  };

  const addIndices = (indices: ArrayLike<number>, vertexCount: number): number => {
    const wide = vertexCount > 65535;
    const typed = wide ? Uint32Array.from(indices) : Uint16Array.from(indices);
    const view = addView(Buffer.from(typed.buffer), ELEMENT_ARRAY_BUFFER);
    accessors.push({
      bufferView: view,
      componentType: wide ? UNSIGNED_INT : UNSIGNED_SHORT,
      count: typed.length,
      type: 'SCALAR',
    });
    return accessors.length - 1;
  };

  const materials = meshes.map(({ material }) => ({
    name: material.name,
    pbrMetallicRoughness: {
      baseColorFactor: [...material.color, 1],
      metallicFactor: material.metalness,
      roughnessFactor: material.roughness,
    },
  }));

  const gltfMeshes = meshes.map(({ name, geometry }, index) => {
    const position = geometry.getAttribute('position');
    const normal = geometry.getAttribute('normal');
    if (!geometry.index || !position || !normal)
      throw new Error(`${name}: needs an index, positions and normals`);
    return {
      name,
      primitives: [
        {
          attributes: {
            POSITION: addVec3(Float32Array.from(position.array)),
            NORMAL: addVec3(Float32Array.from(normal.array)),
          },
          indices: addIndices(geometry.index.array, position.count),
          material: index,
          mode: TRIANGLES,
        },
      ],
    };
  });

  const json = {
    asset: { version: '2.0', generator },
    scene: 0,
    scenes: [{ nodes: meshes.map((_, i) => i) }],
    nodes: meshes.map(({ name }, i) => ({ name, mesh: i })),
    meshes: gltfMeshes,
    materials,
    accessors,
    bufferViews,
    buffers: [{ byteLength: offset }],
  };

  const jsonBytes = Buffer.from(JSON.stringify(json), 'utf8');
  const jsonChunk = Buffer.concat([
    jsonBytes,
    Buffer.alloc(align4(jsonBytes.length) - jsonBytes.length, 0x20),
  ]);
  const binChunk = Buffer.concat(chunks);
  const header = Buffer.alloc(12);
  const total = 12 + 8 + jsonChunk.length + 8 + binChunk.length;
  header.write('glTF', 0, 'ascii');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(total, 8);
  const chunkHeader = (length: number, type: string) => {
    const bytes = Buffer.alloc(8);
    bytes.writeUInt32LE(length, 0);
    bytes.write(type, 4, 'ascii');
    return bytes;
  };
  return Buffer.concat([
    header,
    chunkHeader(jsonChunk.length, 'JSON'),
    jsonChunk,
    chunkHeader(binChunk.length, 'BIN\0'),
    binChunk,
  ]);
}
