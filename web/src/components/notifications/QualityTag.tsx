import type { NotificationQuality } from '@dc/contract';
import { Tag, theme } from 'antd';
import { useT } from '../../locales/index.ts';
import { qualityColor, qualityLabels, qualityTint } from './labels.ts';

/** A notification's priority as a tag in the spec's colours (section 4). */
export function QualityTag({ quality }: { quality: NotificationQuality }) {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <Tag
      variant="outlined"
      data-quality={quality}
      style={{
        marginInlineEnd: 0,
        color: qualityColor(quality, token),
        background: qualityTint(quality, token),
        borderColor: qualityColor(quality, token),
      }}
    >
      {t(qualityLabels[quality])}
    </Tag>
  );
}
