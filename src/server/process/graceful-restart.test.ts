import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acceptsConnections,
  childPids,
  heldRequest,
  isRunning,
  portIsFree,
  until,
} from '../test/processes.ts';
import { type ServerProcess, startProcess, startServerProcess } from '../test/server-process.ts';
import { createScratchDatabase } from '../test/test-app.ts';

// Stopping the server as a supervisor does: SIGTERM to the process it started. `npm start` is
// started as systemd or a container runtime would, and only npm gets the signal.

const serverUrl = process.env.DATABASE_URL;
let cleanups: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** A fresh DATA_DIR, and on PostgreSQL a database of its own. */
async function freshEnvironment(): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lipputori-restart-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
  if (scratch) cleanups.push(() => scratch.drop());
  return {
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
  };
}

/** What a production start needs besides the defaults. */
const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://lipputori.example',
  COOKIE_SECRET: 'sulkemisen-testin-salaisuus-0123456789abcdef',
  ADMIN_ACCESS_KEY: 'sulkemisen-testin-avain-42',
  PAYMENT_PROVIDER: 'local',
};

function track(server: ServerProcess): ServerProcess {
  cleanups.push(async () => {
    for (const pid of childPids(server.pid)) process.kill(pid, 'SIGKILL');
    await server.stop();
  });
  return server;
}

describe.skipIf(process.platform !== 'linux')('stopping the server', () => {
  it('npm start: SIGTERM to npm stops the server, which first finishes a request in flight', async () => {
    const server = track(
      await startProcess('npm', ['start'], {
        ...(await freshEnvironment()),
        ...production,
        SHUTDOWN_TIMEOUT_SECONDS: '120',
      }),
    );
    // `exec` in the start script: the server is npm's own child, no shell between them.
    const [serverPid] = childPids(server.pid);
    expect(serverPid).toBeDefined();
    cleanups.push(async () => {
      if (serverPid && isRunning(serverPid)) process.kill(serverPid, 'SIGKILL');
    });
    expect(childPids(serverPid ?? 0)).toEqual([]);
    // An idle kept-alive connection must not hold the stop up (the start's polling left one open too).
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);

    const inFlight = await heldRequest(server.port, '/api/newsletter', { email: 'kesken@example.fi' });
    process.kill(server.pid, 'SIGTERM');
    // It stops taking connections…
    await until('the server refuses new connections', async () => !(await acceptsConnections(server.port)));
    // …and still answers the request it had begun, from a database that is still open.
    const answer = await inFlight.finish();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ ok: true });
    expect(answer.headers.connection).toBe('close');

    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(isRunning(serverPid ?? 0)).toBe(false);
    expect(await portIsFree(server.port)).toBe(true);
    expect(server.output()).toContain('SIGTERM received');
    expect(server.output()).not.toContain('not closed within');
  }, 300_000);

  it('exits anyway once SHUTDOWN_TIMEOUT_SECONDS has passed', async () => {
    const server = track(
      await startServerProcess({ ...(await freshEnvironment()), SHUTDOWN_TIMEOUT_SECONDS: '1' }),
    );
    // Never finished: the stop cannot complete on its own.
    const stuck = await heldRequest(server.port, '/api/newsletter', { email: 'jumissa@example.fi' });
    cleanups.push(async () => stuck.abandon());
    process.kill(server.pid, 'SIGINT');
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    expect(server.output()).toContain('SIGINT received');
    expect(server.output()).toContain('not closed within 1 s');
    expect(await portIsFree(server.port)).toBe(true);
  }, 120_000);

  it('runs one process on PGlite whatever WEB_CONCURRENCY says, and says why', async () => {
    const { DATABASE_URL: _postgres, ...embedded } = await freshEnvironment();
    const server = track(await startServerProcess({ ...embedded, WEB_CONCURRENCY: '3' }));
    expect(server.output()).toContain('WEB_CONCURRENCY=3 ignored');
    expect(childPids(server.pid)).toEqual([]);
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
  }, 120_000);
});
