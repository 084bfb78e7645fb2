// Part of `npm run bench`: how long a password reset request takes to answer for an address with
// an account and for one without. The answers must not tell the two apart (issue 10, finding 8).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { median, startChild, stop } from './child-process.ts';

export interface ResetTiming {
  requestsEach: number;
  knownMedianMs: number;
  unknownMedianMs: number;
}

/**
 * The real app in its own process (so this process's timing is not slowed by the server's
 * work), asked over HTTP in turn for a known and an unknown address, with a pause after each
 * request in which the work after the answer ends.
 */
export async function measureResetTiming(requestsEach = 100): Promise<ResetTiming> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lipputori-bench-reset-'));
  const port = 3193;
  const { DATABASE_URL: _embeddedOnly, ...env } = process.env;
  const server = await startChild('bench/list-server.ts', { ...env, DATA_DIR: dataDir, PORT: String(port) });
  try {
    const post = (url: string, body: unknown) =>
      fetch(`http://127.0.0.1:${port}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const known = 'bench.reset@example.fi';
    const registered = await post('/api/auth/register', {
      firstName: 'Bench',
      lastName: 'Reset',
      email: known,
      username: 'bench_reset',
      password: 'Oikea123',
      password2: 'Oikea123',
      isAdult: true,
    });
    if (registered.status !== 201) throw new Error(`registration answered ${registered.status}`);

    const timings = { known: [] as number[], unknown: [] as number[] };
    // The first rounds warm the JIT and are not counted.
    for (let round = -10; round < requestsEach; round++)
      for (const kind of ['known', 'unknown'] as const) {
        const email = kind === 'known' ? known : `ei.tilia.${round}@example.fi`;
        const started = performance.now();
        const response = await post('/api/auth/password-reset/request', { email });
        await response.arrayBuffer();
        const elapsed = performance.now() - started;
        if (response.status !== 200) throw new Error(`reset request answered ${response.status}`);
        if (round >= 0) timings[kind].push(elapsed);
        await sleep(20);
      }
    return {
      requestsEach,
      knownMedianMs: median(timings.known),
      unknownMedianMs: median(timings.unknown),
    };
  } finally {
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function printResetTiming(timing: ResetTiming): void {
  console.log(
    `\nPassword reset request, time to answer (PGlite, own process, ${timing.requestsEach} requests each, median):`,
  );
  console.log(`  address with an account     ${timing.knownMedianMs.toFixed(2)} ms`);
  console.log(`  address without an account ${timing.unknownMedianMs.toFixed(2)} ms`);
}
