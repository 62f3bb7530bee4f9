import type { Brand, ProductDetail } from '@dc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_FILES_BASE } from '../../src/modules/image-files/store.ts';
import {
  createImageApp,
  expectShownAfterLinkExpiry,
  type ImageApp,
  uploadImage,
} from '../image-files/support.ts';
import { errorPaths, expectInvalid, type Session, call as sessionCall, someone } from '../support/calls.ts';
import { productBody } from './support.ts';

let t: ImageApp;
let me: Session;
let other: Session;
beforeAll(async () => {
  t = await createImageApp();
  me = await someone(t, 'img_boutique_me');
  other = await someone(t, 'img_boutique_other');
});
afterAll(() => t?.close());

const call = (method: 'POST' | 'PUT', url: string, who: Session, payload: unknown) =>
  sessionCall(t, method, url, who, payload);

describe('issue 7 item 1: product images are uploads, kept by their lasting address', () => {
  it('keeps the image by its lasting address, and the address still shows it after the signed link expired', async () => {
    const first = await uploadImage(t, me);
    const second = await uploadImage(t, me);
    const res = await call(
      'POST',
      '/products',
      me,
      productBody({ images: [first.link, second.address] }, me),
    );
    expect(res.statusCode, res.body).toBe(200);
    const product = res.json().data as ProductDetail;
    expect(product.images).toEqual([first.address, second.address]);
    expect(product.coverUrl).toBe(first.address);
    // Saving it again as the editor shows it changes nothing.
    const again = await call(
      'PUT',
      `/products/${product.id}`,
      me,
      productBody({ images: product.images }, me),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json().data as ProductDetail).images).toEqual([first.address, second.address]);
    await expectShownAfterLinkExpiry(t, first, product.coverUrl);
  });

  it('40000 on images.N for an outside URL, another designer’s image, a path that is no image of theirs, or one image twice', async () => {
    const mine = await uploadImage(t, me);
    const theirs = await uploadImage(t, other);
    const refused: [string[], string][] = [
      [['https://img.example.com/a.jpg'], 'images.0'],
      [[mine.address, theirs.link], 'images.1'],
      [[mine.address, theirs.address], 'images.1'],
      [[`${IMAGE_FILES_BASE}designers/${me.id}/images/never-uploaded.png`], 'images.0'],
      [['/designerapi/v1/demo-images/product-1.svg'], 'images.0'],
      [[mine.link, mine.address], 'images.1'],
    ];
    for (const [images, path] of refused) {
      const res = await call('POST', '/products', me, productBody({ images }, me));
      expectInvalid(res, path);
      expect(errorPaths(res)).toEqual([path]);
    }
  });

  it('keeps uploaded pictures of the description by their lasting address and refuses outside ones', async () => {
    const cover = await uploadImage(t, me);
    const inline = await uploadImage(t, me);
    const description = `<p>细节</p><img src="${inline.link.replaceAll('&', '&amp;')}" alt="领口">`;
    const res = await call(
      'POST',
      '/products',
      me,
      productBody({ images: [cover.address], description }, me),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as ProductDetail).description).toBe(
      `<p>细节</p><img src="${inline.address}" alt="领口">`,
    );
    // Issue 16 item 6: an outside picture in rich text is refused (a tracking pixel), descriptions and stories alike.
    expectInvalid(
      await call(
        'POST',
        '/products',
        me,
        productBody(
          { images: [cover.address], description: `${description}<img src="https://cdn.example.com/x.jpg">` },
          me,
        ),
      ),
      'description',
    );
    const theirs = await uploadImage(t, other);
    expectInvalid(
      await call(
        'POST',
        '/products',
        me,
        productBody({ images: [cover.address], description: `<img src="${theirs.address}">` }, me),
      ),
      'description',
    );
  });
});

describe('issue 7 item 3: brand logo and cover', () => {
  it('an uploaded logo is kept by its lasting address, an outside cover as sent; another designer’s image is 40000', async () => {
    const logo = await uploadImage(t, me);
    const res = await call('POST', '/brands', me, {
      name: '长久地址',
      logoUrl: logo.link,
      coverUrl: 'https://cdn.example.com/brand-cover.jpg',
    });
    expect(res.statusCode, res.body).toBe(200);
    const brand = res.json().data as Brand;
    expect(brand.logoUrl).toBe(logo.address);
    expect(brand.coverUrl).toBe('https://cdn.example.com/brand-cover.jpg');
    const theirs = await uploadImage(t, other);
    expectInvalid(
      await call('PUT', `/brands/${brand.id}`, me, {
        name: '长久地址',
        logoUrl: logo.address,
        coverUrl: theirs.link,
      }),
      'coverUrl',
    );
    await expectShownAfterLinkExpiry(t, logo, brand.logoUrl);
  });
});
