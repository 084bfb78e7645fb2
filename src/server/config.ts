import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { isValidBusinessId } from '#shared/business-id.ts';
import type { SiteConfig } from '#shared/site-config.ts';
import type { S3FileStoreOptions } from './platform/files/s3-file-store.ts';
import type { StripeApiAddress } from './platform/payments/stripe-payment-provider.ts';

// Every setting comes from the environment, validated once at start. .env.example lists them all.
const booleanFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z
    .string()
    .trim()
    .transform((value, ctx) => {
      const origin = publicOrigin(value);
      if (origin === undefined)
        ctx.addIssue({
          code: 'custom',
          message:
            'must be an absolute http:// or https:// address with nothing after the host, e.g. https://lipputori.fi',
        });
      return origin ?? '';
    })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SEED_DEMO_DATA: booleanFlag.optional(),
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3–63 lowercase letters, digits, dots or hyphens',
    )
    .optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Lipputori <noreply@lipputori.example>'),
  SUPPORT_EMAIL: z.email().default('info@lipputori.example'),
  SUPPORT_PHONE: z.string().min(3).default('+358 40 123 4567'),
  BUSINESS_ID: z
    .string()
    .refine(isValidBusinessId, 'must be a Finnish business ID with a valid check digit, e.g. 1234567-1')
    .default('1234567-1'),
  INSTAGRAM_URL: z.url().default('https://www.instagram.com/lipputori.example'),
  FACEBOOK_URL: z.url().default('https://www.facebook.com/lipputori.example'),
  PRESS_ARTICLE_URL: z.url().default('https://uutiset.example/lipputori-helpottaa-lippujen-jalleenmyyntia'),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_AUTHORIZATION_URL: z.url().default('https://www.facebook.com/v21.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.url().default('https://graph.facebook.com/v21.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: z.url().default('https://graph.facebook.com/v21.0/me?fields=id,name,email'),
  ADMIN_ACCESS_KEY: z.string().min(12, 'must be at least 12 characters').optional(),
  LISTING_PENDING_LIMIT: z.coerce.number().int().min(1).max(1000).default(10),
  LISTING_DAILY_LIMIT: z.coerce.number().int().min(1).max(1000).default(20),
  EVENT_CATALOG: z.enum(['local', 'ticketmaster']).default('local'),
  TICKETMASTER_API_KEY: z.string().trim().min(1).optional(),
  TICKETMASTER_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://app.ticketmaster.com'),
  PAYMENT_PROVIDER: z.enum(['local', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_…, sk_live_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, 'must be a Stripe publishable key (pk_test_…, pk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook secret (whsec_…)')
    .optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  RESERVATION_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  METRICS_TOKEN: z
    .string()
    .regex(
      /^[A-Za-z0-9._~+/-]{24,256}$/,
      'must be 24 to 256 characters of letters, digits and - . _ ~ + / (a Bearer token)',
    )
    .optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('0')
    .transform((value, ctx) => {
      const trusted = parseTrustProxy(value);
      if (trusted === undefined)
        ctx.addIssue({
          code: 'custom',
          message: 'must be a hop count (0 = no proxy) or comma-separated proxy addresses or CIDR ranges',
        });
      return trusted ?? false;
    }),
});

/**
 * PUBLIC_URL as an origin (scheme, host, port), or undefined when it is not one. Mail links and the
 * sitemap append paths such as `/liput/{id}` to it, and the app is served from the root, so a path
 * would only send readers to pages that do not exist; a trailing slash is dropped.
 */
function publicOrigin(value: string): string | undefined {
  // The URL parser alone would take `localhost:4116` as scheme `localhost:` and `http:host` as http://host.
  if (!/^https?:\/\/[^/?#]/i.test(value) || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  return bare ? url.origin : undefined;
}

/** The development default of the admin access key: public, so never accepted in production. */
export const developmentAdminAccessKey = 'lipputori-admin-2026';

// proxy-addr's names for address ranges, as Fastify accepts them.
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: which proxies' X-Forwarded-For to believe. Off by default, since a client writes
 * that header itself; `1` trusts one hop (the address the nearest proxy appended), a list trusts
 * those proxies. Never `true`: that would take the left-most, client-written address.
 */
function parseTrustProxy(value: string): false | number | string[] | undefined {
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    const [address = '', prefix, ...rest] = entry.split('/');
    if (namedRanges.has(entry)) return true;
    const version = isIP(address);
    const maxPrefix = version === 4 ? 32 : 128;
    return (
      version !== 0 &&
      rest.length === 0 &&
      (prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= maxPrefix))
    );
  });
  return valid && entries.length > 0 ? entries : undefined;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  logLevel: string;
  /** PGlite data directory, or undefined for an in-memory database (tests). */
  pgliteDir: string | undefined;
  databaseUrl: string | undefined;
  /** The local store's folder (FILE_STORE=local). */
  filesDir: string;
  /** Where ticket PDFs, drawn pages and uploaded pictures live (FILE_STORE). */
  fileStore: FileStoreConfig;
  seedDemoData: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Whether the outbox worker and other timers run (tests drive them by hand). */
  backgroundJobs: boolean;
  /** Per-IP request limits on the public forms; only end-to-end test runs turn them off. */
  rateLimits: boolean;
  /** Whose X-Forwarded-For gives the client's address (Fastify's trustProxy); false: none. */
  trustProxy: false | number | string[];
  site: SiteConfig;
  adminAccessKey: string;
  /** Signs short-lived cookies (social sign-in state). Random per process when not set outside production. */
  cookieSecret: string;
  social: { google?: OidcProviderConfig; facebook?: OAuth2ProviderConfig };
  /** Where the sell wizard's event search looks: our own catalogue table, or Ticketmaster. */
  eventCatalog: EventCatalogConfig;
  /** How many listings a seller may have under review at once, and create in 24 hours. */
  sellingLimits: { maxPending: number; maxPerDay: number };
  /** Who takes the card payments: the local test-mode provider (default) or Stripe. */
  payments: PaymentsConfig;
  /** How long a buyer's hold on a listing lasts while paying. */
  reservationMinutes: number;
  /** Server processes to run (WEB_CONCURRENCY); more than one only on PostgreSQL. */
  webConcurrency: number;
  /** How long a stopping process may finish its requests and jobs before it exits anyway. */
  shutdownTimeoutMs: number;
  /** The Bearer token of GET /metrics; without one the route does not exist. */
  metricsToken: string | undefined;
}

/**
 * PAYMENT_PROVIDER: `local` signs its own events with a secret derived from COOKIE_SECRET, so
 * every process of one site agrees; `stripe` needs its three keys.
 */
export type PaymentsConfig =
  | { kind: 'local' }
  | {
      kind: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      /** A stand-in for api.stripe.com (STRIPE_API_URL, never in production): the browser journeys' fake. */
      api?: StripeApiAddress;
    };

/** FILE_STORE: a folder on this machine (default), or an S3-compatible bucket every process shares. */
export type FileStoreConfig = { kind: 'local' } | ({ kind: 's3' } & S3FileStoreOptions);

/** EVENT_CATALOG: the local `events` table (default), or Ticketmaster's Discovery API with a key. */
export type EventCatalogConfig =
  | { kind: 'local' }
  | { kind: 'ticketmaster'; apiKey: string; baseUrl: string };

/** Google: OpenID Connect with discovery from the issuer. */
export interface OidcProviderConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

/** Facebook: plain OAuth 2 with a user-info endpoint. */
export interface OAuth2ProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

export class ConfigError extends Error {}

/**
 * What a valid configuration may still get wrong, logged at start. Production without SMTP_URL
 * runs (an operator may add it later) but sends no mail: receipts and reset codes pile up in the
 * outbox until it is set.
 */
export function configWarnings(config: AppConfig): string[] {
  return config.env === 'production' && !config.smtpUrl
    ? [
        'SMTP_URL is not set: this production server sends NO e-mail. Receipts, sale notices and password reset codes stay in the outbox table and go out once SMTP_URL is set and the server restarted.',
      ]
    : [];
}

/** STRIPE_API_URL as the Stripe SDK takes it. */
function stripeApiAddress(url: string): StripeApiAddress {
  const { protocol, hostname, port } = new URL(url);
  const secure = protocol === 'https:';
  return {
    protocol: secure ? 'https' : 'http',
    host: hostname.replace(/^\[(.*)\]$/, '$1'),
    port: port ? Number(port) : secure ? 443 : 80,
  };
}

type Env = z.output<typeof envSchema>;

/**
 * Each variable on its own, so that one bad value does not hide the others: the values that
 * parsed, and a line for every one that did not.
 */
function parseVariables(env: NodeJS.ProcessEnv): { values: Partial<Env>; problems: string[] } {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, schema] of Object.entries(envSchema.shape)) {
    const parsed = schema.safeParse(env[name]);
    if (parsed.success) values[name] = parsed.data;
    else problems.push(...parsed.error.issues.map((issue) => `  ${name}: ${issue.message}`));
  }
  return { values: values as Partial<Env>, problems };
}

/**
 * The rules between variables. A variable that failed its own check is absent from `e`, and is
 * not reported again here as missing.
 */
function crossFieldProblems(e: Partial<Env>, given: (name: keyof Env) => boolean): string[] {
  const production = e.NODE_ENV === 'production';
  const problems: (string | false)[] = [];
  if (production) {
    // Without these a production site would link to localhost and open its admin area with a
    // key everybody can read in the repository.
    problems.push(
      !given('COOKIE_SECRET') && 'COOKIE_SECRET: required in production',
      !given('PUBLIC_URL') && 'PUBLIC_URL: required in production',
      !given('ADMIN_ACCESS_KEY') && 'ADMIN_ACCESS_KEY: required in production',
      e.ADMIN_ACCESS_KEY === developmentAdminAccessKey &&
        'ADMIN_ACCESS_KEY: the development default is public; choose your own in production',
      // A stand-in for Stripe would take the payments of a live site.
      e.STRIPE_API_URL !== undefined && 'STRIPE_API_URL: only for tests; production talks to api.stripe.com',
      // The local provider takes no money: a site must not give tickets away by default. A
      // staging site may still choose it in so many words.
      !given('PAYMENT_PROVIDER') &&
        'PAYMENT_PROVIDER: required in production (stripe; local takes test cards only)',
    );
  }
  // Without a key every search would fail quietly: say so at start instead.
  if (e.EVENT_CATALOG === 'ticketmaster' && !given('TICKETMASTER_API_KEY'))
    problems.push(
      'TICKETMASTER_API_KEY: required when EVENT_CATALOG=ticketmaster (a Ticketmaster Discovery API key; or EVENT_CATALOG=local)',
    );
  if (e.PAYMENT_PROVIDER === 'stripe')
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const)
      if (!given(name)) problems.push(`${name}: required when PAYMENT_PROVIDER=stripe`);
  problems.push(...fileStoreProblems(e, given));
  return problems.filter((problem) => problem !== false).map((problem) => `  ${problem}`);
}

const s3Variables = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** What is wrong with FILE_STORE and the S3_ variables together, one line each. */
function fileStoreProblems(e: Partial<Env>, given: (name: keyof Env) => boolean): string[] {
  if (e.FILE_STORE !== 's3') {
    // A bucket configured but not used would leave each process its own files: say so at start.
    return s3Variables
      .filter((name) => given(name))
      .map(
        (name) => `${name}: set, but FILE_STORE is local (set FILE_STORE=s3 to use the bucket, or remove it)`,
      );
  }
  const problems: string[] = [];
  if (!given('S3_BUCKET')) problems.push('S3_BUCKET: required when FILE_STORE=s3');
  if (given('S3_ACCESS_KEY_ID') && !given('S3_SECRET_ACCESS_KEY'))
    problems.push('S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID');
  if (given('S3_SECRET_ACCESS_KEY') && !given('S3_ACCESS_KEY_ID'))
    problems.push('S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY');
  return problems;
}

/** Reads and checks the whole environment; a ConfigError lists every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const { values, problems } = parseVariables(env);
  // Set to something, valid or not: an invalid value is already reported above.
  const given = (name: keyof Env) => values[name] !== undefined || env[name] !== undefined;
  problems.push(...crossFieldProblems(values, given));
  if (problems.length > 0) {
    const count = problems.length === 1 ? 'a problem' : `${problems.length} problems`;
    throw new ConfigError(`Invalid configuration in the environment (${count}):\n${problems.join('\n')}`);
  }
  const e = values as Env;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    pgliteDir: path.join(dataDir, 'db'),
    databaseUrl: e.DATABASE_URL,
    filesDir: path.join(dataDir, 'files'),
    fileStore:
      e.FILE_STORE === 's3' && e.S3_BUCKET
        ? {
            kind: 's3',
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local' },
    seedDemoData: e.SEED_DEMO_DATA ?? e.NODE_ENV !== 'production',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    backgroundJobs: true,
    rateLimits: e.RATE_LIMITS === 'on',
    trustProxy: e.TRUST_PROXY,
    adminAccessKey: e.ADMIN_ACCESS_KEY ?? developmentAdminAccessKey,
    cookieSecret: e.COOKIE_SECRET ?? randomBytes(32).toString('hex'),
    social: {
      ...(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            google: {
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
              issuer: e.GOOGLE_ISSUER,
            },
          }
        : {}),
      ...(e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET
        ? {
            facebook: {
              clientId: e.FACEBOOK_CLIENT_ID,
              clientSecret: e.FACEBOOK_CLIENT_SECRET,
              authorizationUrl: e.FACEBOOK_AUTHORIZATION_URL,
              tokenUrl: e.FACEBOOK_TOKEN_URL,
              userinfoUrl: e.FACEBOOK_USERINFO_URL,
            },
          }
        : {}),
    },
    sellingLimits: { maxPending: e.LISTING_PENDING_LIMIT, maxPerDay: e.LISTING_DAILY_LIMIT },
    payments:
      e.PAYMENT_PROVIDER === 'stripe' &&
      e.STRIPE_SECRET_KEY &&
      e.STRIPE_PUBLISHABLE_KEY &&
      e.STRIPE_WEBHOOK_SECRET
        ? {
            kind: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            ...(e.STRIPE_API_URL ? { api: stripeApiAddress(e.STRIPE_API_URL) } : {}),
          }
        : { kind: 'local' },
    reservationMinutes: e.RESERVATION_MINUTES,
    webConcurrency: e.WEB_CONCURRENCY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    metricsToken: e.METRICS_TOKEN,
    eventCatalog:
      e.EVENT_CATALOG === 'ticketmaster' && e.TICKETMASTER_API_KEY
        ? { kind: 'ticketmaster', apiKey: e.TICKETMASTER_API_KEY, baseUrl: e.TICKETMASTER_BASE_URL }
        : { kind: 'local' },
    site: {
      supportEmail: e.SUPPORT_EMAIL,
      supportPhone: e.SUPPORT_PHONE,
      businessId: e.BUSINESS_ID,
      instagramUrl: e.INSTAGRAM_URL,
      facebookUrl: e.FACEBOOK_URL,
      pressArticleUrl: e.PRESS_ARTICLE_URL,
    },
  };
}
