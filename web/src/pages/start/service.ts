import { authApi, registerApi, type SmsPurpose, scanApi, smsApi } from '@dc/contract';
import { call } from '../../api/call.ts';
import { createScanTicketFor, pollScanTicket } from '../../api/scan-tickets.ts';

/**
 * The ways in (issue 4). Form calls pass `showErrorMessage: false`: the forms put failures on
 * their fields or toast them themselves (see form-failure.ts), so nothing is said twice.
 */
const quiet = { showErrorMessage: false } as const;

/** `POST designerapi/v1/login` with a form-data body (spec section 7). */
export function login(account: string, password: string, remember: boolean) {
  const form = new FormData();
  form.set('account', account);
  form.set('password', password);
  form.set('remember', remember ? '1' : '0');
  // Passwords are sent as typed: a space at either end is part of the password.
  return call(authApi.login, { body: form }, { trim: false, ...quiet });
}

/** The same call by phone and the code sent for purpose `login`. */
export function loginByPhone(phone: string, code: string, remember: boolean) {
  const form = new FormData();
  form.set('phone', phone);
  form.set('code', code);
  form.set('remember', remember ? '1' : '0');
  return call(authApi.login, { body: form }, quiet);
}

export const sendCode = (phone: string, purpose: SmsPurpose) =>
  call(smsApi.sendCode, { body: { phone, purpose } }, quiet);

export interface RegisterValues {
  phone: string;
  code: string;
  password: string;
  nickname: string;
  account?: string | undefined;
}

/** `POST /designerapi/v1/register`; a blank account name lets the server generate one. */
export function register(values: RegisterValues) {
  const account = values.account?.trim();
  const body = {
    phone: values.phone.trim(),
    code: values.code.trim(),
    // Sent as typed, like at login, or the password set would not be the one typed there.
    password: values.password,
    nickname: values.nickname.trim(),
    ...(account ? { account } : {}),
    agree: true,
    remember: true,
  };
  return call(registerApi.register, { body }, { trim: false, ...quiet });
}

/** `POST /designerapi/v1/password/reset`: a forgotten password, by a `reset-password` code. */
export function resetPassword(phone: string, code: string, password: string) {
  return call(
    authApi.resetPassword,
    { body: { phone: phone.trim(), code: code.trim(), password } },
    { trim: false, ...quiet },
  );
}

/** A scan ticket to log in or register, and its poll (api/scan-tickets.ts). */
export const createScanTicket = () => createScanTicketFor('login');
export { pollScanTicket };

export interface ScanRegisterNewValues {
  phone: string;
  code: string;
  nickname: string;
  password?: string | undefined;
}

/**
 * `POST designerapi/v1/codePcRegister?…` with query params (spec section 7): the scanned WeChat
 * gets a new account. Without a password the account logs in by scan or phone code.
 */
export function registerByScan(resignerId: string, values: ScanRegisterNewValues) {
  const params = {
    resigner_id: resignerId,
    phone: values.phone.trim(),
    code: values.code.trim(),
    nickname: values.nickname.trim(),
    ...(values.password ? { password: values.password } : {}),
    agree: '1',
  };
  return call(scanApi.register, { query: params }, { trim: false, ...quiet });
}

/** The same call binding the scanned WeChat to an existing account, proven by its password. */
export function bindScanToAccount(resignerId: string, account: string, password: string) {
  return call(
    scanApi.register,
    { query: { resigner_id: resignerId, account: account.trim(), password } },
    { trim: false, ...quiet },
  );
}
