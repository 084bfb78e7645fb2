import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { listings, localPaymentIntents, reservations, sales, users } from '../../db/schema/index.ts';
import { localWebhookSecret } from '../../platform/payments/local-payment-provider.ts';
import { testListingRow } from '../../test/listing-fixtures.ts';
import { type ServerProcess, startServerProcess } from '../../test/server-process.ts';
import { signStripeEvent, stripeEvent } from '../../test/stripe-events.ts';
import { createScratchDatabase } from '../../test/test-app.ts';
import { createSession } from '../accounts/sessions.ts';

// Two app processes on one PostgreSQL database, as a site behind a load balancer runs: holds and
// sales are decided by the database, so racing buyers on different processes still get one
// winner. (PGlite is one process's own database: this needs DATABASE_URL.)

const serverUrl = process.env.DATABASE_URL;
const cookieSecret = 'kaksi-prosessia-yksi-salaisuus-0123456789';
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let database: Database;
let processes: ServerProcess[] = [];
let dataDir = '';

describe.skipIf(!serverUrl)('two app processes on one database', () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl ?? '');
    dataDir = await mkdtemp(path.join(tmpdir(), 'lipputori-two-'));
    const env = {
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      COOKIE_SECRET: cookieSecret,
      SEED_DEMO_DATA: 'false',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
    };
    // The first start migrates; the second finds the schema in place.
    processes = [await startServerProcess(env)];
    processes.push(await startServerProcess(env));
    database = await openDatabase({ databaseUrl: scratch.url });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((server) => server.stop()));
    await database?.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function user(name: string) {
    const [row] = await database.db
      .insert(users)
      .values({ email: `${name}@example.fi`, username: name })
      .returning();
    return { id: row?.id ?? '', cookie: `lt_session=${await createSession(database.db, row?.id ?? '')}` };
  }

  async function listing(sellerId: string) {
    const [row] = await database.db.insert(listings).values(testListingRow(sellerId)).returning();
    return { id: row?.id ?? '', priceCents: row?.listingPriceCents ?? 0 };
  }

  const reserve = (
    server: ServerProcess | undefined,
    cookie: string,
    ticket: { id: string; priceCents: number },
  ) =>
    fetch(`${server?.base}/api/purchases/${ticket.id}/reservation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ priceCents: ticket.priceCents }),
    });

  it('gives one hold to 50 buyers racing through both processes', async () => {
    const seller = await user('myyja_kaksi');
    const ticket = await listing(seller.id);
    const buyers = await Promise.all(Array.from({ length: 50 }, (_, n) => user(`ostaja_kaksi_${n}`)));
    const statuses = await Promise.all(
      buyers.map(async (buyer, n) => (await reserve(processes[n % 2], buyer.cookie, ticket)).status),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
  });

  it('gives one buyer’s two tabs on the two processes the same hold and intent, round after round', async () => {
    const seller = await user('myyja_valilehdet');
    const buyer = await user('ostaja_valilehdet');
    for (let round = 0; round < 8; round++) {
      const ticket = await listing(seller.id);
      const tabs = await Promise.all(processes.map((server) => reserve(server, buyer.cookie, ticket)));
      const answers = await Promise.all(tabs.map((tab) => tab.json()));
      expect(
        tabs.map((tab) => tab.status),
        JSON.stringify(answers),
      ).toEqual([200, 200]);
      expect(answers[0].paymentIntentId).toBe(answers[1].paymentIntentId);
      // Left again, so that the buyer's limit of live holds is not what this test meets.
      await fetch(`${processes[0]?.base}/api/purchases/${ticket.id}/reservation`, {
        method: 'DELETE',
        headers: { cookie: buyer.cookie },
      });
      await database.db
        .update(reservations)
        .set({ createdAt: new Date(Date.now() - 2 * 3600_000) })
        .where(eq(reservations.listingId, ticket.id));
    }
  });

  it('sells once when two paid intents for one listing settle on different processes at once', async () => {
    const seller = await user('myyja_maksut');
    const ticket = await listing(seller.id);
    const [first, second] = [await user('eka_maksaja'), await user('toka_maksaja')];
    const firstHold = await (await reserve(processes[0], first.cookie, ticket)).json();
    // The first buyer's hold runs out; the second takes the listing on the other process.
    await database.db
      .update(listings)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(listings.id, ticket.id));
    const secondHold = await (await reserve(processes[1], second.cookie, ticket)).json();
    // Both banks say yes at the same moment; each event reaches both processes.
    const intents = [firstHold.paymentIntentId as string, secondHold.paymentIntentId as string];
    for (const id of intents)
      await database.db
        .update(localPaymentIntents)
        .set({ status: 'succeeded' })
        .where(eq(localPaymentIntents.id, id));
    const deliveries = intents.flatMap((id) => {
      const { body, signature } = signStripeEvent(
        stripeEvent('payment_intent.succeeded', { id, object: 'payment_intent' }),
        localWebhookSecret(cookieSecret),
      );
      return processes.map((server) =>
        fetch(`${server.base}/api/payments/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body,
        }),
      );
    });
    expect((await Promise.all(deliveries)).map((response) => response.status)).toEqual([200, 200, 200, 200]);

    expect(await database.db.select().from(sales).where(eq(sales.listingId, ticket.id))).toHaveLength(1);
    const ended = await database.db
      .select({ status: reservations.status })
      .from(reservations)
      .where(eq(reservations.listingId, ticket.id));
    expect(ended.map((row) => row.status).sort()).toEqual(['refunded', 'succeeded']);
  });
});
