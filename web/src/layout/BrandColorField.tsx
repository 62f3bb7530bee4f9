import { BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import { BRAND_COLOR_PRESETS } from '@dc/contract';
import { Button, ColorPicker, type ColorPickerProps, Flex, Typography, theme } from 'antd';
import { type CSSProperties, useMemo } from 'react';
import { useResolvedTheme } from '../app/theme.ts';
import { brandNeedsAdjusting, readableBrandColor } from '../app/theme-tokens.ts';
import { useT } from '../locales/index.ts';

const SWATCH_SIZE = 28;

type PickedColor = Parameters<NonNullable<ColorPickerProps['onChangeComplete']>>[0];

const sameColor = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** `#RRGGBB` of a picked colour; the picker has alpha disabled, so any alpha digits are dropped. */
export const hexOfPicked = (color: PickedColor) => color.toHexString().slice(0, 7).toUpperCase();

function swatchStyle(background: string, selected: boolean, ring: string): CSSProperties {
  return {
    width: SWATCH_SIZE,
    height: SWATCH_SIZE,
    padding: 0,
    borderRadius: 6,
    border: 'none',
    background,
    color: '#fff',
    cursor: 'pointer',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    // A ring rather than a border, so the selected swatch keeps its size.
    boxShadow: selected ? `0 0 0 2px ${ring}` : 'none',
    outlineOffset: 2,
  };
}

/** The brand colour: the eight presets of spec section 2 as swatch buttons, or a custom colour. */
export function BrandColorField({ value, onChange }: { value: string; onChange(color: string): void }) {
  const t = useT();
  const { token } = theme.useToken();
  const isCustom = !BRAND_COLOR_PRESETS.some((preset) => sameColor(preset, value));
  // The colour the console draws with: a colour that does not read on the theme's background
  // is darkened (light theme) or lightened (dark theme) until it does; the field says so.
  const { isDark } = useResolvedTheme();
  const shown = useMemo(
    () => (brandNeedsAdjusting(value, isDark) ? readableBrandColor(value, isDark) : undefined),
    [value, isDark],
  );

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" role="group" aria-label={t('settings.brandColor')}>
        {BRAND_COLOR_PRESETS.map((preset) => {
          const selected = sameColor(preset, value);
          return (
            <button
              key={preset}
              type="button"
              aria-label={t('settings.brandPreset', { color: preset })}
              aria-pressed={selected}
              style={swatchStyle(preset, selected, token.colorTextSecondary)}
              onClick={() => onChange(preset)}
            >
              {selected && <CheckOutlined />}
            </button>
          );
        })}
      </Flex>
      <ColorPicker
        value={value}
        format="hex"
        disabledAlpha
        disabledFormat
        onChangeComplete={(color) => onChange(hexOfPicked(color))}
      >
        <Button
          aria-label={t('settings.customColor')}
          aria-pressed={isCustom}
          data-testid="custom-brand-color"
          icon={
            <span
              style={{
                ...swatchStyle(isCustom ? value : token.colorFillSecondary, false, token.colorTextSecondary),
                width: 16,
                height: 16,
                borderRadius: 4,
                color: token.colorTextSecondary,
                fontSize: 10,
              }}
            >
              {!isCustom && <BgColorsOutlined />}
            </span>
          }
          style={{ alignSelf: 'flex-start', ...(isCustom ? { borderColor: token.colorPrimary } : {}) }}
        >
          {t('settings.customColor')}
          {isCustom && <Typography.Text type="secondary">{value}</Typography.Text>}
        </Button>
      </ColorPicker>
      {shown && (
        <Typography.Text type="secondary" role="status" data-testid="brand-color-adjusted">
          {t('settings.brandAdjusted', { color: value.toUpperCase(), shown })}
        </Typography.Text>
      )}
    </Flex>
  );
}
