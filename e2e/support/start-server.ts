import { rm } from 'node:fs/promises';
import pg from 'pg';
import { startOidcMock } from '../../src/server/test/oidc-mock.ts';

// Starts the real server for the journeys on a fresh database: a new PGlite directory, or a new
// PostgreSQL database when DATABASE_URL is set (databases of earlier runs are dropped first).
const dataDir = process.env.DATA_DIR ?? './data/e2e';
await rm(dataDir, { recursive: true, force: true });

if (process.env.DATABASE_URL) {
  const serverUrl = process.env.DATABASE_URL;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  const old = await client.query<{ datname: string }>(
    "select datname from pg_database where datname like 'lipputori_e2e_%'",
  );
  for (const row of old.rows) await client.query(`drop database if exists ${row.datname} with (force)`);
  const name = `lipputori_e2e_${process.pid}`;
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
}

// A local OpenID Connect server plays Google and Facebook for the sign-in journeys.
const mock = await startOidcMock(Number(process.env.E2E_OIDC_PORT ?? 3101));
for (const [key, value] of Object.entries({
  GOOGLE_CLIENT_ID: 'lipputori-google',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  GOOGLE_ISSUER: mock.url,
  FACEBOOK_CLIENT_ID: 'lipputori-facebook',
  FACEBOOK_CLIENT_SECRET: 'facebook-secret',
  FACEBOOK_AUTHORIZATION_URL: `${mock.url}/authorize`,
  FACEBOOK_TOKEN_URL: `${mock.url}/token`,
  FACEBOOK_USERINFO_URL: `${mock.url}/userinfo`,
})) {
  process.env[key] = value;
}

await import('../../src/server/main.ts');
