import http from 'node:http';
import type { VideoDetail } from '@dc/contract';
import type { UploadCredentials } from '../../src/oss/index.ts';
import { ossRequest, startTestStore, type TestStore } from '../oss/support/store.ts';
import {
  API,
  authHeader,
  createDesigner,
  createTestApp,
  loginAs,
  type TestApp,
} from '../support/test-app.ts';
import { type SampleVideo, sampleVideo } from '../support/video-files.ts';

export interface VideosApp extends TestApp {
  store: TestStore;
  close(): Promise<void>;
}

/**
 * The API (buildApp) and the embedded object store in this process, sharing one temporary
 * DATA_DIR (so one secret), the store's URL given as OSS_PUBLIC_URL.
 */
export async function createVideosApp(
  env: Record<string, string> = {},
  options: { now?: () => Date } = {},
): Promise<VideosApp> {
  const store = await startTestStore();
  const test = await createTestApp({
    ...options,
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: store.dataDir,
      OSS_PUBLIC_URL: store.endpoint,
      ...env,
    },
  });
  return {
    ...test,
    store,
    close: async () => {
      await test.close();
      await store.close();
    },
  };
}

export interface Session {
  id: number;
  token: string;
}

let designerSequence = 0;
export async function someDesigner(t: TestApp, name = 'vid'): Promise<Session> {
  const account = `${name}${++designerSequence}${Date.now().toString(36)}`;
  const id = await createDesigner(t.db, { account, password: 'secret123' });
  return { id, token: await loginAs(t.app, account, 'secret123') };
}

export interface Answer<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

export async function call<T = unknown>(
  t: TestApp,
  who: Session,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: object,
): Promise<Answer<T>> {
  const res = await t.app.inject({
    method,
    url: `${API}${path}`,
    headers: authHeader(who.token),
    ...(payload === undefined ? {} : { payload }),
  });
  const body = res.json() as { code: number; msg: string; data: T };
  return { status: res.statusCode, code: body.code, msg: body.msg, data: body.data };
}

export interface DecodedGrant {
  videoId?: string;
  imageId?: string;
  address: { Endpoint: string; Bucket: string; FileName: string; PathStyle: boolean };
  auth: UploadCredentials & { Region: string };
}

const fromBase64Json = <T>(text: string): T => JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as T;

export function decodeGrant(data: {
  videoId?: string;
  imageId?: string;
  uploadAddress: string;
  uploadAuth: string;
}): DecodedGrant {
  return {
    videoId: data.videoId,
    imageId: data.imageId,
    address: fromBase64Json(data.uploadAddress),
    auth: fromBase64Json(data.uploadAuth),
  };
}

export const videoUpload = (change: Record<string, unknown> = {}) => ({
  kind: 'video',
  title: '秋冬大衣裁剪要点',
  fileName: 'coat.mp4',
  fileSize: 1024,
  mimeType: 'video/mp4',
  description: '从量体到裁片的完整过程',
  cateId: 1,
  tags: ['大衣', '裁剪'],
  ...change,
});

/** create-upload, then PutObject of `bytes` with the answered credentials; answers the grant. */
export async function uploadVideo(
  t: VideosApp,
  who: Session,
  bytes: Buffer,
  change: Record<string, unknown> = {},
): Promise<DecodedGrant> {
  const created = await call<{ uploadAddress: string; uploadAuth: string; videoId: string }>(
    t,
    who,
    'POST',
    '/vod/create-upload',
    videoUpload({ fileSize: bytes.length, ...change }),
  );
  if (created.code !== 200) throw new Error(`create-upload: ${created.msg}`);
  const grant = decodeGrant(created.data);
  const put = await ossRequest(grant.address.Endpoint, {
    method: 'PUT',
    key: grant.address.FileName,
    body: bytes,
    headers: { 'Content-Type': 'video/mp4' },
    credentials: grant.auth,
  });
  if (put.status !== 200) throw new Error(`PutObject: ${put.status} ${put.code}`);
  return grant;
}

/** A GET of a URL with node:http (a Range header optional): status, headers and bytes. */
export function getUrl(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; code: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            code: /<Code>([^<]*)<\/Code>/.exec(body.toString('utf8'))?.[1],
          });
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Waits until the video's processing is over (published or failed); answers its detail. */
export async function processedVideo(t: TestApp, who: Session, id: number | string): Promise<VideoDetail> {
  for (let i = 0; i < 300; i++) {
    const detail = (await call<VideoDetail>(t, who, 'GET', `/videos/${id}`)).data;
    if (detail.status !== 'processing') return detail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`video ${id} still processing after 30 s`);
}

/**
 * A real video (made by ffmpeg, see support/video-files.ts) uploaded, finished and processed:
 * answers its grant and its detail once published.
 */
export async function publishVideo(
  t: VideosApp,
  who: Session,
  change: Record<string, unknown> = {},
  kind: SampleVideo = 'h264-mp4',
): Promise<{ grant: DecodedGrant; detail: VideoDetail; bytes: Buffer }> {
  const { bytes, fileName } = sampleVideo(kind);
  const grant = await uploadVideo(t, who, bytes, { fileName, ...change });
  const finished = await call(t, who, 'POST', `/videos/${grant.videoId}/upload-finished`, {});
  if (finished.code !== 200) throw new Error(`upload-finished: ${finished.msg}`);
  const detail = await processedVideo(t, who, grant.videoId!);
  if (detail.status !== 'published') throw new Error(`video ${grant.videoId} is ${detail.status}`);
  return { grant, detail, bytes };
}

/**
 * What an address answers: a console path (a picture's lasting address,
 * `/designerapi/v1/image-files/…`) through its redirect to the store, any other URL directly.
 */
export async function getAddress(t: TestApp, address: string): ReturnType<typeof getUrl> {
  if (!address.startsWith('/')) return getUrl(address);
  const redirect = await t.app.inject({ method: 'GET', url: address });
  if (redirect.statusCode !== 302) throw new Error(`${address}: ${redirect.statusCode}`);
  return getUrl(String(redirect.headers.location));
}
