import { describe, expect, it } from 'vitest';
import { drawnOnFirstView } from '../../src/admin/storage-verify.ts';
import { demoPictureKey } from '../../src/modules/image-files/store.ts';
import { demoCoverKey, demoVideoKey } from '../../src/seed/media/fixtures.ts';
import { newObjectKey } from '../../src/storage/index.ts';

describe('issue 19: storage verify knows the demo media by the shape of its keys', () => {
  it("every key the seed's media is written under is drawn on first view; an upload's key never is", () => {
    for (const key of [
      demoVideoKey(3, 0),
      demoCoverKey(3, 2),
      demoPictureKey(null, 'provider-1'),
      demoPictureKey(5, 'portfolio-2'),
    ])
      expect(drawnOnFirstView(key), key).toBe(true);
    for (const kind of ['videos', 'images', 'models'] as const)
      expect(drawnOnFirstView(newObjectKey(3, kind, 'png'))).toBe(false);
  });
});
