import { VAULT_RANGE_MAX_DAYS } from '@dc/contract';
import { DatePicker, type GetRef } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../locales/index.ts';
import type { StatisticsRange } from './service.ts';

export const DAY = 'YYYY-MM-DD';

export interface RangeFieldProps {
  range: StatisticsRange;
  onRange(range: StatisticsRange): void;
  /** Opened (and focused) as it mounts: it replaced its stand-in at the visitor's touch. */
  openAtMount?: boolean;
}

/** The statistics range: antd's range picker, at most a year (as the server allows), with presets. */
export default function RangeField({ range, onRange, openAtMount = false }: RangeFieldProps) {
  const t = useT();
  const [open, setOpen] = useState(openAtMount);
  const picker = useRef<GetRef<typeof DatePicker.RangePicker>>(null);
  useEffect(() => {
    if (openAtMount) picker.current?.focus();
  }, [openAtMount]);
  const tooLong = (current: Dayjs, info: { from?: Dayjs }) =>
    current.isAfter(dayjs(), 'day') ||
    (info.from !== undefined && Math.abs(current.diff(info.from, 'day')) >= VAULT_RANGE_MAX_DAYS);
  return (
    <DatePicker.RangePicker
      ref={picker}
      open={open}
      onOpenChange={setOpen}
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
  );
}
