import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { NICKNAME_MAX, PASSWORD_MIN } from '@dc/contract';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { reportFormFailure } from '../../components/form-failure.ts';
import { useT } from '../../locales/index.ts';
import { newPasswordRules, nicknameRules } from './field-rules.ts';
import { PhoneCodeFields } from './PhoneCodeFields.tsx';
import { scanIsOver } from './scan-failure.ts';
import { registerByScan, type ScanRegisterNewValues } from './service.ts';
import { TermsField } from './TermsField.tsx';
import { useFinishSignIn } from './use-finish-sign-in.ts';

const FORM_NAME = 'scanNewAccount';

/** Registration by scan, new account: phone + code + nickname (+ a password if wanted) + terms. */
export function ScanNewAccountForm({ resignerId, onScanOver }: { resignerId: string; onScanOver(): void }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<ScanRegisterNewValues>();
  const [submitting, setSubmitting] = useState(false);
  const finishSignIn = useFinishSignIn();

  const onFinish = async (values: ScanRegisterNewValues) => {
    setSubmitting(true);
    try {
      const answer = await registerByScan(resignerId, values);
      // The server gave the session no "remember me": it ends with the browser.
      finishSignIn(answer, false, t('accounts.register.success', { account: answer.account }));
    } catch (error) {
      if (scanIsOver(error)) {
        void message.error(t('accounts.scanBind.expired'));
        onScanOver();
        return;
      }
      reportFormFailure(error, form, (text) => void message.error(text), t);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<ScanRegisterNewValues>
      form={form}
      name={FORM_NAME}
      layout="vertical"
      requiredMark={false}
      initialValues={{ agree: false }}
      onFinish={onFinish}
    >
      <PhoneCodeFields purpose="register" formName={FORM_NAME} />
      <Form.Item name="nickname" label={t('accounts.nickname')} rules={nicknameRules(t)}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('accounts.nicknamePlaceholder')}
          maxLength={NICKNAME_MAX}
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('accounts.scanBind.passwordOptional')}
        extra={t('accounts.scanBind.passwordHelp')}
        rules={newPasswordRules(t, false)}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('accounts.passwordPlaceholder', { min: PASSWORD_MIN })}
          autoComplete="new-password"
        />
      </Form.Item>
      <TermsField />
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('accounts.scanBind.submitNew')}
      </Button>
    </Form>
  );
}
