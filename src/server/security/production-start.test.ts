import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test/test-app.ts';

// The attacker's checks once more, against `node src/server/main.ts` as production starts it:
// its own process, real HTTP, the configuration read from the environment.
const root = path.resolve(import.meta.dirname, '../../..');
const adminAccessKey = 'tuotannon-salainen-avain-4f9a';
let server: ChildProcess;
let output = '';
let base = '';
let dataDir = '';
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function waitUntilListening(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited: ${output}`);
    try {
      if ((await fetch(`${base}/api/me`)).status === 204) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not start: ${output}`);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lipputori-production-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const { DATABASE_URL, ...inherited } = process.env;
  // On PostgreSQL, a database of its own: the start migrates and seeds it.
  scratch = DATABASE_URL ? await createScratchDatabase(DATABASE_URL) : undefined;
  server = spawn(process.execPath, [path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...inherited,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://lipputori.example',
      COOKIE_SECRET: 'tuotannon-evasteiden-salaisuus-0123456789abcdef',
      ADMIN_ACCESS_KEY: adminAccessKey,
      PAYMENT_PROVIDER: 'local',
      // Demo data in production, so that the start prints its accounts: the key must stay out.
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await waitUntilListening();
}, 90_000);

afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
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
    expect(output).toContain('Demo accounts');
    expect(output).not.toContain(adminAccessKey);
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
