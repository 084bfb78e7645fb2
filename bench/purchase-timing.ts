// Part of `npm run bench`: buying under load. 50 buyers reserve one listing at the same moment
// (the answer time each sees, p50/p99; exactly one may win), beside a bare node:http server
// answering 50 concurrent requests as the ceiling; and the time from a confirmed test card to the
// sale being visible to the waiting page's status check.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { testCards } from '#shared/purchases/purchase.schema.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { listings, users } from '../src/server/db/schema/index.ts';
import { createSession } from '../src/server/modules/accounts/sessions.ts';
import { testListingRow } from '../src/server/test/listing-fixtures.ts';
import { createScratchDatabase } from '../src/server/test/test-app.ts';
import { median, startChild, stop } from './child-process.ts';

const buyersPerRound = 50;
const rounds = 20;
/** Rounds first that are not counted: the server's code is compiled on its first requests. */
const warmUpRounds = 5;

export interface PurchaseTiming {
  database: string;
  reservationMs: { p50: number; p99: number; max: number };
  bareMs: { p50: number; p99: number };
  winnersPerRound: number[];
  saleVisibleMs: { median: number; max: number };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** Times `requests` fired at once; each one's own time from sending to the whole answer. */
async function timedAtOnce(requests: (() => Promise<Response>)[]): Promise<{ ms: number; status: number }[]> {
  return Promise.all(
    requests.map(async (request) => {
      const started = performance.now();
      const response = await request();
      await response.arrayBuffer();
      return { ms: performance.now() - started, status: response.status };
    }),
  );
}

export async function measurePurchases(database: 'pglite' | 'postgres'): Promise<PurchaseTiming> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lipputori-bench-buy-'));
  const scratch =
    database === 'postgres' ? await createScratchDatabase(process.env.DATABASE_URL ?? '') : undefined;
  const port = 3194;
  const barePort = 3195;
  const base = `http://127.0.0.1:${port}`;
  try {
    // The people and listings are written before the server starts (PGlite is one process's).
    const db = await openDatabase(
      scratch ? { databaseUrl: scratch.url } : { pgliteDir: path.join(dataDir, 'db') },
    );
    const [seller] = await db.db
      .insert(users)
      .values({ email: 'myyja@bench.example', username: 'bench_myyja' })
      .returning();
    const buyerRows = await db.db
      .insert(users)
      .values(
        Array.from({ length: buyersPerRound }, (_, n) => ({
          email: `ostaja${n}@bench.example`,
          username: `bench_ostaja${n}`,
        })),
      )
      .returning();
    const cookies = await Promise.all(
      buyerRows.map(async (row) => `lt_session=${await createSession(db.db, row.id)}`),
    );
    const { listingPriceCents: priceCents } = testListingRow('');
    const listingIds = (
      await db.db
        .insert(listings)
        .values(
          Array.from({ length: rounds * 2 + warmUpRounds }, (_, n) =>
            testListingRow(seller?.id ?? '', { eventName: `Bench-konsertti ${n}` }),
          ),
        )
        .returning({ id: listings.id })
    ).map((row) => row.id);
    await db.close();

    const { DATABASE_URL: _unused, ...baseEnv } = process.env;
    const env = scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir };
    const server = await startChild('bench/list-server.ts', { ...baseEnv, ...env, PORT: String(port) });
    const bodyFile = path.join(dataDir, 'body.json');
    await writeFile(bodyFile, '{"clientSecret":"pi_x_secret_y","paymentIntentId":"pi_x"}');
    const bare = await startChild('bench/bare-server.ts', {
      ...baseEnv,
      PORT: String(barePort),
      BODY_FILE: bodyFile,
    });
    try {
      const reserve = (listingId: string, cookie: string) => () =>
        fetch(`${base}/api/purchases/${listingId}/reservation`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ priceCents }),
        });
      for (let round = 0; round < warmUpRounds; round++)
        await timedAtOnce(cookies.map((cookie) => reserve(listingIds[rounds * 2 + round] ?? '', cookie)));
      const reservationTimes: number[] = [];
      const bareTimes: number[] = [];
      const winnersPerRound: number[] = [];
      const visibleTimes: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const listingId = listingIds[round] ?? '';
        const answers = await timedAtOnce(cookies.map((cookie) => reserve(listingId, cookie)));
        reservationTimes.push(...answers.map((answer) => answer.ms));
        winnersPerRound.push(answers.filter((answer) => answer.status === 200).length);
        const bareAnswers = await timedAtOnce(
          cookies.map(() => () => fetch(`http://127.0.0.1:${barePort}/`)),
        );
        bareTimes.push(...bareAnswers.map((answer) => answer.ms));

        // A buyer on a quiet listing pays; the waiting page then asks for the status.
        const payer = cookies[round % cookies.length] ?? '';
        const paid = listingIds[rounds + round] ?? '';
        const { clientSecret } = (await (await reserve(paid, payer)()).json()) as { clientSecret: string };
        const confirmed = performance.now();
        await fetch(`${base}/api/payments/local/confirm`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: payer },
          body: JSON.stringify({
            clientSecret,
            cardNumber: testCards.succeeds,
            expiry: '12/34',
            cvc: '123',
            name: 'Bench Ostaja',
            email: 'ostaja@bench.example',
          }),
        });
        for (;;) {
          const status = (await (
            await fetch(`${base}/api/purchases/${paid}/status`, { headers: { cookie: payer } })
          ).json()) as {
            status: string;
          };
          if (status.status === 'success') break;
          if (performance.now() - confirmed > 10_000) throw new Error('the sale never became visible');
        }
        visibleTimes.push(performance.now() - confirmed);
      }
      return {
        database: scratch ? 'PostgreSQL' : 'PGlite',
        reservationMs: {
          p50: percentile(reservationTimes, 50),
          p99: percentile(reservationTimes, 99),
          max: Math.max(...reservationTimes),
        },
        bareMs: { p50: percentile(bareTimes, 50), p99: percentile(bareTimes, 99) },
        winnersPerRound,
        saleVisibleMs: { median: median(visibleTimes), max: Math.max(...visibleTimes) },
      };
    } finally {
      await stop(server);
      await stop(bare);
    }
  } finally {
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function printPurchaseTiming(timing: PurchaseTiming): void {
  const oneWinner = timing.winnersPerRound.every((winners) => winners === 1);
  console.log(
    `\nReservation with ${buyersPerRound} buyers racing for one listing (${timing.database}, own process, ${rounds} rounds after ${warmUpRounds} to warm up, goal p99 < 100 ms):`,
  );
  console.log(
    `  reservation API        p50 ${timing.reservationMs.p50.toFixed(1)} ms  p99 ${timing.reservationMs.p99.toFixed(1)} ms  max ${timing.reservationMs.max.toFixed(1)} ms`,
  );
  console.log(
    `  bare node:http ceiling p50 ${timing.bareMs.p50.toFixed(1)} ms  p99 ${timing.bareMs.p99.toFixed(1)} ms`,
  );
  console.log(
    `  one winner in every round: ${oneWinner ? 'yes' : `NO (${timing.winnersPerRound.join(', ')})`}`,
  );
  console.log(
    `Confirmed test card → sale visible to the waiting page (goal within one 3 s polling round): median ${timing.saleVisibleMs.median.toFixed(1)} ms, max ${timing.saleVisibleMs.max.toFixed(1)} ms`,
  );
}
