import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Checkbox } from 'antd';
// The input and the password input on their own: `Input` from 'antd' carries the text area,
// search and one-time-code inputs attached to it.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, useId, useState } from 'react';
import { useAppApi } from '../../app/use-app.ts';
import { type FieldFailure, reportFormFailure } from '../../components/form-failure.ts';
import { useT } from '../../locales/index.ts';
import { StartField } from './StartField.tsx';
import { login } from './service.ts';
import { useFinishSignIn } from './use-finish-sign-in.ts';

type FieldName = 'account' | 'password';
type FieldErrors = Partial<Record<FieldName, string>>;

/**
 * Account (name or phone) and password; labels 账号 / 密码 and button 登录 (DESIGN.md). Both are
 * required (the account not blank); a failure the server pins on a field shows under it, as on
 * the forms built with antd's Form, and leaves it when that field changes.
 */
export function PasswordLoginForm({
  initialAccount,
  onForgotPassword,
}: {
  initialAccount?: string | undefined;
  onForgotPassword(): void;
}) {
  const t = useT();
  const id = useId();
  const { message } = useAppApi();
  const [account, setAccount] = useState(initialAccount ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  // After a first submit the required checks follow each keystroke, as antd's Form does.
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const finishSignIn = useFinishSignIn();

  const requiredErrors = (values: { account: string; password: string }): FieldErrors => ({
    ...(values.account.trim() === '' ? { account: t('login.accountRequired') } : {}),
    ...(values.password === '' ? { password: t('login.passwordRequired') } : {}),
  });

  const change = (name: FieldName, value: string) => {
    const next = { account, password, [name]: value };
    if (name === 'account') setAccount(value);
    else setPassword(value);
    setErrors((current) => {
      const { [name]: _left, ...others } = current;
      const own = submitted ? requiredErrors(next)[name] : undefined;
      return own ? { ...others, [name]: own } : others;
    });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const missing = requiredErrors({ account, password });
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      document.getElementById(`${id}-${Object.keys(missing)[0]}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      finishSignIn(await login(account, password, remember), remember);
    } catch (error) {
      const pinned = {
        setFields: (fields: FieldFailure[]) => {
          const shown: FieldErrors = {};
          for (const field of fields) {
            const name = field.name.join('.');
            if (name === 'account' || name === 'password') shown[name] = field.errors[0];
            // A field this form does not have: its note is said as a toast, not lost.
            else if (field.errors[0]) void message.error(field.errors[0]);
          }
          setErrors(shown);
        },
      };
      reportFormFailure(error, pinned, (text) => void message.error(text), t);
    } finally {
      setSubmitting(false);
    }
  };

  const described = (name: FieldName) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {};

  return (
    <form noValidate onSubmit={onSubmit}>
      <StartField id={`${id}-account`} label={t('login.account')} error={errors.account}>
        <Input
          id={`${id}-account`}
          size="large"
          value={account}
          onChange={(event) => change('account', event.target.value)}
          status={errors.account ? 'error' : undefined}
          prefix={<UserOutlined />}
          placeholder={t('login.accountPlaceholder')}
          autoComplete="username"
          {...described('account')}
        />
      </StartField>
      <StartField id={`${id}-password`} label={t('login.password')} error={errors.password}>
        <Password
          id={`${id}-password`}
          size="large"
          value={password}
          onChange={(event) => change('password', event.target.value)}
          status={errors.password ? 'error' : undefined}
          prefix={<LockOutlined />}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          {...described('password')}
        />
      </StartField>
      <div
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 24 }}
      >
        <Checkbox checked={remember} onChange={(event) => setRemember(event.target.checked)}>
          {t('login.remember')}
        </Checkbox>
        <Button type="link" size="small" onClick={onForgotPassword} style={{ paddingInline: 0 }}>
          {t('accounts.forgotPassword')}
        </Button>
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
