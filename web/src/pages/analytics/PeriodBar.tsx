import { ANALYTICS_RANGE_MAX_DAYS, periodDaysValues } from '@dc/contract';
import { DatePicker, Flex, Segmented, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../locales/index.ts';
import { type PeriodChoice, periodFromSearch } from './period.ts';

const DAY = 'YYYY-MM-DD';
type Choice = number | 'custom';

/** The period of the page from the address, and a setter that keeps the other parameters. */
export function usePeriod(): [PeriodChoice, (period: PeriodChoice) => void] {
  const [search, setSearch] = useSearchParams();
  const period = periodFromSearch(search);
  const setPeriod = (next: PeriodChoice) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        for (const key of ['days', 'start', 'end', 'page']) params.delete(key);
        if ('days' in next) params.set('days', String(next.days));
        else {
          params.set('start', next.start);
          params.set('end', next.end);
        }
        return params;
      },
      { replace: true },
    );
  return [period, setPeriod];
}

export interface PeriodBarProps {
  period: PeriodChoice;
  onChange(period: PeriodChoice): void;
  computedAt?: string;
  extra?: ReactNode;
}

/** 7 / 30 / 90 / 365 days or a custom range (at most a year), the "computed at" time, actions. */
export function PeriodBar({ period, onChange, computedAt, extra }: PeriodBarProps) {
  const t = useT();
  const choice: Choice = 'days' in period ? period.days : 'custom';
  const tooLong = (current: Dayjs, info: { from?: Dayjs }) =>
    current.isAfter(dayjs(), 'day') ||
    (info.from !== undefined && Math.abs(current.diff(info.from, 'day')) >= ANALYTICS_RANGE_MAX_DAYS);
  return (
    <Flex gap={12} wrap align="center" justify="space-between">
      <Flex gap={12} wrap align="center">
        <Segmented<Choice>
          aria-label={t('analytics.period')}
          value={choice}
          onChange={(value) => {
            if (value !== 'custom') onChange({ days: value });
            else
              onChange({
                start: dayjs().subtract(29, 'day').format(DAY),
                end: dayjs().format(DAY),
              });
          }}
          options={[
            ...periodDaysValues.map((days) => ({ value: days, label: t('analytics.period.days', { days }) })),
            { value: 'custom' as const, label: t('analytics.period.custom') },
          ]}
        />
        {'start' in period && (
          <DatePicker.RangePicker
            aria-label={t('analytics.period.custom')}
            allowClear={false}
            value={[dayjs(period.start), dayjs(period.end)]}
            disabledDate={tooLong}
            onChange={(values) => {
              if (values?.[0] && values[1])
                onChange({ start: values[0].format(DAY), end: values[1].format(DAY) });
            }}
          />
        )}
      </Flex>
      <Flex gap={12} align="center" wrap>
        {computedAt && (
          <Typography.Text type="secondary" data-testid="computed-at">
            {t('analytics.computedAt', { time: computedAt })}
          </Typography.Text>
        )}
        {extra}
      </Flex>
    </Flex>
  );
}
