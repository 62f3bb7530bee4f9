import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { reportFormFailure } from '../../components/form-failure.ts';
import { useT } from '../../locales/index.ts';
import { scanIsOver } from './scan-failure.ts';
import { bindScanToAccount } from './service.ts';
import { useFinishSignIn } from './use-finish-sign-in.ts';

interface ExistingAccountValues {
  account: string;
  password: string;
}

/** Registration by scan, existing account: its account (or phone) and password prove it is yours. */
export function ScanExistingAccountForm({
  resignerId,
  onScanOver,
}: {
  resignerId: string;
  onScanOver(): void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<ExistingAccountValues>();
  const [submitting, setSubmitting] = useState(false);
  const finishSignIn = useFinishSignIn();

  const onFinish = async (values: ExistingAccountValues) => {
    setSubmitting(true);
    try {
      finishSignIn(await bindScanToAccount(resignerId, values.account, values.password), false);
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
    <Form<ExistingAccountValues>
      form={form}
      name="scanExistingAccount"
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
    >
      <Form.Item
        name="account"
        label={t('login.account')}
        rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
      >
        <Input
          prefix={<UserOutlined />}
          placeholder={t('login.accountPlaceholder')}
          autoComplete="username"
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('login.password')}
        rules={[{ required: true, message: t('login.passwordRequired') }]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('accounts.scanBind.submitExisting')}
      </Button>
    </Form>
  );
}
