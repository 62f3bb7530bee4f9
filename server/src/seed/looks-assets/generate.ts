import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeGlb } from './glb-writer.ts';
import { shippedModels } from './mannequins.ts';
import { encodePng, renderPoster, renderStudio } from './poster.ts';

/**
 * Generates the shipped 3D assets into this folder (committed; the server serves them):
 * `npx tsx server/src/seed/looks-assets/generate.ts`. Deterministic: the same bytes every run.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

for (const model of shippedModels()) {
  const glb = writeGlb(model.meshes, 'Designer Console looks-assets generator');
  writeFileSync(path.join(here, model.file), glb);
  writeFileSync(path.join(here, model.poster), encodePng(renderPoster(model.meshes, 400, 600)));
  const triangles = model.meshes.reduce((sum, mesh) => sum + mesh.geometry.index!.count / 3, 0);
  console.log(`${model.file}: ${glb.length} bytes, ${triangles} triangles`);
}
writeFileSync(path.join(here, 'studio-equirect.png'), encodePng(renderStudio(512, 256)));
console.log('studio-equirect.png');
