import type { Envelope } from '@dc/contract';
import { describe, expect, it, vi } from 'vitest';
import { fieldFailuresOf, reportFormFailure, retryAfterOf } from '../../src/components/form-failure.ts';
import { translate } from '../../src/locales/index.ts';
import { ApiRequestError, RequestCancelledError } from '../../src/request/index.ts';

const t = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
  translate('zh-CN', key, values);
const failure = (body: Envelope<unknown>, status = 400) => new ApiRequestError(body, status);

describe('form failures of the ways in', () => {
  it('40000: the fields, with the notes a visitor can meet translated', () => {
    const error = failure({
      code: 40000,
      status: 1,
      msg: 'phone: no account has this phone',
      data: {
        errors: [
          { path: 'phone', message: 'no account has this phone' },
          { path: 'x.y', message: 'odd' },
        ],
      },
    });
    expect(fieldFailuresOf(error, t)).toEqual([
      { name: ['phone'], errors: ['该手机号尚未注册'] },
      { name: ['x', 'y'], errors: ['odd'] },
    ]);
  });

  it('20002 on code: the field gets the server message, and it is toasted too', () => {
    const error = failure(
      {
        code: 20002,
        status: 1,
        msg: '验证码错误或已过期',
        data: { errors: [{ path: 'code', message: 'wrong' }] },
      },
      422,
    );
    const form = { setFields: vi.fn() };
    const toast = vi.fn();
    reportFormFailure(error, form, toast, t);
    expect(form.setFields).toHaveBeenCalledWith([{ name: ['code'], errors: ['验证码错误或已过期'] }]);
    expect(toast).toHaveBeenCalledWith('验证码错误或已过期');
  });

  it("20004 on phone: a known note in the visitor's language rather than the generic message", () => {
    const error = failure(
      {
        code: 20004,
        status: 1,
        msg: '已被绑定或占用',
        data: { errors: [{ path: 'phone', message: 'this phone is already registered' }] },
      },
      409,
    );
    expect(fieldFailuresOf(error, t)).toEqual([{ name: ['phone'], errors: ['该手机号已注册，请直接登录'] }]);
  });

  it('a plain 40000 marks the fields without a toast; a failure without fields is a toast', () => {
    const form = { setFields: vi.fn() };
    const toast = vi.fn();
    const validation = failure({
      code: 40000,
      status: 1,
      msg: 'x',
      data: { errors: [{ path: 'password', message: 'too common; choose a less guessable password' }] },
    });
    reportFormFailure(validation, form, toast, t);
    expect(toast).not.toHaveBeenCalled();
    reportFormFailure(
      failure({ code: 20001, status: 1, msg: '账号或密码错误', data: null }, 401),
      form,
      toast,
      t,
    );
    expect(toast).toHaveBeenCalledWith('账号或密码错误');
    expect(form.setFields).toHaveBeenCalledTimes(1);
  });

  it('says nothing for a cancelled call or one the request layer handled (20012)', () => {
    const form = { setFields: vi.fn() };
    const toast = vi.fn();
    const inactive = failure({ code: 20012, status: 1, msg: 'inactive', data: null }, 403);
    inactive.handled = true;
    reportFormFailure(inactive, form, toast, t);
    reportFormFailure(new RequestCancelledError(), form, toast, t);
    expect(toast).not.toHaveBeenCalled();
    expect(form.setFields).not.toHaveBeenCalled();
  });

  it('reads the wait of a 42900 answer', () => {
    expect(
      retryAfterOf(failure({ code: 42900, status: 1, msg: 'slow', data: { retryAfter: 42 } }, 429)),
    ).toBe(42);
    expect(retryAfterOf(failure({ code: 20001, status: 1, msg: 'no', data: null }, 401))).toBeUndefined();
    expect(retryAfterOf(new Error('x'))).toBeUndefined();
  });
});
