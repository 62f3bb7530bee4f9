import type { NotificationQuality, NotificationStatusFilter, NotificationType } from '@dc/contract';
import type { GlobalToken } from 'antd';
import type { MessageKey } from '../../locales/index.ts';

export const typeLabels: Record<NotificationType, MessageKey> = {
  contract: 'notifications.type.contract',
  invoice: 'notifications.type.invoice',
  meeting: 'notifications.type.meeting',
};

export const qualityLabels: Record<NotificationQuality, MessageKey> = {
  high: 'notifications.quality.high',
  middle: 'notifications.quality.middle',
  low: 'notifications.quality.low',
};

export const statusFilterLabels: Record<NotificationStatusFilter, MessageKey> = {
  all: 'notifications.status.all',
  unread: 'notifications.status.unread',
  read: 'notifications.status.read',
};

export type QualityPalette = Pick<GlobalToken, 'colorPrimary' | 'colorWarning' | 'colorError'>;

/**
 * Spec section 4, priority colours: low primary, middle warning, high danger. Taken from the
 * theme, so "primary" follows the brand colour the user picked.
 */
export function qualityColor(quality: NotificationQuality, palette: QualityPalette): string {
  if (quality === 'high') return palette.colorError;
  if (quality === 'middle') return palette.colorWarning;
  return palette.colorPrimary;
}

/**
 * The tint a priority tag is drawn on: the theme's own background for that colour, which the
 * console's tokens keep at 4.5:1 with it in both themes. (antd's Tag mixes a custom colour with
 * white, light theme or dark: #D89614 on #FDF6E8 read 2.35:1.)
 */
export function qualityTint(
  quality: NotificationQuality,
  palette: Pick<GlobalToken, 'colorPrimaryBg' | 'colorWarningBg' | 'colorErrorBg'>,
): string {
  if (quality === 'high') return palette.colorErrorBg;
  if (quality === 'middle') return palette.colorWarningBg;
  return palette.colorPrimaryBg;
}
