import { LockOutlined } from '@ant-design/icons';
import { modifyPasswordBodySchema, PASSWORD_MAX } from '@dc/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Form, type FormRule, Input } from 'antd';
import { reportFormFailure } from '../../components/form-failure.ts';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';
import { zodFormRule } from '../../components/zod-rule.ts';
import { type Translate, useT } from '../../locales/index.ts';
import { newPasswordRules } from '../start/field-rules.ts';
import { modifyPassword } from './self-information-service.ts';

interface PasswordValues {
  oldPassword: string;
  password: string;
  confirm: string;
}

/** The new password: the contract's rules, and (with the whole form) not the current one. */
export const changePasswordRules = (t: Translate): FormRule[] => [
  ...newPasswordRules(t),
  zodFormRule(modifyPasswordBodySchema, 'password', (issue) =>
    issue.code === 'custom' ? t('selfInfo.password.sameAsOld') : t('accounts.passwordTooShort', { min: 8 }),
  ),
];

/** Changes the password (current, new, confirmation); the account's other sessions end. */
export function SelfInformationPassword() {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const save = useMutation({
    mutationFn: (values: PasswordValues) =>
      modifyPassword({ oldPassword: values.oldPassword, password: values.password }),
    onSuccess: () => {
      form.resetFields();
      void message.success(t('selfInfo.password.changed'));
    },
    onError: (error) => reportFormFailure(error, form, (text) => void message.error(text), t),
  });

  return (
    <Card title={t('selfInfo.password.title')} style={{ height: '100%' }}>
      <Form<PasswordValues>
        form={form}
        name="change-password"
        layout="vertical"
        onFinish={(values) => save.mutate(values)}
        data-testid="password-form"
        style={{ maxWidth: 420 }}
      >
        <Form.Item
          name="oldPassword"
          label={t('selfInfo.password.old')}
          rules={[{ required: true, message: t('selfInfo.password.oldRequired') }]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
          />
        </Form.Item>
        <NewPasswordFields
          label={t('selfInfo.password.new')}
          confirmLabel={t('selfInfo.password.confirm')}
          rules={changePasswordRules(t)}
          dependencies={['oldPassword']}
          extra={t('selfInfo.password.help')}
          maxLength={PASSWORD_MAX}
        />
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="password-submit">
          {t('selfInfo.password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
