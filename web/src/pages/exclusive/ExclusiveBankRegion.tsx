import { useQuery } from '@tanstack/react-query';
import { Col, Form, type FormInstance, Row, Select } from 'antd';
import { useT } from '../../locales/index.ts';
import type { ApplicationFormValues } from './exclusive-application-form.ts';
import { exclusiveKeys, fetchBankRegions } from './exclusive-service.ts';

/**
 * Where the bank account was opened: the province (getBankCitys), then one of its cities
 * (getBankCitys?province=); changing the province clears the city.
 */
export function ExclusiveBankRegion({
  form,
  disabled,
}: {
  form: FormInstance<ApplicationFormValues>;
  disabled: boolean;
}) {
  const t = useT();
  const province = Form.useWatch('bankProvince', form);
  const provinces = useQuery({
    queryKey: exclusiveKeys.regions(undefined),
    queryFn: ({ signal }) => fetchBankRegions(undefined, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const cities = useQuery({
    queryKey: exclusiveKeys.regions(province),
    queryFn: ({ signal }) => fetchBankRegions(province, signal),
    enabled: Boolean(province),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const asOptions = (list: { code: string; name: string }[] | undefined) =>
    (list ?? []).map((region) => ({ value: region.code, label: region.name }));
  return (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <Form.Item
          name="bankProvince"
          label={t('exclusive.form.province')}
          rules={[{ required: true, message: t('exclusive.form.provinceRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            disabled={disabled}
            loading={provinces.isFetching}
            placeholder={t('exclusive.form.provincePlaceholder')}
            options={asOptions(provinces.data?.dataList)}
            onChange={() => form.setFieldValue('bankCity', undefined)}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="bankCity"
          label={t('exclusive.form.city')}
          rules={[{ required: true, message: t('exclusive.form.cityRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            disabled={disabled || !province}
            loading={cities.isFetching}
            placeholder={t('exclusive.form.cityPlaceholder')}
            options={asOptions(cities.data?.dataList)}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
