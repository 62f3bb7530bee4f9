import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { IMAGE_RENDITION_WIDTHS } from '@dc/contract';
import { describe, expect, it } from 'vitest';
import { pictureAt } from '../../src/components/pictures.ts';

const STORED = '/designerapi/v1/image-files/designers/7/images/0123456789abcdef0123456789abcdef.jpg';

describe('issue 20 point 3: a picture is shown at a rendition’s width', () => {
  it('one of our stored pictures (its lasting address) is asked for at that width', () => {
    for (const width of IMAGE_RENDITION_WIDTHS) expect(pictureAt(STORED, width)).toBe(`${STORED}?w=${width}`);
    expect(pictureAt('/designerapi/v1/image-files/platform/images/demo-provider-1.png', 160)).toBe(
      '/designerapi/v1/image-files/platform/images/demo-provider-1.png?w=160',
    );
  });

  it('any other address is shown as it is: outside pictures, shipped assets, signed store links', () => {
    for (const url of [
      'https://cdn.example.com/designers/1/images/a.jpg',
      '/designerapi/v1/look-assets/dress-form.png',
      'http://localhost:9000/designer-console/designers/1/images/a.jpg?OSSAccessKeyId=x&Signature=y',
      // Already sized, or not an address of ours that takes a width.
      `${STORED}?w=480`,
      '/designerapi/v1/image-filesX/a.png',
    ])
      expect(pictureAt(url, 160)).toBe(url);
  });

  it('no picture is undefined, so antd’s Avatar and Image show their fallback', () => {
    for (const none of ['', null, undefined]) expect(pictureAt(none, 160)).toBeUndefined();
  });
});

/** What a source's `src={…}` attributes hold. */
const sources = (text: string) => [...text.matchAll(/\bsrc=\{([^}]*)\}/g)].map((match) => match[1]!.trim());

/** `src` values that are no stored picture: a frame's page, a video, the app's own icon. */
const NOT_PICTURES: Record<string, string[]> = {
  'app/FramePage.tsx': ['src'],
  'app/console-routes.tsx': ['route.meta.frameSrc'],
  'pages/videos/video-detail.tsx': ['video.playUrl'],
};

describe('issue 20 point 3: lists, cards and avatars never load a full-size original', () => {
  it('every src in the web’s screens goes through pictureAt', () => {
    const src = path.resolve(import.meta.dirname, '../../src');
    const unsized: string[] = [];
    for (const name of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
      if (!name.endsWith('.tsx')) continue;
      const file = name.split(path.sep).join('/');
      for (const value of sources(readFileSync(path.join(src, name), 'utf8')))
        if (!value.startsWith('pictureAt(') && !NOT_PICTURES[file]?.includes(value))
          unsized.push(`${file}: src={${value}}`);
    }
    expect(unsized).toEqual([]);
  });

  it('the check finds an unsized picture (so that it can fail)', () => {
    expect(sources('<Avatar src={fan.avatar || undefined} /><img src={pictureAt(x, 160)} />')).toEqual([
      'fan.avatar || undefined',
      'pictureAt(x, 160)',
    ]);
  });
});
