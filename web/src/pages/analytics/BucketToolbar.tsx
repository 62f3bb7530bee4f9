import { type DateType, dateTypeValues } from '@dc/contract';
import { Flex, Segmented } from 'antd';
import { useT } from '../../locales/index.ts';

export interface BucketToolbarProps<T extends string> {
  types: readonly T[];
  type: T;
  typeLabel(type: T): string;
  dateType: DateType;
  onChange(type: T, dateType: DateType): void;
}

/** The list's item type and its grouping (day / week / month / year), both in the address. */
export function BucketToolbar<T extends string>({
  types,
  type,
  typeLabel,
  dateType,
  onChange,
}: BucketToolbarProps<T>) {
  const t = useT();
  return (
    <Flex gap={12} wrap>
      <Segmented<T>
        value={type}
        onChange={(next) => onChange(next, dateType)}
        options={types.map((value) => ({ value, label: typeLabel(value) }))}
      />
      <Segmented<DateType>
        aria-label={t('analytics.dateType')}
        value={dateType}
        onChange={(next) => onChange(type, next)}
        options={dateTypeValues.map((value) => ({ value, label: t(`analytics.dateType.${value}`) }))}
      />
    </Flex>
  );
}

export const isDateType = (value: string | undefined): value is DateType =>
  (dateTypeValues as readonly string[]).includes(value ?? '');

/** A bucket as a range (`2025-03-01 ~ 2025-03-31`), or one day. */
export const bucketLabel = (row: { bucket: string; bucketEnd: string }) =>
  row.bucket === row.bucketEnd ? row.bucket : `${row.bucket} ~ ${row.bucketEnd}`;
