import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for the embedded setup', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.pgliteDir).toMatch(/data\/db$/);
    expect(config.smtpUrl).toBeUndefined();
    expect(config.seedDemoData).toBe(true);
  });

  it('does not seed demo data in production unless asked', () => {
    const secret = { COOKIE_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ NODE_ENV: 'production', ...secret }).seedDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true', ...secret }).seedDemoData).toBe(true);
  });

  it('needs a cookie secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/COOKIE_SECRET: required in production/);
  });

  it('enables a social provider only with both client id and secret', () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id' }).social.google).toBeUndefined();
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).social.google).toMatchObject({
      clientId: 'id',
      issuer: 'https://accounts.google.com',
    });
  });

  it.each([
    [{ PORT: 'kolme' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ SUPPORT_EMAIL: 'ei-osoite' }, 'SUPPORT_EMAIL'],
    [{ BUSINESS_ID: '123' }, 'BUSINESS_ID'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
  ])('names the bad variable in %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });
});
