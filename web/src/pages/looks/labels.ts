import type { LookBackground, LookModel } from '@dc/contract';
import type { MessageKey, Translate } from '../../locales/index.ts';

const SHIPPED_KEYS = new Set([
  'mannequin-female',
  'mannequin-male',
  'dress-form',
  'coat-form',
  'studio-white',
  'dawn',
  'night',
  'studio-light',
]);

/** A shipped background's or model's name in the current language; a designer's own as typed. */
export function assetName(
  t: Translate,
  item: Pick<LookBackground | LookModel, 'name' | 'shippedKey'>,
): string {
  return item.shippedKey && SHIPPED_KEYS.has(item.shippedKey)
    ? t(`looks.shipped.${item.shippedKey}` as MessageKey)
    : item.name;
}

export const bytesText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
