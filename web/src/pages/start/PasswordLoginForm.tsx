import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form } from 'antd';
// The input and the password input on their own: `Input` from 'antd' carries the text area,
// search and one-time-code inputs attached to it.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { useAppApi } from '../../app/use-app.ts';
import { reportFormFailure } from '../../components/form-failure.ts';
import { useT } from '../../locales/index.ts';
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
  const { message } = useAppApi();
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
        <Password
          prefix={<LockOutlined />}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
        />
      </Form.Item>
      <div
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 24 }}
      >
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>{t('login.remember')}</Checkbox>
        </Form.Item>
        <Button type="link" size="small" onClick={onForgotPassword} style={{ paddingInline: 0 }}>
          {t('accounts.forgotPassword')}
        </Button>
      </div>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
