import {
  NICKNAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  phoneField,
  registerBodySchema,
  smsCodeField,
} from '@dc/contract';
import type { FormRule } from 'antd';
import { zodFieldRule, zodFormRule } from '../../components/zod-rule.ts';
import type { Translate } from '../../locales/index.ts';

/**
 * The rules of the ways-in forms: "required" with its own message, then the contract's schema
 * of the field (the server checks the same), in the visitor's language.
 */
export const phoneRules = (t: Translate): FormRule[] => [
  { required: true, whitespace: true, message: t('accounts.phoneRequired') },
  zodFieldRule(phoneField, t('accounts.phoneInvalid')),
];

export const codeRules = (t: Translate): FormRule[] => [
  { required: true, whitespace: true, message: t('accounts.codeRequired') },
  zodFieldRule(smsCodeField, t('accounts.codeInvalid')),
];

export const nicknameRules = (t: Translate): FormRule[] => [
  { required: true, whitespace: true, message: t('accounts.nicknameRequired') },
  zodFieldRule(registerBodySchema.shape.nickname, t('accounts.tooLong', { max: NICKNAME_MAX })),
];

export const accountNameRules = (t: Translate): FormRule[] => [
  zodFieldRule(registerBodySchema.shape.account, t('accounts.accountNameInvalid')),
];

/** Too short, too long, or (checked with the whole registration) the account name itself. */
const passwordMessage = (t: Translate) => (issue: { code: string }) => {
  if (issue.code === 'too_big') return t('accounts.passwordTooLong', { max: PASSWORD_MAX });
  if (issue.code === 'custom') return t('accounts.passwordIsAccount');
  return t('accounts.passwordTooShort', { min: PASSWORD_MIN });
};

/** A new password on its own (reset, registration by scan). */
export const newPasswordRules = (t: Translate, required = true): FormRule[] => [
  ...(required ? [{ required: true, message: t('accounts.passwordRequired') }] : []),
  zodFieldRule(registerBodySchema.shape.password, passwordMessage(t)),
];

/** A new password in the registration form, where it must not be the account name too. */
export const registrationPasswordRules = (t: Translate): FormRule[] => [
  { required: true, message: t('accounts.passwordRequired') },
  zodFormRule(registerBodySchema, 'password', passwordMessage(t)),
];

/** The terms checkbox: unticked is refused with the contract's rule (must be accepted). */
export const agreeRules = (t: Translate): FormRule[] => [
  { required: true, message: t('accounts.agreeRequired') },
  zodFieldRule(registerBodySchema.shape.agree, t('accounts.agreeRequired')),
];
