import { LockOutlined } from '@ant-design/icons';
import { Form, type FormRule, Input } from 'antd';
import type { ReactNode } from 'react';
import { type Translate, useT } from '../locales/index.ts';

/** The confirmation must repeat the field `passwordName`. */
export const confirmPasswordRules = (t: Translate, passwordName = 'password'): FormRule[] => [
  { required: true, message: t('accounts.confirmRequired') },
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value && value !== getFieldValue(passwordName)) throw new Error(t('accounts.confirmMismatch'));
    },
  }),
];

interface NewPasswordFieldsProps {
  /** The new password's label. */
  label: string;
  /** The confirmation's label. */
  confirmLabel: string;
  /** The new password's rules (the screen's: registration also refuses the account name). */
  rules: FormRule[];
  /** Fields the new password is checked against (the account name, the current password). */
  dependencies?: string[];
  placeholder?: string;
  extra?: ReactNode;
  maxLength?: number;
}

/**
 * A new password and its confirmation, `password` and `confirm`: registration, the forgotten
 * password and the change of password ask for them alike.
 */
export function NewPasswordFields({
  label,
  confirmLabel,
  rules,
  dependencies,
  placeholder,
  extra,
  maxLength,
}: NewPasswordFieldsProps) {
  const t = useT();
  return (
    <>
      <Form.Item name="password" label={label} rules={rules} dependencies={dependencies} extra={extra}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={placeholder}
          autoComplete="new-password"
          maxLength={maxLength}
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={confirmLabel}
        dependencies={['password']}
        rules={confirmPasswordRules(t)}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={maxLength} />
      </Form.Item>
    </>
  );
}
