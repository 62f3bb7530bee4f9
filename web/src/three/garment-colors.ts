/**
 * The boutique's colour names (contract COMMON_COLORS, and a few more) as sRGB hex, so the
 * viewer can dye a model's `garment` material in the colour of the look's first product. A name
 * not in the table leaves the garment as modelled.
 */
const COLORS: Readonly<Record<string, string>> = {
  黑色: '#1f1f1f',
  白色: '#f4f4f2',
  米白: '#efe8da',
  藏青: '#1d2a4a',
  酒红: '#7b1e2e',
  墨绿: '#1f3d2f',
  浅灰: '#bfbfbf',
  杏色: '#e9cfa9',
  雾蓝: '#8ea6c4',
  卡其: '#b49a6a',
  红色: '#b3202a',
  粉色: '#e8a0b4',
  蓝色: '#2f5fa8',
  绿色: '#3a7d44',
  黄色: '#e3c14b',
  紫色: '#6c4a9e',
  灰色: '#8c8c8c',
  棕色: '#6b4a2f',
};

export function garmentColor(name: string | null | undefined): string | null {
  if (!name) return null;
  if (/^#[0-9a-f]{6}$/i.test(name)) return name;
  return COLORS[name.trim()] ?? null;
}
