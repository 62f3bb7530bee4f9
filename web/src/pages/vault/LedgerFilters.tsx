import { type LedgerListQuery, ledgerKindValues, ledgerStateValues } from '@dc/contract';
import { Button, DatePicker, Form, Input, InputNumber } from 'antd';
import type { Dayjs } from 'dayjs';
import { AllOptionSelect } from '../../components/AllOptionSelect.tsx';
import { useT } from '../../locales/index.ts';
import { kindLabel, stateLabel } from './labels.ts';
import { yuanTextToFen } from './money-input.ts';

export type LedgerFilterValues = Pick<
  LedgerListQuery,
  'kind' | 'state' | 'dateFrom' | 'dateTo' | 'amountMin' | 'amountMax' | 'keyword'
>;

interface FormValues {
  kind?: LedgerFilterValues['kind'];
  state?: LedgerFilterValues['state'];
  dates?: [Dayjs, Dayjs] | null;
  amountMin?: string | null;
  amountMax?: string | null;
  keyword?: string;
}

const toFilters = (values: FormValues): LedgerFilterValues => ({
  kind: values.kind ?? undefined,
  state: values.state ?? undefined,
  dateFrom: values.dates?.[0]?.format('YYYY-MM-DD'),
  dateTo: values.dates?.[1]?.format('YYYY-MM-DD'),
  amountMin: yuanTextToFen(values.amountMin),
  amountMax: yuanTextToFen(values.amountMax),
  keyword: values.keyword?.trim() || undefined,
});

/** Type, state, business-day range, amount range (yuan, two decimals) and keyword. */
export function LedgerFilters({ onChange }: { onChange(filters: LedgerFilterValues): void }) {
  const t = useT();
  const [form] = Form.useForm<FormValues>();
  return (
    <Form
      form={form}
      layout="inline"
      style={{ rowGap: 12 }}
      onFinish={(values) => onChange(toFilters(values))}
      aria-label={t('vault.filter.search')}
    >
      <Form.Item name="kind">
        <AllOptionSelect
          name={t('vault.filter.kind')}
          aria-label={t('vault.filter.kind')}
          style={{ width: 140 }}
          options={ledgerKindValues.map((kind) => ({ value: kind, label: t(kindLabel(kind)) }))}
        />
      </Form.Item>
      <Form.Item name="state">
        <AllOptionSelect
          name={t('vault.filter.state')}
          aria-label={t('vault.filter.state')}
          style={{ width: 140 }}
          options={ledgerStateValues.map((state) => ({ value: state, label: t(stateLabel(state)) }))}
        />
      </Form.Item>
      <Form.Item name="dates">
        <DatePicker.RangePicker aria-label={t('vault.filter.dates')} />
      </Form.Item>
      <Form.Item name="amountMin">
        <InputNumber<string>
          stringMode
          precision={2}
          placeholder={t('vault.filter.amountMin')}
          aria-label={t('vault.filter.amountMin')}
          style={{ width: 120 }}
        />
      </Form.Item>
      <Form.Item name="amountMax">
        <InputNumber<string>
          stringMode
          precision={2}
          placeholder={t('vault.filter.amountMax')}
          aria-label={t('vault.filter.amountMax')}
          style={{ width: 120 }}
        />
      </Form.Item>
      <Form.Item name="keyword">
        <Input
          allowClear
          placeholder={t('vault.filter.keyword')}
          aria-label={t('vault.filter.keyword')}
          maxLength={64}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit">
          {t('vault.filter.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          onClick={() => {
            form.resetFields();
            onChange({});
          }}
        >
          {t('vault.filter.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
