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
