import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { SMS_CODE_LENGTH, type SmsPurpose } from '@dc/contract';
import { Form, Input, Space } from 'antd';
import { useT } from '../../locales/index.ts';
import { codeRules, phoneRules } from './field-rules.ts';
import { SendCodeButton } from './SendCodeButton.tsx';

/**
 * Phone and verification code, with the send button beside the code. `formName` is the
 * surrounding form's `name`, which prefixes the inputs' ids so the labels point at them.
 */
export function PhoneCodeFields({ purpose, formName }: { purpose: SmsPurpose; formName: string }) {
  const t = useT();
  return (
    <>
      <Form.Item name="phone" label={t('accounts.phone')} rules={phoneRules(t)}>
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('accounts.phonePlaceholder')}
          autoComplete="tel"
          inputMode="numeric"
          maxLength={11}
        />
      </Form.Item>
      <Form.Item label={t('accounts.code')} htmlFor={`${formName}_code`} required>
        <Space.Compact block>
          <Form.Item name="code" rules={codeRules(t)} noStyle>
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t('accounts.codePlaceholder')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={SMS_CODE_LENGTH}
            />
          </Form.Item>
          <SendCodeButton purpose={purpose} />
        </Space.Compact>
      </Form.Item>
    </>
  );
}
