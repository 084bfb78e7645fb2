import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childPids, heldRequest, isRunning, portIsFree, until } from '../test/processes.ts';
import { type ServerProcess, startServerProcess } from '../test/server-process.ts';
import { createScratchDatabase } from '../test/test-app.ts';
import { RestartBudget } from './cluster-primary.ts';

// WEB_CONCURRENCY=2 on PostgreSQL: a primary and two server processes on one port. (PGlite runs
// one process: graceful-restart.test.ts.)

const serverUrl = process.env.DATABASE_URL;
const token = 'monta-prosessia-0123456789-abcdefghij';

describe('the restart budget', () => {
  it('allows five restarts a minute and refuses the sixth, then allows again as they age', () => {
    const budget = new RestartBudget({ restarts: 5, windowMs: 60_000 });
    for (let i = 0; i < 5; i++) expect(budget.take(1000 + i)).toBe(true);
    expect(budget.take(2000)).toBe(false);
    expect(budget.take(61_001)).toBe(true);
  });
});

describe.skipIf(!serverUrl || process.platform !== 'linux')('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dataDir = '';
  let server: ServerProcess;

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl ?? '');
    dataDir = await mkdtemp(path.join(tmpdir(), 'lipputori-cluster-'));
    server = await startServerProcess({
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      WEB_CONCURRENCY: '2',
      METRICS_TOKEN: token,
      SHUTDOWN_TIMEOUT_SECONDS: '60',
      LOG_LEVEL: 'info',
    });
    await until('two server processes listen', () =>
      server.output().includes('2 server processes listening'),
    );
  }, 180_000);

  afterAll(async () => {
    for (const pid of childPids(server?.pid ?? 0)) process.kill(pid, 'SIGKILL');
    await server?.stop();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const scrape = async () =>
    (await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const count = (text: string, route: string) =>
    Number(
      text
        .split('\n')
        .find((line) =>
          line.startsWith(
            `lipputori_http_request_duration_seconds_count{method="GET",route="${route}",status_code="200"} `,
          ),
        )
        ?.split(' ')
        .pop() ?? 0,
    );

  it('migrated and seeded once, in the primary, and serves from two processes', async () => {
    expect(server.output().match(/demo data seeded/g)).toHaveLength(1);
    expect(childPids(server.pid)).toHaveLength(2);
    expect((await fetch(`${server.base}/api/tickets`)).status).toBe(200);
  });

  it('answers /metrics for the whole machine, whichever process takes the scrape', async () => {
    // Each request on a new connection: the primary hands connections out in turn.
    for (let i = 0; i < 20; i++)
      expect((await fetch(`${server.base}/healthz`, { headers: { connection: 'close' } })).status).toBe(200);
    const text = await scrape();
    expect(count(text, '/healthz')).toBe(20);
    // Read from the one database: one value, not one per process.
    expect(text).toMatch(/^lipputori_sales \d+$/m);
    expect(count(await scrape(), '/healthz')).toBe(20);
  });

  it('replaces a server process that dies', async () => {
    const [victim, survivor] = childPids(server.pid);
    process.kill(victim ?? 0, 'SIGKILL');
    await until('another process replaces the killed one', () => {
      const now = childPids(server.pid);
      return now.length === 2 && !now.includes(victim ?? 0) && now.includes(survivor ?? 0);
    });
    // The primary's log line may reach us after the new process is counted.
    await until('the primary says why it started another', () =>
      server.output().includes('ended unexpectedly; starting another'),
    );
    await until('the new process listens', async () => {
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => fetch(`${server.base}/readyz`, { headers: { connection: 'close' } })),
      );
      return answers.every((answer) => answer.status === 200);
    });
  });

  it('passes SIGTERM on to every process, which finish their requests, and exits', async () => {
    const workers = childPids(server.pid);
    const inFlight = await heldRequest(server.port, '/api/newsletter', { email: 'klusteri@example.fi' });
    process.kill(server.pid, 'SIGTERM');
    await until('a server process says it is closing', () => server.output().includes('SIGTERM received'));
    const answer = await inFlight.finish();
    expect(answer.status).toBe(200);
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    for (const pid of workers) expect(isRunning(pid)).toBe(false);
    expect(await portIsFree(server.port)).toBe(true);
    expect(server.output()).toContain('all server processes stopped');
  });
});
