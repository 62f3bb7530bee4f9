import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  ErrorCode,
  emptyQuerySchema,
  errorCatalogue,
  formBoolean,
  isSuccessCode,
  loginBodySchema,
  MAX_PAGE_SIZE,
  modifyInfoBodySchema,
  pageQuerySchema,
} from '../src/index.ts';

const issuePaths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('loginBodySchema (§7 login, form-data body)', () => {
  it('§5 trims the account; keeps the password as typed', () => {
    expect(loginBodySchema.parse({ account: '  demo  ', password: ' pw ' })).toEqual({
      account: 'demo',
      password: ' pw ',
    });
  });

  it('rejects unknown keys, naming them', () => {
    const result = loginBodySchema.safeParse({ account: 'demo', password: 'pw', role: 'admin' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['role'] });
  });

  it('requires account and password; bounds their length (account 32, password 128)', () => {
    expect(issuePaths(loginBodySchema.safeParse({}))).toEqual(['account', 'password']);
    expect(issuePaths(loginBodySchema.safeParse({ account: '   ', password: 'x' }))).toEqual(['account']);
    expect(issuePaths(loginBodySchema.safeParse({ account: 'a'.repeat(33), password: 'x' }))).toEqual([
      'account',
    ]);
    expect(loginBodySchema.safeParse({ account: 'a'.repeat(32), password: 'p'.repeat(128) }).success).toBe(
      true,
    );
    expect(issuePaths(loginBodySchema.safeParse({ account: 'a', password: 'p'.repeat(129) }))).toEqual([
      'password',
    ]);
  });

  it('remember accepts form booleans and JSON booleans', () => {
    const remember = (value: unknown) =>
      loginBodySchema.parse({ account: 'a', password: 'p', remember: value });
    for (const yes of [true, '1', 'true', 'on']) expect(remember(yes).remember).toBe(true);
    for (const no of [false, '0', 'false', 'off']) expect(remember(no).remember).toBe(false);
    expect(loginBodySchema.safeParse({ account: 'a', password: 'p', remember: 'yes' }).success).toBe(false);
    expect(formBoolean.safeParse(1).success).toBe(false);
  });
});

describe('modifyInfoBodySchema', () => {
  it('accepts nickname and pic, trimmed; an empty pic clears it', () => {
    expect(modifyInfoBodySchema.parse({ nickname: ' Lin ', pic: ' https://a.example/p.png ' })).toEqual({
      nickname: 'Lin',
      pic: 'https://a.example/p.png',
    });
    expect(modifyInfoBodySchema.parse({ pic: '' })).toEqual({ pic: '' });
  });

  it('rejects telephone (changed only through modifyPhone) and an empty change', () => {
    const withPhone = modifyInfoBodySchema.safeParse({ nickname: 'x', telephone: '13800000000' });
    expect(withPhone.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['telephone'] });
    expect(modifyInfoBodySchema.safeParse({}).success).toBe(false);
    expect(issuePaths(modifyInfoBodySchema.safeParse({ pic: 'not a url' }))).toEqual(['pic']);
  });
});

describe('pageQuerySchema (DESIGN: page from 1, pageSize default 10, at most 100)', () => {
  it('defaults', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, pageSize: DEFAULT_PAGE_SIZE, order: 'desc' });
    expect(DEFAULT_PAGE_SIZE).toBe(10);
  });

  it('coerces query strings and accepts the _t cache-buster', () => {
    expect(pageQuerySchema.parse({ page: '3', pageSize: '25', order: 'asc', _t: '1700000000000' })).toEqual({
      page: 3,
      pageSize: 25,
      order: 'asc',
      _t: 1700000000000,
    });
  });

  it('bounds: page ≥ 1, 1 ≤ pageSize ≤ 100, integers only, order asc|desc', () => {
    expect(MAX_PAGE_SIZE).toBe(100);
    expect(pageQuerySchema.parse({ pageSize: '100' }).pageSize).toBe(100);
    expect(issuePaths(pageQuerySchema.safeParse({ pageSize: '101' }))).toEqual(['pageSize']);
    expect(issuePaths(pageQuerySchema.safeParse({ pageSize: '0' }))).toEqual(['pageSize']);
    expect(issuePaths(pageQuerySchema.safeParse({ page: '0' }))).toEqual(['page']);
    expect(issuePaths(pageQuerySchema.safeParse({ page: '1.5' }))).toEqual(['page']);
    expect(issuePaths(pageQuerySchema.safeParse({ page: 'two' }))).toEqual(['page']);
    expect(issuePaths(pageQuerySchema.safeParse({ order: 'up' }))).toEqual(['order']);
  });
});

describe('emptyQuerySchema (§7: GETs carry _t)', () => {
  it('accepts only _t', () => {
    expect(emptyQuerySchema.parse({ _t: '123' })).toEqual({ _t: 123 });
    expect(emptyQuerySchema.parse({})).toEqual({});
    expect(emptyQuerySchema.safeParse({ _t: '1', other: 'x' }).error?.issues[0]).toMatchObject({
      code: 'unrecognized_keys',
      keys: ['other'],
    });
  });
});

describe('error catalogue (DESIGN wire conventions)', () => {
  it('every ErrorCode except 200 has an HTTP error status and both languages', () => {
    const failures = Object.values(ErrorCode).filter((code) => code !== 200);
    expect(Object.keys(errorCatalogue).map(Number).sort()).toEqual([...failures].sort());
    for (const code of failures) {
      const entry = errorCatalogue[code];
      expect(entry.httpStatus, String(code)).toBeGreaterThanOrEqual(400);
      expect(entry.httpStatus, String(code)).toBeLessThan(600);
      expect(entry.message['zh-CN'].length, String(code)).toBeGreaterThan(0);
      expect(entry.message['en-US'].length, String(code)).toBeGreaterThan(0);
    }
  });

  it('uses true HTTP statuses for the codes DESIGN names', () => {
    const status = (code: keyof typeof errorCatalogue) => errorCatalogue[code].httpStatus;
    expect([status(20001), status(20006), status(20007), status(20012)]).toEqual([401, 401, 401, 403]);
    expect([status(40000), status(40400), status(42900), status(50000), status(50300)]).toEqual([
      400, 404, 429, 500, 503,
    ]);
  });

  it('§7 success is code 200 or status 0', () => {
    expect(isSuccessCode(200, 1)).toBe(true);
    expect(isSuccessCode(200, undefined)).toBe(true);
    expect(isSuccessCode(20001, 0)).toBe(true);
    expect(isSuccessCode(undefined, 0)).toBe(true);
    expect(isSuccessCode(20001, 1)).toBe(false);
    expect(isSuccessCode(undefined, undefined)).toBe(false);
    expect(isSuccessCode(0, 200)).toBe(false);
  });
});
