import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedBytesOf } from '../../../src/modules/storage-quota/index.ts';
import { API, authHeader } from '../../support/test-app.ts';
import {
  createVideosApp,
  type Session,
  someDesigner,
  type VideosApp,
  videoUpload,
} from '../../videos/support.ts';

/** Issue 16 point 3: a per-designer storage quota, counted in the database, never exceeded. */
const QUOTA = 10_500;
let t: VideosApp;
beforeAll(async () => {
  t = await createVideosApp({ DESIGNER_QUOTA_BYTES: String(QUOTA) });
});
afterAll(() => t?.close());

const createUpload = (who: Session, body: object, language = 'zh-CN') =>
  t.app.inject({
    method: 'POST',
    url: `${API}/vod/create-upload`,
    headers: { ...authHeader(who.token), 'accept-language': language },
    payload: body,
  });

describe('storage quota (DESIGNER_QUOTA_BYTES)', () => {
  it('20 concurrent create-uploads at the quota edge: exactly as many as fit are granted, never more', async () => {
    const designer = await someDesigner(t, 'quota');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? createUpload(designer, videoUpload({ fileSize: 1000 }))
          : createUpload(designer, {
              kind: 'image',
              fileName: 'c.png',
              fileSize: 1000,
              mimeType: 'image/png',
            }),
      ),
    );
    const granted = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(granted).toHaveLength(10);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 40000, data: { errors: [{ path: 'fileSize' }] } });
    }
    expect(await storedBytesOf(t.db, designer.id)).toBe(10_000);
    expect(await storedBytesOf(t.db, designer.id)).toBeLessThanOrEqual(QUOTA);
  });

  it('a declared size past the quota is 40000 on fileSize, in the request language, and registers nothing', async () => {
    const designer = await someDesigner(t, 'quota');
    await createUpload(designer, videoUpload({ fileSize: 10_000 }));
    const english = await createUpload(designer, videoUpload({ fileSize: 600 }), 'en-US');
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({
      code: 40000,
      msg: 'storage quota exceeded: 9.8 KB of 10.3 KB used; this file needs 600 B',
      data: { errors: [{ path: 'fileSize', message: expect.stringContaining('storage quota exceeded') }] },
    });
    const chinese = await createUpload(designer, { kind: 'image', fileName: 'c.png', fileSize: 9_999_999 });
    expect(chinese.json()).toMatchObject({ code: 40000, data: { errors: [{ path: 'fileSize' }] } });
    expect(chinese.json().msg).toMatch(/^存储空间不足/);
    expect(await storedBytesOf(t.db, designer.id)).toBe(10_000);
    // Another designer's usage is their own.
    const other = await someDesigner(t, 'quota');
    expect((await createUpload(other, videoUpload({ fileSize: 10_000 }))).statusCode).toBe(200);
  });

  it('the quota setting is validated at start', async () => {
    const { loadConfig } = await import('../../../src/config.ts');
    expect(loadConfig({}).designerQuotaBytes).toBe(21_474_836_480);
    expect(() => loadConfig({ DESIGNER_QUOTA_BYTES: 'lots' })).toThrow(
      /^Invalid setting DESIGNER_QUOTA_BYTES="lots"/,
    );
    expect(() => loadConfig({ DESIGNER_QUOTA_BYTES: '0' })).toThrow(/DESIGNER_QUOTA_BYTES/);
  });
});
