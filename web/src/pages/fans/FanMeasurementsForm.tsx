import {
  type FanDetail,
  type FanMeasurementKey,
  type FanMeasurements,
  fanMeasurementKeys,
  fanMeasurementsSchema,
} from '@dc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, InputNumber, Row, Typography } from 'antd';
import { zodFieldRule } from '../../components/zod-rule.ts';
import { useT } from '../../locales/index.ts';
import { fieldErrorsOf, isApiRequestError } from '../../request/index.ts';
import { fanKeys, saveFanMeasurements } from './service.ts';

const unitOf = (key: FanMeasurementKey) => (key === 'weight' ? 'kg' : 'cm');

/** Body measurements in cm / kg with one decimal; empty = not measured. */
export function FanMeasurementsForm({ fanId, detail }: { fanId: number; detail: FanDetail }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<FanMeasurementKey, number | null>>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: Record<FanMeasurementKey, number | null | undefined>) =>
      saveFanMeasurements(
        fanId,
        Object.fromEntries(fanMeasurementKeys.map((key) => [key, values[key] ?? null])) as FanMeasurements,
      ),
    onSuccess: async () => {
      void message.success(t('fans.detail.saved'));
      await queryClient.invalidateQueries({ queryKey: fanKeys.detail(fanId) });
    },
    onError: (error) => {
      const fields = fieldErrorsOf<Parameters<typeof form.setFields>[0][number]>(error);
      if (fields.length > 0) form.setFields(fields);
      else if (isApiRequestError(error)) void message.error(error.msg);
    },
  });
  const { updatedAt, ...initial } = detail.measurements;
  return (
    <Card
      title={t('fans.detail.measurements')}
      extra={
        <Typography.Text type="secondary">
          {updatedAt
            ? t('fans.detail.measurementsUpdated', { at: updatedAt })
            : t('fans.detail.measurementsNever')}
        </Typography.Text>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => save.mutate(values)}
        data-testid="fan-measurements"
      >
        <Row gutter={16}>
          {fanMeasurementKeys.map((key) => (
            <Col key={key} xs={12} md={6}>
              <Form.Item
                name={key}
                label={t(`fans.detail.${key}`)}
                rules={[zodFieldRule(fanMeasurementsSchema.shape[key], t('fans.detail.measurementInvalid'))]}
              >
                <InputNumber
                  aria-label={t(`fans.detail.${key}`)}
                  step={0.1}
                  suffix={unitOf(key)}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('fans.detail.save')}
        </Button>
      </Form>
    </Card>
  );
}
