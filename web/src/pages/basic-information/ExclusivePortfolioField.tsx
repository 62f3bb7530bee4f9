import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { imageUrlField } from '@dc/contract';
import { Button, Flex, Form, Image, Input, theme } from 'antd';
import { zodFieldRule } from '../../components/zod-rule.ts';
import { useT } from '../../locales/index.ts';

const THUMB = 56;

/** The portfolio: image addresses, each with its thumbnail, `min` to `max` of them, no repeats. */
export function ExclusivePortfolioField({
  min,
  max,
  disabled,
}: {
  min: number;
  max: number;
  disabled: boolean;
}) {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <Form.List
      name="portfolio"
      rules={[
        {
          async validator(_rule, value: unknown) {
            const urls = (Array.isArray(value) ? value : [])
              .map((url) => (typeof url === 'string' ? url.trim() : ''))
              .filter((url) => url !== '');
            if (urls.length < min) throw new Error(t('exclusive.form.portfolioRequired', { min }));
            if (urls.length > max) throw new Error(t('exclusive.form.portfolioTooMany', { max }));
            if (new Set(urls).size !== urls.length) throw new Error(t('exclusive.form.portfolioDuplicate'));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={8}>
          {fields.map((field, index) => (
            <Form.Item key={field.key} noStyle shouldUpdate>
              {({ getFieldValue }) => {
                const url = getFieldValue(['portfolio', field.name]) as string | undefined;
                return (
                  <Flex gap={8} align="flex-start">
                    <div
                      style={{
                        width: THUMB,
                        height: THUMB,
                        flexShrink: 0,
                        borderRadius: token.borderRadius,
                        border: `1px solid ${token.colorBorderSecondary}`,
                        overflow: 'hidden',
                        background: token.colorFillQuaternary,
                      }}
                    >
                      {url ? (
                        <Image src={url} width={THUMB} height={THUMB} style={{ objectFit: 'cover' }} alt="" />
                      ) : null}
                    </div>
                    <Form.Item
                      name={field.name}
                      style={{ flex: 1, marginBottom: 0 }}
                      rules={[zodFieldRule(imageUrlField, t('exclusive.form.portfolioInvalid'))]}
                    >
                      <Input
                        aria-label={t('exclusive.form.portfolioUrl', { index: index + 1 })}
                        placeholder={t('exclusive.form.portfolioPlaceholder')}
                        disabled={disabled}
                      />
                    </Form.Item>
                    {!disabled ? (
                      <Button
                        icon={<DeleteOutlined />}
                        aria-label={t('exclusive.form.portfolioRemove')}
                        disabled={fields.length <= 1}
                        onClick={() => remove(field.name)}
                      />
                    ) : null}
                  </Flex>
                );
              }}
            </Form.Item>
          ))}
          {!disabled ? (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= max}
              onClick={() => add('')}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('exclusive.form.portfolioAdd')}
            </Button>
          ) : null}
          <Form.ErrorList errors={errors} />
        </Flex>
      )}
    </Form.List>
  );
}
