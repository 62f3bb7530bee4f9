/** The API over loopback as a client sees it: JSON or form bodies, the `authtoken` header, the envelope. */
import { randomUUID } from 'node:crypto';

export const API = '/designerapi/v1';
export const DEMO = { account: 'demo', password: 'demo123456' } as const;

export interface Envelope<T = unknown> {
  code: number;
  status?: number;
  msg?: string;
  data: T;
}

/** An answer: the HTTP status and the parsed envelope (undefined when the body was not JSON). */
export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T> | undefined;
  ms: number;
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  timeoutMs?: number;
}

/** One request; throws only when no HTTP answer came (refused, reset, timed out). */
export async function call<T = unknown>(
  origin: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (options.token) headers.authtoken = options.token;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const started = performance.now();
  const res = await fetch(`${origin}${API}${path}`, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
  });
  const text = await res.text();
  let parsed: Envelope<T> | undefined;
  try {
    parsed = JSON.parse(text) as Envelope<T>;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, ms: performance.now() - started };
}

/** The answer's data; throws naming the request unless it is a 200 envelope with code 200. */
export async function ok<T>(origin: string, method: string, path: string, options: CallOptions = {}) {
  const answer = await call<T>(origin, method, path, options);
  if (answer.status !== 200 || answer.body?.code !== 200) {
    throw new Error(`${method} ${path}: HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
  return answer.body.data;
}

/** Signs in as the demo designer; answers the session token. */
export async function login(origin: string): Promise<string> {
  const data = await ok<{ token: string }>(origin, 'POST', '/login', { form: { ...DEMO } });
  return data.token;
}

/**
 * Images a new product may show: those of one of the designer's own products (product images
 * must be the designer's uploaded pictures), or the demo picture when there is none.
 */
export async function productImages(origin: string, token: string): Promise<string[]> {
  const page = await ok<{ dataList: { id: number }[] }>(origin, 'GET', '/products?page=1&pageSize=1', {
    token,
  });
  const first = page.dataList[0];
  if (!first) return ['/designerapi/v1/demo-images/product-1.svg'];
  const detail = await ok<{ images: string[] }>(origin, 'GET', `/products/${first.id}`, { token });
  return detail.images.slice(0, 1);
}

/** A product body unique to `label` (its title and SKU carry it). */
export function productBody(label: string, images: string[]) {
  const sku = `R${label.replace(/[^A-Za-z0-9]/g, '').slice(-30)}${randomUUID().slice(0, 6)}`;
  return {
    title: `rel ${label}`,
    category: 'dress',
    images,
    description: '<p>reliability</p>',
    variants: [{ size: 'M', color: '黑色', sku, price: 19_900, originalPrice: 29_900, stock: 5 }],
  };
}

export interface ProductDetail {
  id: number;
  title: string;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `work` over `items` with at most `limit` at a time; answers the results in order. */
export async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** `p`th percentile of ascending `sorted` (nearest rank), NaN when empty. */
export const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
