import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, developmentAdminAccessKey, loadConfig } from './config.ts';

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

  it('runs one process that stops within 20 s and has no metrics route unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({
      webConcurrency: 1,
      shutdownTimeoutMs: 20_000,
      metricsToken: undefined,
    });
    const token = 'abcdefghijklmnopqrstuvwxyz-0123456789';
    expect(
      loadConfig({ WEB_CONCURRENCY: '4', SHUTDOWN_TIMEOUT_SECONDS: '45', METRICS_TOKEN: token }),
    ).toMatchObject({ webConcurrency: 4, shutdownTimeoutMs: 45_000, metricsToken: token });
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
    [{ BUSINESS_ID: '1234567-8' }, 'BUSINESS_ID'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: 'kaksi' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: '1000' }, 'WEB_CONCURRENCY'],
    [{ SHUTDOWN_TIMEOUT_SECONDS: '0' }, 'SHUTDOWN_TIMEOUT_SECONDS'],
    [{ METRICS_TOKEN: 'lyhyt' }, 'METRICS_TOKEN'],
    [{ METRICS_TOKEN: `${'a'.repeat(30)} välilyönti` }, 'METRICS_TOKEN'],
    [{ METRICS_TOKEN: 'a'.repeat(257) }, 'METRICS_TOKEN'],
  ])('names the bad variable in %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });

  it('reports every problem in one message: bad values and missing production settings together', () => {
    let message = '';
    try {
      loadConfig({
        NODE_ENV: 'production',
        PORT: 'kolme',
        PUBLIC_URL: 'localhost:4116',
        SMTP_URL: 'http://mail',
        COOKIE_SECRET: 'lyhyt',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_abc',
        EVENT_CATALOG: 'ticketmaster',
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as ConfigError).message;
    }
    const lines = message.split('\n');
    expect(lines[0]).toBe('Invalid configuration in the environment (8 problems):');
    for (const name of [
      'PORT',
      'PUBLIC_URL',
      'SMTP_URL',
      'COOKIE_SECRET',
      'ADMIN_ACCESS_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'TICKETMASTER_API_KEY',
    ])
      expect(lines.filter((line) => line.startsWith(`  ${name}: `))).toHaveLength(1);
    // A secret that is there but too short is reported as too short, not also as missing.
    expect(message).toContain('COOKIE_SECRET: must be at least 32 characters');
    expect(message).not.toContain('COOKIE_SECRET: required');
    expect(message).not.toContain('lyhyt');
  });

  it('names a single problem as such', () => {
    expect(() => loadConfig({ PORT: '-1' })).toThrow(
      /^Invalid configuration in the environment \(a problem\):\n {2}PORT: /,
    );
  });

  it.each([
    'localhost:4116',
    'lipputori.fi',
    '//lipputori.fi',
    'http:lipputori.fi',
    'http:/lipputori.fi',
    'ftp://lipputori.fi',
    'javascript:alert(1)',
    'https://',
    'https://lipputori.fi/kauppa',
    'https://lipputori.fi/?a=1',
    'https://lipputori.fi/#x',
    'https://kayttaja:salasana@lipputori.fi',
  ])('refuses PUBLIC_URL=%s', (value) => {
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(
      /PUBLIC_URL: must be an absolute http:\/\/ or https:\/\/ address/,
    );
  });

  it.each([
    ['https://lipputori.fi', 'https://lipputori.fi'],
    ['https://lipputori.fi/', 'https://lipputori.fi'],
    ['HTTPS://Lipputori.FI:443/', 'https://lipputori.fi'],
    ['http://localhost:4116', 'http://localhost:4116'],
    ['http://127.0.0.1:3000/', 'http://127.0.0.1:3000'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
  ])('takes PUBLIC_URL=%s as %s', (value, origin) => {
    expect(loadConfig({ PUBLIC_URL: value }).publicUrl).toBe(origin);
  });
});

describe('configWarnings', () => {
  it('warns about a production server without SMTP_URL, and only then', () => {
    const production = {
      NODE_ENV: 'production',
      COOKIE_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://lipputori.example',
      ADMIN_ACCESS_KEY: 'oma-pitka-avain-123',
      PAYMENT_PROVIDER: 'local',
    };
    expect(configWarnings(loadConfig(production))).toEqual([
      expect.stringMatching(/^SMTP_URL is not set: this production server sends NO e-mail/),
    ]);
    expect(configWarnings(loadConfig({ ...production, SMTP_URL: 'smtp://posti.example:587' }))).toEqual([]);
    expect(configWarnings(loadConfig({}))).toEqual([]);
  });
});
