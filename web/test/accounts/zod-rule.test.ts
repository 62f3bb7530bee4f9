import { phoneField, registerBodySchema, smsCodeField } from '@dc/contract';
import { describe, expect, it } from 'vitest';
import { isEmptyValue, zodFieldRule, zodFormRule } from '../../src/components/zod-rule.ts';

const passes = (promise: Promise<void>) => expect(promise).resolves.toBeUndefined();
const failsWith = (promise: Promise<void>, message: string) => expect(promise).rejects.toThrow(message);

describe('zodFieldRule: one field against its contract schema', () => {
  const phone = zodFieldRule(phoneField, '请输入正确的 11 位手机号');

  it('accepts what the contract accepts, trimming as the server does', async () => {
    await passes(phone.validator({}, '13800000001'));
    await passes(phone.validator({}, ' 13800000001 '));
  });

  it('refuses what the contract refuses, with the translated message', async () => {
    await failsWith(phone.validator({}, '12345'), '请输入正确的 11 位手机号');
    await failsWith(phone.validator({}, '23800000001'), '请输入正确的 11 位手机号');
    await failsWith(zodFieldRule(smsCodeField, 'six digits').validator({}, '12a456'), 'six digits');
  });

  it('leaves empty values to the required rule, so an empty field shows one message', async () => {
    for (const empty of [undefined, null, '', '   ']) {
      expect(isEmptyValue(empty)).toBe(true);
      await passes(phone.validator({}, empty));
    }
    expect(isEmptyValue(false)).toBe(false);
  });

  it('checks a checkbox: the terms must be accepted', async () => {
    const agree = zodFieldRule(registerBodySchema.shape.agree, 'accept the terms');
    await passes(agree.validator({}, true));
    await failsWith(agree.validator({}, false), 'accept the terms');
  });

  it('chooses the message by the issue when given a function', async () => {
    const password = zodFieldRule(registerBodySchema.shape.password, (issue) =>
      issue.code === 'too_big' ? 'too long' : 'too short',
    );
    await failsWith(password.validator({}, 'short'), 'too short');
    await failsWith(password.validator({}, 'x'.repeat(129)), 'too long');
    await passes(password.validator({}, 'long enough'));
  });
});

describe('zodFormRule: one field with the whole form schema', () => {
  const valid = {
    phone: '13912345678',
    code: '123456',
    nickname: 'Ada',
    password: 'a-fine-password',
    confirm: 'a-fine-password',
    agree: true,
  };
  const form = (values: Record<string, unknown>) => ({ getFieldsValue: () => values });
  const rule = zodFormRule(registerBodySchema, 'password', (issue) =>
    issue.code === 'custom' ? 'not the account name' : 'at least 8',
  );

  it('applies refinements across fields: the password must not be the account name', async () => {
    const values = { ...valid, account: 'Ada_Lovelace', password: 'ada_lovelace' };
    await failsWith(rule(form(values)).validator({}, values.password), 'not the account name');
  });

  it('ignores fields the schema does not know (the confirmation) and blank optional ones', async () => {
    await passes(rule(form({ ...valid, account: '' })).validator({}, valid.password));
  });

  it('reports only issues on its own field', async () => {
    const values = { ...valid, phone: 'not a phone', password: 'short' };
    await failsWith(rule(form(values)).validator({}, 'short'), 'at least 8');
    await passes(rule(form(values)).validator({}, valid.password));
  });

  it('checks the value being validated, not a stale one in the form', async () => {
    const stale = { ...valid, account: 'Ada_Lovelace', password: 'old-value-1' };
    await failsWith(rule(form(stale)).validator({}, 'ADA_LOVELACE'), 'not the account name');
  });
});
