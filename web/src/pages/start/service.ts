import type { LoginAnswer } from '@dc/contract';
import { request } from '../../request/index.ts';

/** `POST designerapi/v1/login` with a form-data body (spec section 7). */
export function login(account: string, password: string, remember: boolean) {
  const form = new FormData();
  form.set('account', account);
  form.set('password', password);
  form.set('remember', remember ? '1' : '0');
  // Passwords are sent as typed: a space at either end is part of the password.
  return request.post<LoginAnswer>('/designerapi/v1/login', form, { trim: false });
}

export const logout = () =>
  request.post<null>('/designerapi/v1/logout', undefined, { showErrorMessage: false });
