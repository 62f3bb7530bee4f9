import { COURSE_PRICE_MAX } from '@dc/contract';
import { Form, InputNumber } from 'antd';
import { useT } from '../../locales/index.ts';

export const PRICING_FIELDS = ['price', 'originalPrice'] as const;
const MAX_YUAN = COURSE_PRICE_MAX / 100;

/** Step 3: price and original price in yuan (sent as integer fen); original ≥ price. */
export function CoursePricingStep() {
  const t = useT();
  const amount = { min: 0, max: MAX_YUAN, precision: 2, step: 1, prefix: '¥', style: { width: 240 } };
  return (
    <>
      <Form.Item
        name="price"
        label={t('course.field.price')}
        rules={[
          { required: true, message: t('course.field.priceRequired') },
          { type: 'number', min: 0, max: MAX_YUAN, message: t('course.field.priceInvalid') },
        ]}
      >
        <InputNumber {...amount} />
      </Form.Item>
      <Form.Item
        name="originalPrice"
        label={t('course.field.originalPrice')}
        dependencies={['price']}
        rules={[
          { required: true, message: t('course.field.originalPriceRequired') },
          { type: 'number', min: 0, max: MAX_YUAN, message: t('course.field.priceInvalid') },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: number | null) => {
              const price = getFieldValue('price') as number | null;
              if (value != null && price != null && Math.round(value * 100) < Math.round(price * 100)) {
                throw new Error(t('course.field.originalPriceLow'));
              }
            },
          }),
        ]}
      >
        <InputNumber {...amount} />
      </Form.Item>
    </>
  );
}
