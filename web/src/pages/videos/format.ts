import { type VideoCategoryKey, type VideoStatus, videoCategoryKeys } from '@dc/contract';
import type { MessageKey, Translate } from '../../locales/index.ts';

/** `12.3 MB`, `1.05 GB`: binary units, as file managers show sizes. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2)} ${units[unit]}`;
}

/** `m:ss` or `h:mm:ss`. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export const categoryKey = (key: VideoCategoryKey): MessageKey => `shortVideo.category.${key}`;

export const categoryOptions = (t: Translate) =>
  videoCategoryKeys.map((key, index) => ({ value: index + 1, label: t(categoryKey(key)) }));

export const categoryLabel = (t: Translate, cateId: number | null): string => {
  const key = cateId ? videoCategoryKeys[cateId - 1] : undefined;
  return key ? t(categoryKey(key)) : '—';
};

export const STATUS_COLORS: Record<VideoStatus, string> = {
  uploading: 'processing',
  processing: 'warning',
  published: 'success',
  offline: 'default',
  failed: 'error',
};

export const statusKey = (status: VideoStatus): MessageKey => `shortVideo.status.${status}`;
