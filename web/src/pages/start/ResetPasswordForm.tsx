import { PASSWORD_MIN } from '@dc/contract';
import { App, Button, Form, Typography } from 'antd';
import { useState } from 'react';
import { reportFormFailure } from '../../components/form-failure.ts';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';
import { useT } from '../../locales/index.ts';
import { newPasswordRules } from './field-rules.ts';
import { PhoneCodeFields } from './PhoneCodeFields.tsx';
import { resetPassword } from './service.ts';

interface ResetValues {
  phone: string;
  code: string;
  password: string;
  confirm: string;
}

const FORM_NAME = 'resetPassword';

/** 忘记密码: a code sent to the account's phone (purpose `reset-password`) and a new password. */
export function ResetPasswordForm({ onDone, onBack }: { onDone(phone: string): void; onBack(): void }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<ResetValues>();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: ResetValues) => {
    setSubmitting(true);
    try {
      await resetPassword(values.phone, values.code, values.password);
      void message.success(t('accounts.reset.done'));
      onDone(values.phone.trim());
    } catch (error) {
      reportFormFailure(error, form, (text) => void message.error(text), t);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <Typography.Title level={3}>{t('accounts.reset.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('accounts.reset.subtitle')}</Typography.Paragraph>
      <Form<ResetValues>
        form={form}
        name={FORM_NAME}
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={onFinish}
      >
        <PhoneCodeFields purpose="reset-password" formName={FORM_NAME} />
        <NewPasswordFields
          label={t('accounts.reset.newPassword')}
          confirmLabel={t('accounts.confirmPassword')}
          rules={newPasswordRules(t)}
          placeholder={t('accounts.passwordPlaceholder', { min: PASSWORD_MIN })}
        />
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('accounts.reset.submit')}
        </Button>
      </Form>
      <Button type="link" block onClick={onBack} style={{ marginTop: 8 }}>
        {t('accounts.backToLogin')}
      </Button>
    </>
  );
}
