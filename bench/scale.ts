// `npm run bench -- scale` (needs DATABASE_URL and Debian's haproxy): the site as several app
// processes on one PostgreSQL database and one S3 bucket behind HAProxy, measured from outside.
import { type ChildProcess, fork } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startCluster, startLoadBalancer } from '../scale/cluster.ts';
import { hold, payWithCard, Visitor } from '../scale/scale-client.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { users } from '../src/server/db/schema/index.ts';
import { createSession } from '../src/server/modules/accounts/sessions.ts';
import { freePort } from '../src/server/test/server-process.ts';
import { stop } from './child-process.ts';

const root = path.resolve(import.meta.dirname, '..');
const browseSeconds = 10;
const rushSeconds = 60;
const rushConnections = 200;
const rushPurchases = 20;

interface Load {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

async function load(
  url: string,
  connections: number,
  seconds: number,
  requests?: autocannon.Request[],
): Promise<Load> {
  const result = await autocannon({ url, connections, duration: seconds, requests });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export interface ScaleFigures {
  ceiling: Load;
  curve: { processes: number; list: Load; ticketPage: Load }[];
  rush: Load & { purchases: number; purchasesFailed: number; purchaseP99Ms: number };
}

/** A bare node:http server behind the same HAProxy: what the balancer and the loopback allow. */
async function measureCeiling(body: Buffer): Promise<Load> {
  const bodyFile = path.join(tmpdir(), `lipputori-bench-scale-${process.pid}.json`);
  await writeFile(bodyFile, body);
  const port = await freePort();
  const bare: ChildProcess = fork(path.join(root, 'bench/bare-server.ts'), {
    env: { ...process.env, PORT: String(port), BODY_FILE: bodyFile },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => bare.once('message', resolve));
  const balancer = await startLoadBalancer([port], tmpdir(), '/');
  try {
    return await load(`${balancer.base}/`, 50, browseSeconds);
  } finally {
    await balancer.stop();
    await stop(bare);
  }
}

export async function measureScale(serverUrl: string): Promise<ScaleFigures> {
  const curve: ScaleFigures['curve'] = [];
  let body = Buffer.alloc(0);
  for (const processes of [1, 2, 3]) {
    // Browsing from one address: without RATE_LIMITS=off the list's per-address limit would be
    // what is measured.
    const cluster = await startCluster(serverUrl, processes, { RATE_LIMITS: 'off', SEED_DEMO_DATA: 'true' });
    try {
      const listUrl = `${cluster.base}/api/tickets`;
      body = Buffer.from(await (await fetch(listUrl)).arrayBuffer());
      const [first] = (JSON.parse(body.toString()) as { items: { id: string }[] }).items;
      const list = await load(listUrl, 50, browseSeconds);
      const ticketPage = await load(`${cluster.base}/liput/${first?.id}`, 50, browseSeconds);
      curve.push({ processes, list, ticketPage });
    } finally {
      await cluster.close();
    }
  }
  const ceiling = await measureCeiling(body);
  return { ceiling, curve, rush: await measureRush(serverUrl) };
}

/** 200 connections browsing for 60 s through three processes while 20 buyers each buy a ticket. */
async function measureRush(serverUrl: string): Promise<ScaleFigures['rush']> {
  const cluster = await startCluster(serverUrl, 3, { RATE_LIMITS: 'off', SEED_DEMO_DATA: 'true' });
  const database = await openDatabase({ databaseUrl: cluster.databaseUrl });
  try {
    const listed = (await (await fetch(`${cluster.base}/api/tickets?pageSize=48`)).json()) as {
      items: { id: string; listingPriceCents: number }[];
    };
    const tickets = listed.items.slice(0, rushPurchases);
    const buyers = await Promise.all(
      tickets.map(async (_ticket, n) => {
        const [row] = await database.db
          .insert(users)
          .values({
            email: `ryntaaja${n}@example.fi`,
            username: `ryntaaja${n}`,
            firstName: 'ryntäys',
            lastName: 'ostaja',
          })
          .returning({ id: users.id });
        return Visitor.signedIn(`ryntaaja${n}@example.fi`, await createSession(database.db, row?.id ?? ''));
      }),
    );
    const browsing = load(cluster.base, rushConnections, rushSeconds, [
      { method: 'GET', path: '/api/tickets' },
      { method: 'GET', path: `/liput/${tickets[0]?.id}` },
      { method: 'GET', path: `/api/tickets/${tickets[1]?.id}` },
      { method: 'GET', path: '/api/tickets?sortBy=price-asc' },
    ]);
    const purchaseTimes: number[] = [];
    let purchasesFailed = 0;
    await Promise.all(
      tickets.map(async (ticket, n) => {
        const buyer = buyers[n];
        if (!buyer) return;
        const started = performance.now();
        const held = await hold(cluster.base, buyer, ticket.id, ticket.listingPriceCents);
        const paid =
          held.status === 200
            ? await payWithCard(
                cluster.base,
                buyer,
                ((await held.json()) as { clientSecret: string }).clientSecret,
              )
            : undefined;
        if (paid?.status === 200) purchaseTimes.push(performance.now() - started);
        else purchasesFailed++;
      }),
    );
    const browsed = await browsing;
    const sorted = purchaseTimes.sort((a, b) => a - b);
    return {
      ...browsed,
      purchases: purchaseTimes.length,
      purchasesFailed,
      purchaseP99Ms: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0,
    };
  } finally {
    await database.close();
    await cluster.close();
  }
}

const line = (name: string, figures: Load) =>
  `  ${name.padEnd(34)} ${figures.requestsPerSecond.toFixed(0).padStart(6)} req/s   p99 ${String(figures.p99Ms).padStart(4)} ms   errors ${figures.errors + figures.non2xx}`;

export function printScale(figures: ScaleFigures): void {
  console.log(
    `\nSeveral processes on PostgreSQL and S3 behind HAProxy (50 connections, ${browseSeconds} s each):`,
  );
  console.log(line('bare node:http behind HAProxy', figures.ceiling));
  for (const { processes, list, ticketPage } of figures.curve) {
    console.log(line(`${processes} process${processes > 1 ? 'es' : ''}: GET /api/tickets`, list));
    console.log(line(`${processes} process${processes > 1 ? 'es' : ''}: GET /liput/{id}`, ticketPage));
  }
  const { rush } = figures;
  console.log(
    `\nRush: ${rushConnections} connections browsing for ${rushSeconds} s through 3 processes, ${rushPurchases} purchases at once:`,
  );
  console.log(line('browsing', rush));
  console.log(
    `  purchases (hold + card) ${rush.purchases} done, ${rush.purchasesFailed} failed, p99 ${rush.purchaseP99Ms.toFixed(0)} ms`,
  );
  console.log(
    `  goal: zero errors — ${rush.errors + rush.non2xx + rush.purchasesFailed === 0 ? 'met' : 'NOT met'}`,
  );
}
