import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectTarget } from '../../app/guard.ts';
import { useT } from '../../locales/index.ts';
import { fieldErrorsOf } from '../../request/index.ts';
import { useSession } from '../../stores/session.ts';
import { StartFrame } from './StartFrame.tsx';
import { login } from './service.ts';

interface LoginForm {
  account: string;
  password: string;
  remember: boolean;
}

export default function LoginPage() {
  const t = useT();
  const [form] = Form.useForm<LoginForm>();
  const [submitting, setSubmitting] = useState(false);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { message } = App.useApp();

  const onFinish = async (values: LoginForm) => {
    setSubmitting(true);
    try {
      const answer = await login(values.account, values.password, values.remember);
      useSession.getState().signIn(answer.token, answer.newly_register, values.remember);
      void message.success(t('login.success'));
      navigate(safeRedirectTarget(params.get('redirect')), { replace: true });
    } catch (error) {
      form.setFields(fieldErrorsOf(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <StartFrame>
      <Typography.Title level={3}>{t('login.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
      <Form<LoginForm>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{ remember: true }}
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
        <Form.Item name="remember" valuePropName="checked">
          <Checkbox>{t('login.remember')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('login.submit')}
        </Button>
      </Form>
    </StartFrame>
  );
}
