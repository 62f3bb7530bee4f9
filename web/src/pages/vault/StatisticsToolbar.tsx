import { type Granularity, granularityValues, VAULT_RANGE_MAX_DAYS } from '@dc/contract';
import { DatePicker, Flex, Segmented } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useT } from '../../locales/index.ts';
import type { StatisticsRange } from './service.ts';

const DAY = 'YYYY-MM-DD';

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
}

/** Range picker (at most a year, like the server allows) and the day / week / month switch. */
export function StatisticsToolbar({ range, granularity, onRange, onGranularity }: StatisticsToolbarProps) {
  const t = useT();
  const tooLong = (current: Dayjs, info: { from?: Dayjs }) =>
    current.isAfter(dayjs(), 'day') ||
    (info.from !== undefined && Math.abs(current.diff(info.from, 'day')) >= VAULT_RANGE_MAX_DAYS);
  return (
    <Flex gap={12} wrap align="center">
      <DatePicker.RangePicker
        aria-label={t('vault.range')}
        allowClear={false}
        value={[dayjs(range.start), dayjs(range.end)]}
        disabledDate={tooLong}
        onChange={(values) => {
          if (values?.[0] && values[1]) onRange({ start: values[0].format(DAY), end: values[1].format(DAY) });
        }}
        presets={[7, 30, 90, 365].map((days) => ({
          label: `${days}d`,
          value: [dayjs().subtract(days - 1, 'day'), dayjs()] as [Dayjs, Dayjs],
        }))}
      />
      <Segmented<Granularity>
        value={granularity}
        onChange={onGranularity}
        options={granularityValues.map((value) => ({ value, label: t(`vault.granularity.${value}`) }))}
      />
    </Flex>
  );
}
