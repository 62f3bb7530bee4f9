import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useT } from '../../locales/index.ts';
import { reportFormFailure } from './form-failure.ts';
import { login } from './service.ts';
import { useFinishSignIn } from './use-finish-sign-in.ts';

interface PasswordLoginValues {
  account: string;
  password: string;
  remember: boolean;
}

/** Account (name or phone) and password; labels 账号 / 密码 and button 登录 (DESIGN.md). */
export function PasswordLoginForm({
  initialAccount,
  onForgotPassword,
}: {
  initialAccount?: string | undefined;
  onForgotPassword(): void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordLoginValues>();
  const [submitting, setSubmitting] = useState(false);
  const finishSignIn = useFinishSignIn();

  const onFinish = async (values: PasswordLoginValues) => {
    setSubmitting(true);
    try {
      finishSignIn(await login(values.account, values.password, values.remember), values.remember);
    } catch (error) {
      reportFormFailure(error, form, (text) => void message.error(text), t);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<PasswordLoginValues>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      initialValues={{ account: initialAccount, remember: true }}
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
      <Flex justify="space-between" align="center" style={{ marginBottom: 24 }}>
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>{t('login.remember')}</Checkbox>
        </Form.Item>
        <Button type="link" size="small" onClick={onForgotPassword} style={{ paddingInline: 0 }}>
          {t('accounts.forgotPassword')}
        </Button>
      </Flex>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
