import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import { type Granularity, granularityValues } from '@dc/contract';
import { Flex, Segmented, theme } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { useT } from '../../locales/index.ts';
import type { StatisticsRange } from './service.ts';

const DAY = 'YYYY-MM-DD';

/**
 * antd's range picker (~31 KB gzip with its calendar panels and dayjs plugins) loads when the
 * visitor reaches for it (pointer, touch, focus), or once the page has been there a while
 * (`LOAD_PICKER_AFTER_MS` after its figures arrived, on idle), not with the page: the statistics page is the console's home,
 * and a phone opening it would download the calendar within its first seconds (issue 21 item 2).
 * Until then a stand-in drawn as antd draws the picker shows the range.
 */
const RangeField = lazy(() => import('./RangeField.tsx'));
const LOAD_PICKER_AFTER_MS = 3000;

/** The last `days` business days up to today. */
export const lastDays = (days: number): StatisticsRange => ({
  start: dayjs()
    .subtract(days - 1, 'day')
    .format(DAY),
  end: dayjs().format(DAY),
});

export interface StatisticsToolbarProps {
  range: StatisticsRange;
  granularity: Granularity;
  onRange(range: StatisticsRange): void;
  onGranularity(granularity: Granularity): void;
  /** The page's figures are there: the picker loads unasked `LOAD_PICKER_AFTER_MS` later. */
  settled: boolean;
}

/** The range as antd's range picker shows it, for the moment before the picker is there. */
function RangeStandIn({ range, onIntent }: { range: StatisticsRange; onIntent?: () => void }) {
  const t = useT();
  const { token } = theme.useToken();
  const input = { width: 105, textAlign: 'start' } as const;
  return (
    <button
      type="button"
      data-testid="range-stand-in"
      onPointerEnter={onIntent}
      onPointerDown={onIntent}
      onFocus={onIntent}
      onClick={onIntent}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: token.paddingXS,
        boxSizing: 'border-box',
        height: token.controlHeight,
        padding: `0 ${token.paddingSM - 1}px`,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
        color: token.colorText,
        font: 'inherit',
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        cursor: 'pointer',
      }}
    >
      {/* The name is the content (axe label-content-name-mismatch): the label, then the dates shown. */}
      <span style={visuallyHidden}>{t('vault.range')}</span>
      <span style={input}>{range.start}</span>
      <SwapRightOutlined
        aria-hidden
        style={{ color: token.colorTextQuaternary, fontSize: token.fontSizeLG }}
      />
      <span style={input}>{range.end}</span>
      <CalendarOutlined
        aria-hidden
        style={{ color: token.colorTextQuaternary, marginInlineStart: token.paddingXXS }}
      />
    </button>
  );
}

/** Range picker (at most a year, like the server allows) and the day / week / month switch. */
export function StatisticsToolbar({
  range,
  granularity,
  onRange,
  onGranularity,
  settled,
}: StatisticsToolbarProps) {
  const t = useT();
  // 'idle': loaded unasked; 'touch': the visitor reached for it, so it opens as it arrives.
  const [wanted, setWanted] = useState<'idle' | 'touch' | null>(null);
  useEffect(() => {
    if (wanted || !settled) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 0));
    const timer = window.setTimeout(
      () => idle(() => setWanted((now) => now ?? 'idle')),
      LOAD_PICKER_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [wanted, settled]);
  const standIn = <RangeStandIn range={range} onIntent={wanted ? undefined : () => setWanted('touch')} />;
  return (
    <Flex gap={12} wrap align="center">
      {wanted ? (
        <Suspense fallback={standIn}>
          <RangeField range={range} onRange={onRange} openAtMount={wanted === 'touch'} />
        </Suspense>
      ) : (
        standIn
      )}
      <Segmented<Granularity>
        value={granularity}
        onChange={onGranularity}
        options={granularityValues.map((value) => ({ value, label: t(`vault.granularity.${value}`) }))}
      />
    </Flex>
  );
}
