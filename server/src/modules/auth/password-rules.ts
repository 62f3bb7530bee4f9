import { readFileSync } from 'node:fs';
import { PASSWORD_MIN, passwordIsAccountName } from '@dc/contract';
import { invalidField } from '../../http/failures.ts';
import { message } from '../../http/messages.ts';
import { authMessages } from './messages.ts';

/** The shipped list of common passwords (one a line, `#` comments), lower-cased. */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line && !line.startsWith('#')),
);

export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.trim().toLowerCase());

/**
 * The rules of a new password (registration, change, reset): at least 8 characters (the
 * contract checks it too), not the account name, not a common password. 40000 on `password`.
 */
export function checkNewPassword(password: string, account: string | undefined, path = 'password'): void {
  if (password.length < PASSWORD_MIN)
    throw invalidField(path, message(authMessages.passwordTooShort, { min: PASSWORD_MIN }));
  if (passwordIsAccountName(password, account)) throw invalidField(path, authMessages.passwordIsAccount);
  if (isCommonPassword(password)) throw invalidField(path, authMessages.passwordTooCommon);
}
