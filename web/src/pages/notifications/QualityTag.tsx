import type { NotificationQuality } from '@dc/contract';
import { Tag, theme } from 'antd';
import { useT } from '../../locales/index.ts';
import { qualityColor, qualityLabels } from './labels.ts';

/** A notification's priority as a tag in the spec's colours (section 4). */
export function QualityTag({ quality }: { quality: NotificationQuality }) {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <Tag color={qualityColor(quality, token)} data-quality={quality} style={{ marginInlineEnd: 0 }}>
      {t(qualityLabels[quality])}
    </Tag>
  );
}
