import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig defaults (DESIGN: npm start on :3000, PGlite and SEED=demo by default)', () => {
  it('an empty environment: PORT 3000, DATA_DIR ./data resolved, embedded database, demo seed', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve(process.cwd(), 'data'),
      databaseUrl: undefined,
      seed: 'demo',
      logLevel: 'info',
      sessionPersistentDays: 30,
      sessionTemporaryHours: 12,
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.webDist).toMatch(/[/\\]web[/\\]dist$/);
  });

  it('with DATABASE_URL the seed defaults to none; an explicit SEED wins', () => {
    const url = 'postgres://app@db.internal:5432/console';
    expect(loadConfig({ DATABASE_URL: url })).toMatchObject({ databaseUrl: url, seed: 'none' });
    expect(loadConfig({ DATABASE_URL: url, SEED: 'demo' }).seed).toBe('demo');
    expect(loadConfig({ SEED: 'none' }).seed).toBe('none');
    // An empty DATABASE_URL means "not set".
    expect(loadConfig({ DATABASE_URL: '' })).toMatchObject({ databaseUrl: undefined, seed: 'demo' });
  });

  it('settings are read and resolved: PORT, DATA_DIR, WEB_DIST=none', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: 'var/dc', WEB_DIST: 'none', LOG_LEVEL: 'warn' });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: path.resolve(process.cwd(), 'var/dc'),
      webDist: undefined,
      logLevel: 'warn',
    });
  });
});

describe('a bad setting throws ConfigError: one line naming the setting', () => {
  it.each(['abc', '70000', '-1', '3000.5'])('PORT=%s', (port) => {
    const error = configError({ PORT: port });
    expect(error.message).not.toContain('\n');
    expect(error.message).toMatch(/\bPORT\b/);
    expect(error.message).toContain(port);
  });

  it('LOG_LEVEL=loud', () => {
    const error = configError({ LOG_LEVEL: 'loud' });
    expect(error.message).not.toContain('\n');
    expect(error.message).toMatch(/\bLOG_LEVEL\b/);
    expect(error.message).not.toMatch(/\bPORT\b/);
  });

  it('DATABASE_URL that is not postgres:// and SEED outside demo|none', () => {
    expect(configError({ DATABASE_URL: 'mysql://x/y' }).message).toMatch(/\bDATABASE_URL\b/);
    expect(configError({ SEED: 'lots' }).message).toMatch(/\bSEED\b/);
  });
});
