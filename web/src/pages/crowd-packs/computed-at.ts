import type { Language } from '@dc/contract';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** The instant of a wire time (business time, UTC+8, `YYYY-MM-DD HH:mm:ss`). */
export const instantOfWire = (wire: string) => dayjs(`${wire.replace(' ', 'T')}+08:00`);

/**
 * How long ago `wire` was, in the language ("3 小时前", "3 hours ago"); "just now" rather than a
 * time in the future when the browser's clock runs a little behind the server's.
 */
export function agoText(wire: string, language: Language, now = dayjs()): string {
  const at = instantOfWire(wire);
  return (at.isAfter(now) ? now : at).locale(language === 'zh-CN' ? 'zh-cn' : 'en').from(now);
}
