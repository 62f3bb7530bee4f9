import { Flex, Typography, theme } from 'antd';
import type { CSSProperties } from 'react';
import { useT } from '../locales/index.ts';
import type { Settings } from '../stores/settings.ts';

type NavigationLayout = Settings['layout'];

const LAYOUTS: readonly NavigationLayout[] = ['side', 'top', 'mix'];
const THUMB_WIDTH = 72;
const THUMB_HEIGHT = 52;
const BAR = 10;

/** A miniature of one layout: where the navigation (brand colour) sits around the page. */
function Thumbnail({
  layout,
  navColor,
  pageColor,
}: {
  layout: NavigationLayout;
  navColor: string;
  pageColor: string;
}) {
  const frame: CSSProperties = {
    position: 'relative',
    display: 'block',
    width: THUMB_WIDTH,
    height: THUMB_HEIGHT,
    background: pageColor,
    borderRadius: 4,
    overflow: 'hidden',
  };
  const block = (style: CSSProperties) => (
    <span style={{ position: 'absolute', background: navColor, ...style }} />
  );
  return (
    <span style={frame} aria-hidden>
      {layout !== 'side' && block({ insetInline: 0, top: 0, height: BAR })}
      {layout === 'side' && block({ insetBlock: 0, left: 0, width: 16 })}
      {layout === 'side' && block({ top: 0, left: 16, right: 0, height: BAR, opacity: 0.35 })}
      {layout === 'mix' && block({ top: BAR, bottom: 0, left: 0, width: 16, opacity: 0.5 })}
    </span>
  );
}

/** The navigation layout as three pictures to pick from: side, top, mix (spec section 2). */
export function LayoutChoice({
  value,
  onChange,
}: {
  value: NavigationLayout;
  onChange(layout: NavigationLayout): void;
}) {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <Flex gap={12} role="group" aria-label={t('settings.navigationLayout')}>
      {LAYOUTS.map((layout) => {
        const selected = layout === value;
        return (
          <Flex key={layout} vertical align="center" gap={6}>
            <button
              type="button"
              aria-pressed={selected}
              aria-label={t(`settings.layout.${layout}`)}
              onClick={() => onChange(layout)}
              style={{
                padding: 3,
                cursor: 'pointer',
                background: 'transparent',
                borderRadius: 6,
                border: `2px solid ${selected ? token.colorPrimary : token.colorBorderSecondary}`,
                lineHeight: 0,
              }}
            >
              <Thumbnail layout={layout} navColor={token.colorPrimary} pageColor={token.colorFillSecondary} />
            </button>
            <Typography.Text type={selected ? undefined : 'secondary'} style={{ fontSize: 12 }}>
              {t(`settings.layout.${layout}`)}
            </Typography.Text>
          </Flex>
        );
      })}
    </Flex>
  );
}
