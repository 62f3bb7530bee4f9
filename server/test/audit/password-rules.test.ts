import { passwordIsAccountName } from '@dc/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/http/api-error.ts';
import { inLanguage, type Message } from '../../src/http/messages.ts';
import { checkNewPassword, isCommonPassword } from '../../src/modules/auth/password-rules.ts';

const refusal = (password: string, account?: string) => {
  try {
    checkNewPassword(password, account);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const { code, data } = error as ApiError & { data: { errors: { path: string; message: Message }[] } };
    expect(code).toBe(40000);
    const first = data.errors[0];
    // The English wording: the error handler answers the request's language.
    return first && { path: first.path, message: inLanguage(first.message, 'en-US') };
  }
};

describe('issue 11 item 3: password rules (registration, reset and change share checkNewPassword)', () => {
  it('at least 8 characters', () => {
    expect(refusal('Ab3$xyz')).toMatchObject({ path: 'password', message: 'at least 8 characters' });
  });

  it('not the account name, nor containing it, in any case', () => {
    expect(refusal('Tailor_Mei', 'tailor_mei')?.message).toBe('must not be the account name');
    expect(refusal('my-TAILOR_MEI-2025', 'tailor_mei')?.message).toBe('must not be the account name');
    expect(refusal('Velvet-Rope-42', 'tailor_mei')).toBeUndefined();
    expect(passwordIsAccountName('abcdefgh', 'ab')).toBe(false);
  });

  it('not in the shipped list of common passwords (any case), which holds about a thousand', () => {
    for (const common of ['password', 'Password1', 'QWERTY123', '1qaz2wsx', 'woaini1314', 'iloveyou123']) {
      expect(isCommonPassword(common)).toBe(true);
      if (common.length >= 8) expect(refusal(common)?.message).toMatch(/too common/);
    }
    expect(refusal('Velvet-Rope-42')).toBeUndefined();
  });

  it('the demo password demo123456 is a common one: the seed creates the demo accounts directly', () => {
    expect(isCommonPassword('demo123456')).toBe(true);
  });
});
