/** Every key this app writes to browser storage, under one prefix (spec section 9). */
const PREFIX = 'designer-console:';

export const storageKeys = {
  /** Persistent token (remember me) in localStorage, temporary token in sessionStorage. */
  token: `${PREFIX}token`,
  session: `${PREFIX}session`,
  settings: `${PREFIX}settings`,
  tabs: `${PREFIX}tabs`,
  language: `${PREFIX}language`,
} as const;
