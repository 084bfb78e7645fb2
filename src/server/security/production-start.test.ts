import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../test/server-process.ts';
import { createScratchDatabase } from '../test/test-app.ts';

// The attacker's checks once more, against `npm start` as production runs it: its own process,
// real HTTP, the configuration read from the environment, from the output of `npm run build` with
// every devDependency unresolvable (as in an image installed with --omit=dev). The client is built
// before the test files run (vitest's globalSetup), so no file sees a half-written build.
const adminAccessKey = 'tuotannon-salainen-avain-4f9a';
const withoutDevDependencies = fileURLToPath(new URL('../test/without-dev-dependencies.ts', import.meta.url));
let server: ServerProcess;
let base = '';
let dataDir = '';
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lipputori-production-'));
  // On PostgreSQL, a database of its own: the start migrates and seeds it.
  scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : undefined;
  server = await startServerProcess(
    {
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://lipputori.example',
      COOKIE_SECRET: 'tuotannon-evasteiden-salaisuus-0123456789abcdef',
      ADMIN_ACCESS_KEY: adminAccessKey,
      PAYMENT_PROVIDER: 'local',
      // Demo data in production, so that the start prints its accounts: the key must stay out.
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'info',
    },
    { entry: 'scripts/start.mjs', nodeOptions: ['--import', withoutDevDependencies] },
  );
  base = server.base;
});

afterAll(async () => {
  await server.stop();
  await scratch?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const json = (method: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('a production start', () => {
  it('serves the prerendered pages from the build without loading any devDependency', async () => {
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    // Drawn on the server by the prerenderer from dist/prerender, hydrated by the built client.
    expect(html).toContain('<div id="root" data-hydrate>');
    expect(html).toMatch(/<script type="module"[^>]* src="\/assets\/[^"]+\.js"/);
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect((await fetch(`${base}${script}`)).status).toBe(200);
    const sellInfo = await fetch(`${base}/myy-lippu-info`);
    expect(sellInfo.status).toBe(200);
    expect(await sellInfo.text()).toContain('<div id="root" data-hydrate>');
    const refused = [...server.output().matchAll(/devDependency refused: (\S+)/g)].map((match) => match[1]);
    // `debug` (under a production dependency) tries for supports-color and goes on without it.
    expect(refused.filter((key) => key !== 'node_modules/supports-color')).toEqual([]);
  });

  it('warns loudly that it sends no mail without SMTP_URL', () => {
    expect(server.output()).toMatch(
      /"level":40,[^\n]*SMTP_URL is not set: this production server sends NO e-mail/,
    );
  });

  it('sends the security headers and keeps the development mailbox away', async () => {
    const home = await fetch(`${base}/`);
    expect(home.headers.get('permissions-policy')).toContain('camera=()');
    expect(home.headers.get('content-security-policy')).toBeTruthy();
    expect(home.headers.get('strict-transport-security')).toBeTruthy();
    expect((await fetch(`${base}/dev/posti`)).status).toBe(404);
    expect((await fetch(`${base}/api/dev/mails`)).status).toBe(404);
  });

  it('uses PUBLIC_URL in the sitemap and never prints the admin key', async () => {
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    expect(sitemap).toContain('https://lipputori.example/');
    expect(sitemap).not.toContain('localhost');
    expect(server.output()).toContain('Demo accounts');
    expect(server.output()).not.toContain(adminAccessKey);
  });

  it('holds the login limit under parallel guesses, even with a forged X-Forwarded-For', async () => {
    const email = 'tuotanto.testi@example.fi';
    const registered = await json('POST', '/api/auth/register', {
      firstName: 'Tuula',
      lastName: 'Tuotanto',
      email,
      username: 'tuula_tuotanto',
      password: 'Oikea123',
      password2: 'Oikea123',
      isAdult: true,
    });
    expect(registered.status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        json(
          'POST',
          '/api/auth/login',
          { email, password: `Vaarin${i}X` },
          { 'x-forwarded-for': `203.0.113.${i}` },
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
  });

  it('refuses hostile text and a list of addresses with a Finnish 400', async () => {
    const nul = await json('POST', '/api/contact', {
      name: 'Nul\u0000',
      email: 'a@example.fi',
      subject: 'Aihe',
      message: 'Tämä on viesti.',
    });
    expect(nul.status).toBe(400);
    expect((await nul.json()).error.message).toBe('Tekstissä on merkkejä, joita ei voi käyttää');
    const list = await json('POST', '/api/newsletter', { email: 'x,y@evil.example' });
    expect(list.status).toBe(400);
    const missing = await fetch(`${base}/api/newsletter`, { method: 'POST' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).not.toMatch(/Invalid|expected/);
  });
});
