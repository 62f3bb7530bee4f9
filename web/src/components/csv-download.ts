import { useLanguage } from '../locales/index.ts';
import { readStoredToken } from '../stores/session.ts';

/**
 * Downloads a server's streamed CSV at `url` with `query` (undefined and empty values left out).
 * The session token goes in a header, never in a URL that could land in logs or history; the
 * file is saved from a blob under the server's name, or `fallbackName`.
 */
export async function downloadCsvFile(url: string, query: object, fallbackName: string): Promise<void> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const token = readStoredToken();
  const response = await fetch(`${url}?${params}`, {
    headers: { ...(token ? { authToken: token } : {}), 'Accept-Language': useLanguage.getState().language },
  });
  if (!response.ok) throw new Error(`export failed: HTTP ${response.status}`);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const blobUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = blobUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(blobUrl), 10_000);
}
