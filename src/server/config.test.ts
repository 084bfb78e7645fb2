import { describe, expect, it } from 'vitest';
import { ConfigError, developmentAdminAccessKey, loadConfig } from './config.ts';

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

  const production = {
    NODE_ENV: 'production',
    COOKIE_SECRET: 'x'.repeat(32),
    PUBLIC_URL: 'https://lipputori.example',
    ADMIN_ACCESS_KEY: 'oma-pitka-avain-123',
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_abc',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  };

  it('does not seed demo data in production unless asked', () => {
    expect(loadConfig(production).seedDemoData).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
  });

  it('needs the payment provider chosen in production, and Stripe its three keys', () => {
    const { PAYMENT_PROVIDER: _provider, ...withoutProvider } = production;
    expect(() => loadConfig(withoutProvider)).toThrow(/PAYMENT_PROVIDER: required in production/);
    expect(loadConfig({ ...production, PAYMENT_PROVIDER: 'local' }).payments).toEqual({ kind: 'local' });
    expect(loadConfig(production).payments).toEqual({
      kind: 'stripe',
      secretKey: 'sk_test_abc',
      publishableKey: 'pk_test_abc',
      webhookSecret: 'whsec_abc',
    });
    const { STRIPE_WEBHOOK_SECRET: _secret, ...withoutSecret } = production;
    expect(() => loadConfig(withoutSecret)).toThrow(
      /STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe/,
    );
    expect(loadConfig({}).payments).toEqual({ kind: 'local' });
  });

  it("points Stripe's SDK at a stand-in API for tests only, never in production", () => {
    const { NODE_ENV: _env, ...staging } = production;
    expect(loadConfig({ ...staging, STRIPE_API_URL: 'http://127.0.0.1:3203' }).payments).toMatchObject({
      kind: 'stripe',
      api: { protocol: 'http', host: '127.0.0.1', port: 3203 },
    });
    expect(loadConfig(staging).payments).not.toHaveProperty('api');
    expect(() => loadConfig({ ...production, STRIPE_API_URL: 'http://127.0.0.1:3203' })).toThrow(
      /STRIPE_API_URL: only for tests/,
    );
  });

  it.each(['COOKIE_SECRET', 'PUBLIC_URL', 'ADMIN_ACCESS_KEY'] as const)('needs %s in production', (name) => {
    const { [name]: _missing, ...env } = production;
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: required in production`));
  });

  it('refuses the public development admin key in production', () => {
    expect(() => loadConfig({ ...production, ADMIN_ACCESS_KEY: developmentAdminAccessKey })).toThrow(
      /ADMIN_ACCESS_KEY: the development default is public/,
    );
    expect(loadConfig({}).adminAccessKey).toBe(developmentAdminAccessKey);
    expect(loadConfig(production)).toMatchObject({
      publicUrl: 'https://lipputori.example',
      adminAccessKey: 'oma-pitka-avain-123',
    });
  });

  it('enables a social provider only with both client id and secret', () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id' }).social.google).toBeUndefined();
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).social.google).toMatchObject({
      clientId: 'id',
      issuer: 'https://accounts.google.com',
    });
  });

  it('keeps files on the local disk unless FILE_STORE=s3 names a bucket', () => {
    expect(loadConfig({}).fileStore).toEqual({ kind: 'local' });
    expect(
      loadConfig({
        FILE_STORE: 's3',
        S3_BUCKET: 'lipputori-files',
        S3_ENDPOINT: 'https://s3.eu-central-003.backblazeb2.com',
        S3_REGION: 'eu-central-003',
        S3_ACCESS_KEY_ID: 'key-id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).fileStore,
    ).toEqual({
      kind: 's3',
      bucket: 'lipputori-files',
      endpoint: 'https://s3.eu-central-003.backblazeb2.com',
      region: 'eu-central-003',
      credentials: { accessKeyId: 'key-id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    // AWS itself, with the SDK's own credentials (an instance role, AWS_* variables).
    expect(loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'lipputori-files' }).fileStore).toEqual({
      kind: 's3',
      bucket: 'lipputori-files',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it('refuses an S3 set-up that is half there, naming every missing or stray variable', () => {
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(/S3_BUCKET: required when FILE_STORE=s3/);
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID/,
    );
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'b-1', S3_SECRET_ACCESS_KEY: 's' })).toThrow(
      /S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY/,
    );
    // A bucket configured but not chosen would leave every process its own files.
    const stray = () => loadConfig({ S3_BUCKET: 'b-1', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(stray).toThrow(/S3_BUCKET: set, but FILE_STORE is local/);
    expect(stray).toThrow(/S3_ENDPOINT: set, but FILE_STORE is local/);
  });

  it.each([
    [{ FILE_STORE: 'gcs' }, 'FILE_STORE'],
    [{ FILE_STORE: 's3', S3_BUCKET: 'My_Bucket' }, 'S3_BUCKET'],
    [{ FILE_STORE: 's3', S3_BUCKET: 'b-1', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ FILE_STORE: 's3', S3_BUCKET: 'b-1', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
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
