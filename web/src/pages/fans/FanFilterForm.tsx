import {
  cityCascaderOptions,
  type FanFilterValue,
  fanGenders,
  fanSources,
  loadRegions,
  regionsLoaded,
} from '@dc/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Cascader, Col, DatePicker, Flex, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useT } from '../../locales/index.ts';
import { FanTagSelect } from './FanTagSelect.tsx';
import { compactFilter } from './filters.ts';

interface Values {
  keyword?: string;
  tagsAny?: number[];
  tagsAll?: number[];
  tagsNone?: number[];
  source?: FanFilterValue['source'];
  gender?: FanFilterValue['gender'];
  ageMin?: number | null;
  ageMax?: number | null;
  city?: string[][];
  spentMin?: number | null;
  spentMax?: number | null;
  followed?: [Dayjs, Dayjs] | null;
  active?: [Dayjs, Dayjs] | null;
}

const DAY = 'YYYY-MM-DD';
const yuanToFen = (yuan: number | null | undefined) =>
  yuan === null || yuan === undefined ? undefined : Math.round(yuan * 100);
const orUndefined = (value: number | null | undefined) => (value === null ? undefined : value);

function toFilter(values: Values): FanFilterValue {
  return compactFilter({
    keyword: values.keyword?.trim() || undefined,
    tagsAny: values.tagsAny,
    tagsAll: values.tagsAll,
    tagsNone: values.tagsNone,
    source: values.source,
    gender: values.gender,
    ageMin: orUndefined(values.ageMin),
    ageMax: orUndefined(values.ageMax),
    city: values.city?.map((path) => path[path.length - 1]!).filter(Boolean),
    spentMin: yuanToFen(values.spentMin),
    spentMax: yuanToFen(values.spentMax),
    followedFrom: values.followed?.[0]?.format(DAY),
    followedTo: values.followed?.[1]?.format(DAY),
    activeFrom: values.active?.[0]?.format(DAY),
    activeTo: values.active?.[1]?.format(DAY),
  });
}

function toValues(filter: FanFilterValue): Values {
  const range = (from?: string, to?: string) =>
    from && to ? ([dayjs(from), dayjs(to)] as [Dayjs, Dayjs]) : null;
  return {
    ...filter,
    keyword: filter.keyword,
    city: filter.city?.map((code) => [`${code.slice(0, 2)}0000`, code]),
    spentMin: filter.spentMin === undefined ? undefined : filter.spentMin / 100,
    spentMax: filter.spentMax === undefined ? undefined : filter.spentMax / 100,
    followed: range(filter.followedFrom, filter.followedTo),
    active: range(filter.activeFrom, filter.activeTo),
  } as Values;
}

/** Two number fields under one label, from and to; "to" may not be below "from". */
function NumberRangeItem({
  label,
  minName,
  maxName,
  bounds,
}: {
  label: string;
  minName: keyof Values;
  maxName: keyof Values;
  bounds: { min: number; max?: number; precision: number };
}) {
  const t = useT();
  const notBelowMin = ({ getFieldValue }: { getFieldValue(name: keyof Values): unknown }) => ({
    validator(_: unknown, value: number | null | undefined) {
      const min = getFieldValue(minName) as number | null | undefined;
      if (value === null || value === undefined || min === null || min === undefined || min <= value)
        return Promise.resolve();
      return Promise.reject(new Error(t('fans.filter.rangeInvalid')));
    },
  });
  return (
    <Form.Item label={label} style={{ marginBottom: 0 }}>
      <Space.Compact block>
        <Form.Item name={minName} noStyle>
          <InputNumber {...bounds} placeholder={t('fans.filter.min')} style={{ width: '50%' }} />
        </Form.Item>
        <Form.Item name={maxName} noStyle dependencies={[minName]} rules={[notBelowMin]}>
          <InputNumber {...bounds} placeholder={t('fans.filter.max')} style={{ width: '50%' }} />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}

/** The fan list's filters (issue 7 item 5); the common ones first, the rest behind "more". */
export function FanFilterForm({
  filter,
  onChange,
}: {
  filter: FanFilterValue;
  onChange(filter: FanFilterValue): void;
}) {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const [expanded, setExpanded] = useState(
    Object.keys(filter).some((key) => !['keyword', 'tagsAny', 'source'].includes(key)),
  );
  const regions = useQuery({
    queryKey: ['regions'],
    queryFn: async () => {
      if (!regionsLoaded()) await loadRegions();
      return cityCascaderOptions();
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const col = { xs: 24, md: 12, xl: 8 };
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      data-testid="fan-filter-form"
      initialValues={toValues(filter)}
      onFinish={(values) => onChange(toFilter(values))}
    >
      <Row gutter={16}>
        <Col {...col}>
          <Form.Item name="keyword" label={t('fans.filter.keyword')}>
            <Input allowClear maxLength={32} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="tagsAny" label={t('fans.filter.tagsAny')}>
            <FanTagSelect aria-label={t('fans.filter.tagsAny')} placeholder={t('common.all')} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="source" label={t('fans.filter.source')}>
            <Select
              mode="multiple"
              allowClear
              // Nothing chosen narrows nothing: say so (issue 17 point 6).
              placeholder={t('common.all')}
              options={fanSources.map((s) => ({ value: s, label: t(`fans.source.${s}`) }))}
            />
          </Form.Item>
        </Col>
        {expanded && (
          <>
            <Col {...col}>
              <Form.Item name="tagsAll" label={t('fans.filter.tagsAll')}>
                <FanTagSelect />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="tagsNone" label={t('fans.filter.tagsNone')}>
                <FanTagSelect />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="gender" label={t('fans.filter.gender')}>
                <Select
                  mode="multiple"
                  allowClear
                  placeholder={t('common.all')}
                  options={fanGenders.map((g) => ({ value: g, label: t(`fans.gender.${g}`) }))}
                />
              </Form.Item>
            </Col>
            <Col {...col}>
              <NumberRangeItem
                label={t('fans.filter.age')}
                minName="ageMin"
                maxName="ageMax"
                bounds={{ min: 0, max: 120, precision: 0 }}
              />
            </Col>
            <Col {...col}>
              <Form.Item name="city" label={t('fans.filter.city')}>
                <Cascader
                  multiple
                  showSearch
                  maxTagCount="responsive"
                  options={regions.data ?? []}
                  loading={regions.isPending}
                />
              </Form.Item>
            </Col>
            <Col {...col}>
              <NumberRangeItem
                label={t('fans.filter.spent')}
                minName="spentMin"
                maxName="spentMax"
                bounds={{ min: 0, precision: 2 }}
              />
            </Col>
            <Col {...col}>
              <Form.Item name="followed" label={t('fans.filter.followed')}>
                <DatePicker.RangePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="active" label={t('fans.filter.active')}>
                <DatePicker.RangePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
      <Flex gap={8} justify="flex-end">
        <Button type="link" onClick={() => setExpanded((v) => !v)}>
          {expanded ? t('fans.filter.less') : t('fans.filter.more')}
        </Button>
        {/* The page remounts the form on every filter change, so the fields follow the URL. */}
        <Button onClick={() => onChange({})}>{t('fans.filter.reset')}</Button>
        <Button type="primary" htmlType="submit">
          {t('fans.filter.search')}
        </Button>
      </Flex>
    </Form>
  );
}
