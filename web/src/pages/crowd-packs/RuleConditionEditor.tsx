import { DeleteOutlined } from '@ant-design/icons';
import {
  fanGenders,
  fanMeasurementKeys,
  fanSources,
  productCategories,
  type RuleCondition,
  type RuleField,
  ruleFields,
  wardrobeCategories,
} from '@dc/contract';
import {
  Button,
  DatePicker,
  Flex,
  Input,
  InputNumber,
  Select,
  type SelectProps,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import type { ComponentType, CSSProperties, ReactNode } from 'react';
import { usePhone } from '../../layout/use-phone.ts';
import { useT } from '../../locales/index.ts';
import { FanTagSelect } from '../fans/FanTagSelect.tsx';
import { ImpressionSelect } from '../impressions/ImpressionSelect.tsx';
import { UnfinishedNote } from './UnfinishedNote.tsx';
import { useCityOptions, useCourseOptions, useProductOptions } from './use-pack-names.ts';

export interface RuleConditionEditorProps {
  condition: RuleCondition;
  /** Fans this condition matches on its own (live count), when known. */
  count?: number;
  error?: string;
  /** Not filled in yet: said under it, and it is left out of the live count. */
  unfinished?: boolean;
  onChange(next: RuleCondition): void;
  onFieldChange(field: RuleField): void;
  onRemove(): void;
}

/**
 * Inputs of one value joined into one control on a desktop. On a phone they wrap side by side
 * instead: a nested group leaves under 300 px, and a joined pair (an operator and a picker, a
 * range) ran past the group's edge.
 */
function Joined({ children }: { children: ReactNode }) {
  const phone = usePhone();
  return phone ? (
    <Flex gap={8} wrap style={{ width: '100%' }}>
      {children}
    </Flex>
  ) : (
    <Space.Compact>{children}</Space.Compact>
  );
}

/** A picker's width: at least `min` px on a desktop; the row's whole width on a phone. */
function usePickerWidth(): (min: number) => CSSProperties {
  const phone = usePhone();
  return (min) => (phone ? { width: '100%' } : { minWidth: min });
}

const numberOrNull = (value: number | string | null) =>
  value === null || value === '' ? null : Number(value);

/** One condition: field → operator → typed value, with its own live count beside it. */
export function RuleConditionEditor({
  condition,
  count,
  error,
  unfinished = false,
  onChange,
  onFieldChange,
  onRemove,
}: RuleConditionEditorProps) {
  const t = useT();
  return (
    <Flex vertical gap={4} data-testid="rule-condition">
      <Flex gap={8} align="center" wrap>
        <Select<RuleField>
          aria-label={t('crowdPacks.condition.field')}
          style={{ width: 150 }}
          value={condition.field}
          options={ruleFields.map((field) => ({ value: field, label: t(`crowdPacks.field.${field}`) }))}
          onChange={onFieldChange}
          data-testid="rule-field"
        />
        <ValueEditor condition={condition} onChange={onChange} />
        <Tag color={count === undefined ? 'default' : 'processing'} data-testid="rule-node-count">
          {count === undefined ? '—' : t('crowdPacks.people', { count: count.toLocaleString() })}
        </Tag>
        <Tooltip title={t('crowdPacks.condition.remove')}>
          <Button
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('crowdPacks.condition.remove')}
            onClick={onRemove}
          />
        </Tooltip>
      </Flex>
      {error ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {error}
        </Typography.Text>
      ) : (
        unfinished && <UnfinishedNote text={t('crowdPacks.live.unfinishedCondition')} />
      )}
    </Flex>
  );
}

function RangeInputs({
  min,
  max,
  onChange,
  scale = 1,
  step = 1,
}: {
  min: number | null;
  max: number | null;
  onChange(min: number | null, max: number | null): void;
  /** Wire units per displayed unit (100 for yuan shown, fen sent). */
  scale?: number;
  step?: number;
}) {
  const t = useT();
  const shown = (value: number | null) => (value === null ? null : value / scale);
  const sent = (value: number | string | null) => {
    const n = numberOrNull(value);
    return n === null ? null : Math.round(n * scale);
  };
  return (
    <Joined>
      <InputNumber
        placeholder={t('crowdPacks.value.min')}
        aria-label={t('crowdPacks.value.min')}
        min={0}
        step={step}
        value={shown(min)}
        onChange={(value) => onChange(sent(value), max)}
        style={{ width: 110 }}
      />
      <InputNumber
        placeholder={t('crowdPacks.value.max')}
        aria-label={t('crowdPacks.value.max')}
        min={0}
        step={step}
        value={shown(max)}
        onChange={(value) => onChange(min, sent(value))}
        style={{ width: 110 }}
      />
    </Joined>
  );
}

/** "Within N days" for a condition on what the fan bought; an emptied field counts as one day. */
function WithinDaysInput({
  days,
  onChange,
  'data-testid': testId,
}: {
  days: number;
  onChange(days: number): void;
  'data-testid'?: string;
}) {
  const t = useT();
  return (
    <InputNumber
      aria-label={t('crowdPacks.value.days')}
      min={1}
      max={3650}
      value={days}
      prefix={t('crowdPacks.op.withinDays').replace(/ ?N.*$/, '')}
      suffix={t('crowdPacks.value.days')}
      onChange={(value) => onChange(Number(value ?? 1))}
      style={{ width: 170 }}
      data-testid={testId}
    />
  );
}

/** A condition on a set the fan has (tags, impressions): how it must meet the chosen ones, and which. */
function SetMatchInputs<Op extends 'any' | 'all' | 'none'>({
  ops,
  op,
  picker: Picker,
  ids,
  onChange,
}: {
  ops: readonly Op[];
  op: Op;
  picker: ComponentType<Omit<SelectProps<number[]>, 'options' | 'mode'>>;
  ids: number[];
  onChange(op: Op, ids: number[]): void;
}) {
  const t = useT();
  const pickerWidth = usePickerWidth();
  return (
    <Joined>
      <Select
        aria-label={t('crowdPacks.condition.op')}
        style={{ width: 100 }}
        value={op}
        options={ops.map((value) => ({ value, label: t(`crowdPacks.op.${value}`) }))}
        onChange={(next) => onChange(next, ids)}
      />
      <Picker
        aria-label={t('crowdPacks.condition.value')}
        style={pickerWidth(220)}
        placeholder={t('crowdPacks.value.choose')}
        value={ids}
        onChange={(next) => onChange(op, next)}
      />
    </Joined>
  );
}

function ValueEditor({
  condition,
  onChange,
}: {
  condition: RuleCondition;
  onChange(next: RuleCondition): void;
}) {
  const t = useT();
  const cities = useCityOptions();
  const products = useProductOptions();
  const courses = useCourseOptions();
  const pickerWidth = usePickerWidth();
  const phoneRow = usePhone() ? { width: '100%' } : undefined;
  let editor: ReactNode;
  switch (condition.field) {
    case 'gender':
    case 'source': {
      const options =
        condition.field === 'gender'
          ? fanGenders.map((v) => ({ value: v, label: t(`fans.gender.${v}`) }))
          : fanSources.map((v) => ({ value: v, label: t(`fans.source.${v}`) }));
      editor = (
        <Select<string[]>
          aria-label={t('crowdPacks.condition.value')}
          mode="multiple"
          style={pickerWidth(220)}
          placeholder={t('crowdPacks.value.choose')}
          value={condition.values}
          options={options}
          onChange={(values) => onChange({ ...condition, values } as RuleCondition)}
          data-testid="rule-values"
        />
      );
      break;
    }
    case 'city':
      editor = (
        <Select<string[]>
          aria-label={t('crowdPacks.condition.value')}
          mode="multiple"
          showSearch
          optionFilterProp="label"
          style={pickerWidth(260)}
          placeholder={t('crowdPacks.value.choose')}
          loading={cities.isPending}
          value={condition.values}
          options={cities.data ?? []}
          onChange={(values) => onChange({ ...condition, values })}
        />
      );
      break;
    case 'age':
    case 'orderCount':
      editor = (
        <RangeInputs
          min={condition.min}
          max={condition.max}
          onChange={(min, max) => onChange({ ...condition, min, max })}
        />
      );
      break;
    case 'totalSpent':
      editor = (
        <RangeInputs
          min={condition.min}
          max={condition.max}
          scale={100}
          step={100}
          onChange={(min, max) => onChange({ ...condition, min, max })}
        />
      );
      break;
    case 'followedAt':
    case 'lastActiveAt':
      editor = (
        <Joined>
          <Select
            aria-label={t('crowdPacks.condition.op')}
            style={{ width: 150 }}
            value={condition.op}
            options={[
              { value: 'withinDays', label: t('crowdPacks.op.withinDays') },
              { value: 'between', label: t('crowdPacks.op.betweenDates') },
            ]}
            onChange={(op) => {
              const today = dayjs().format('YYYY-MM-DD');
              onChange(
                op === 'withinDays'
                  ? { type: 'condition', field: condition.field, op, days: 30 }
                  : { type: 'condition', field: condition.field, op: 'between', from: today, to: today },
              );
            }}
          />
          {condition.op === 'withinDays' ? (
            <InputNumber
              aria-label={t('crowdPacks.value.days')}
              min={1}
              max={3650}
              value={condition.days}
              suffix={t('crowdPacks.value.days')}
              onChange={(days) => onChange({ ...condition, days: Number(days ?? 1) })}
              style={{ width: 120 }}
              data-testid="rule-days"
            />
          ) : (
            <DatePicker.RangePicker
              value={[dayjs(condition.from), dayjs(condition.to)]}
              allowClear={false}
              onChange={(range) => {
                if (range?.[0] && range[1]) {
                  onChange({
                    ...condition,
                    from: range[0].format('YYYY-MM-DD'),
                    to: range[1].format('YYYY-MM-DD'),
                  });
                }
              }}
            />
          )}
        </Joined>
      );
      break;
    case 'purchase':
      editor = (
        <Flex gap={8} wrap style={phoneRow}>
          <WithinDaysInput days={condition.days} onChange={(days) => onChange({ ...condition, days })} />
          <Select<number[]>
            mode="multiple"
            allowClear
            style={pickerWidth(180)}
            placeholder={t('crowdPacks.value.anyProduct')}
            loading={products.isPending}
            value={condition.productIds}
            options={products.data?.dataList.map((p) => ({ value: p.id, label: p.title })) ?? []}
            optionFilterProp="label"
            onChange={(productIds) => onChange({ ...condition, productIds })}
          />
          <Select<string[]>
            mode="multiple"
            allowClear
            style={pickerWidth(160)}
            placeholder={t('crowdPacks.value.categories')}
            value={condition.categories}
            options={productCategories.map((c) => ({ value: c, label: t(`crowdPacks.wardrobe.${c}`) }))}
            onChange={(categories) => onChange({ ...condition, categories } as RuleCondition)}
          />
        </Flex>
      );
      break;
    case 'coursePurchase':
      editor = (
        <Flex gap={8} wrap style={phoneRow}>
          <WithinDaysInput
            days={condition.days}
            onChange={(days) => onChange({ ...condition, days })}
            data-testid="rule-days"
          />
          <Select<number[]>
            mode="multiple"
            allowClear
            style={pickerWidth(220)}
            placeholder={t('crowdPacks.value.anyCourse')}
            loading={courses.isPending}
            value={condition.courseIds}
            options={courses.data?.dataList.map((c) => ({ value: c.id, label: c.title })) ?? []}
            optionFilterProp="label"
            onChange={(courseIds) => onChange({ ...condition, courseIds })}
            data-testid="rule-courses"
          />
        </Flex>
      );
      break;
    case 'tags':
      editor = (
        <SetMatchInputs
          ops={['any', 'all', 'none'] as const}
          op={condition.op}
          picker={FanTagSelect}
          ids={condition.tagIds}
          onChange={(op, tagIds) => onChange({ ...condition, op, tagIds })}
        />
      );
      break;
    case 'impression':
      editor = (
        <SetMatchInputs
          ops={['any', 'none'] as const}
          op={condition.op}
          picker={ImpressionSelect}
          ids={condition.impressionIds}
          onChange={(op, impressionIds) => onChange({ ...condition, op, impressionIds })}
        />
      );
      break;
    case 'measurement':
      editor = (
        <Joined>
          <Select
            aria-label={t('crowdPacks.condition.value')}
            style={{ width: 130 }}
            value={condition.key}
            options={fanMeasurementKeys.map((key) => ({ value: key, label: t(`crowdPacks.measure.${key}`) }))}
            onChange={(key) => onChange({ ...condition, key })}
          />
          <RangeInputs
            min={condition.min}
            max={condition.max}
            step={0.5}
            onChange={(min, max) => onChange({ ...condition, min, max })}
          />
        </Joined>
      );
      break;
    case 'wardrobe':
      editor = (
        <Joined>
          <Select
            aria-label={t('crowdPacks.condition.value')}
            allowClear
            style={{ width: 130 }}
            placeholder={t('crowdPacks.value.category')}
            value={condition.category ?? undefined}
            options={wardrobeCategories.map((c) => ({ value: c, label: t(`crowdPacks.wardrobe.${c}`) }))}
            onChange={(category) => onChange({ ...condition, category: category ?? null })}
          />
          <Input
            style={{ width: 100 }}
            placeholder={t('crowdPacks.value.size')}
            maxLength={8}
            value={condition.size ?? ''}
            onChange={(event) =>
              onChange({ ...condition, size: event.target.value.trim() === '' ? null : event.target.value })
            }
          />
        </Joined>
      );
      break;
  }
  return editor;
}
