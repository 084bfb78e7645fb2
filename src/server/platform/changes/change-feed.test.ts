import { connect, createServer, type Socket } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { createScratchDatabase } from '../../test/test-app.ts';
import { type ChangeFeed, changeFeedApplicationName, openChangeFeed } from './change-feed.ts';

// The feed between processes needs PostgreSQL's LISTEN/NOTIFY (PGlite is one process's own).

const serverUrl = process.env.DATABASE_URL;
const log = pino({ level: 'silent' });

/** Polls `check` until it holds; the deadline is generous, the answer usually comes in milliseconds. */
async function eventually(check: () => boolean | Promise<boolean>, what: string, deadlineMs = 15_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > deadlineMs) throw new Error(`not within ${deadlineMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('openChangeFeed on PGlite', () => {
  it('is the one process of its database: it opens no connection, and publishing tells nobody', async () => {
    const database = await openDatabase({});
    try {
      const feed = await openChangeFeed(database, log);
      let heard = 0;
      feed.subscribe('listings', () => heard++);
      await database.db.transaction((tx) => feed.publish(tx, 'listings'));
      expect(heard).toBe(0);
      await feed.close();
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!serverUrl)('the change feed on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Extract<Database, { kind: 'postgres' }>;
  let writer: ChangeFeed;
  let reader: ChangeFeed;
  const heard = { writer: 0, reader: 0 };

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl ?? '');
    const opened = await openDatabase({ databaseUrl: scratch.url });
    if (opened.kind !== 'postgres') throw new Error('expected PostgreSQL');
    database = opened;
    writer = await openChangeFeed(database, log);
    reader = await openChangeFeed(database, log, { firstRetryMs: 20 });
    writer.subscribe('listings', () => heard.writer++);
    reader.subscribe('listings', () => heard.reader++);
  }, 60_000);

  afterAll(async () => {
    await writer?.close();
    await reader?.close();
    await database?.close();
    await scratch?.drop();
  });

  const ofTheFeeds = 'application_name = $1 and datname = current_database()';
  const feedBackends = async () =>
    (
      await database.pool.query<{ pid: number }>(`select pid from pg_stat_activity where ${ofTheFeeds}`, [
        changeFeedApplicationName,
      ])
    ).rows.map((row) => row.pid);
  const endFeedConnections = () =>
    database.pool.query(`select pg_terminate_backend(pid) from pg_stat_activity where ${ofTheFeeds}`, [
      changeFeedApplicationName,
    ]);

  it('tells the other process of a committed change, never of a rolled back one, and not itself', async () => {
    const before = { ...heard };
    const rolledBack = new Error('rolled back');
    await expect(
      database.db.transaction(async (tx) => {
        await writer.publish(tx, 'listings');
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    await database.db.transaction((tx) => writer.publish(tx, 'listings'));
    // Notifications arrive in commit order: had the rolled back one been sent, it came first.
    await eventually(() => heard.reader > before.reader, 'the reader hears the commit');
    expect(heard.reader).toBe(before.reader + 1);
    // A process clears its own caches after its commit; its own notification is not news.
    await database.db.transaction((tx) => reader.publish(tx, 'listings'));
    await database.db.transaction((tx) => writer.publish(tx, 'listings'));
    await eventually(() => heard.reader > before.reader + 1, 'the reader hears the second commit');
    // The writer's notice of the reader's commit comes on its own connection, in its own time.
    await eventually(() => heard.writer > before.writer, "the writer hears the reader's commit");
    expect(heard.writer).toBe(before.writer + 1);
  });

  it('connects again after its connection was ended, calls every listener, and hears again', async () => {
    const backends = await feedBackends();
    expect(backends).toHaveLength(2);
    const before = { ...heard };
    // Ended twice: a feed that came back once must come back again.
    await endFeedConnections();
    await eventually(() => heard.reader > before.reader && heard.writer > before.writer, 'both reconnect');
    await eventually(async () => (await feedBackends()).length === 2, 'two new feed connections');
    const again = await feedBackends();
    expect(again.some((pid) => backends.includes(pid))).toBe(false);
    await endFeedConnections();
    await eventually(
      () => heard.reader > before.reader + 1 && heard.writer > before.writer + 1,
      'both reconnect again',
    );

    const afterReconnect = heard.reader;
    await database.db.transaction((tx) => writer.publish(tx, 'listings'));
    await eventually(() => heard.reader > afterReconnect, 'the reader hears after reconnecting');
  });

  /**
   * The database behind a relay that can drop every connection and refuse new ones, as a server
   * restarting or a failover does, or stop passing anything on without a word, as a network path
   * that died does.
   */
  async function openRelay() {
    const target = new URL(scratch.url);
    const sockets = new Set<Socket>();
    const pairs = new Set<readonly [Socket, Socket]>();
    const state = { reachable: true, refused: 0, accepted: 0 };
    const relay = createServer((client) => {
      if (!state.reachable) {
        state.refused++;
        client.destroy();
        return;
      }
      state.accepted++;
      const server = connect(Number(target.port || 5432), target.hostname);
      for (const pair of [
        [client, server],
        [server, client],
      ] as const) {
        const [from, to] = pair;
        sockets.add(from);
        pairs.add(pair);
        from.pipe(to);
        from.on('error', () => to.destroy());
        from.on('close', () => {
          sockets.delete(from);
          pairs.delete(pair);
          to.destroy();
        });
      }
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const address = relay.address();
    if (!address || typeof address === 'string') throw new Error('no relay address');
    const viaRelay = new URL(scratch.url);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(address.port);
    return {
      state,
      database: { ...database, connectionString: viaRelay.toString() },
      dropAll: () => {
        for (const socket of sockets) socket.destroy();
      },
      /** Nothing passes any more either way, and no side is told: no FIN, no RST. */
      silenceAll: () => {
        for (const [from, to] of pairs) {
          from.unpipe(to);
          from.pause();
        }
      },
      close: async () => {
        for (const socket of sockets) socket.destroy();
        await new Promise((resolve) => relay.close(resolve));
      },
    };
  }

  it('keeps trying while the server cannot be reached, and hears again once it can', async () => {
    const relay = await openRelay();
    const feed = await openChangeFeed(relay.database, log, { firstRetryMs: 20, maxRetryMs: 200 });
    let feedHeard = 0;
    feed.subscribe('listings', () => feedHeard++);
    try {
      relay.state.reachable = false;
      relay.dropAll();
      await eventually(() => relay.state.refused >= 3, 'three refused attempts');
      expect(feedHeard).toBe(0);
      relay.state.reachable = true;
      await eventually(() => feedHeard === 1, 'back, and every listener told');
      await database.db.transaction((tx) => writer.publish(tx, 'listings'));
      await eventually(() => feedHeard === 2, 'hears the next change');
    } finally {
      await feed.close();
      await relay.close();
    }
  });

  it('notices a connection that went silent without an error, and replaces it', async () => {
    // Its peer vanished: the LISTEN connection would wait forever. The heartbeat's question goes
    // unanswered, and the feed connects again (here in milliseconds; by default within 20 s).
    const relay = await openRelay();
    const feed = await openChangeFeed(relay.database, log, {
      firstRetryMs: 20,
      maxRetryMs: 200,
      heartbeatMs: 50,
      heartbeatTimeoutMs: 500,
    });
    let feedHeard = 0;
    feed.subscribe('listings', () => feedHeard++);
    try {
      expect(relay.state.accepted).toBe(1);
      relay.silenceAll();
      await eventually(() => feedHeard === 1, 'replaced, and every listener told');
      expect(relay.state.accepted).toBe(2);
      await database.db.transaction((tx) => writer.publish(tx, 'listings'));
      await eventually(() => feedHeard === 2, 'hears the next change on the new connection');
    } finally {
      await feed.close();
      await relay.close();
    }
  });

  it('closes even when its connection went silent before the heartbeat noticed', async () => {
    const relay = await openRelay();
    const feed = await openChangeFeed(relay.database, log, { heartbeatMs: 60_000, heartbeatTimeoutMs: 200 });
    try {
      relay.silenceAll();
      // The goodbye goes unanswered: the feed gives up waiting for it after the heartbeat's timeout.
      let deadline: NodeJS.Timeout | undefined;
      await Promise.race([
        feed.close(),
        new Promise((_resolve, reject) => {
          deadline = setTimeout(() => reject(new Error('close still waits after 15 s')), 15_000);
        }),
      ]);
      clearTimeout(deadline);
    } finally {
      await relay.close();
    }
  });

  it('closes its connection with the app', async () => {
    const before = await feedBackends();
    const feed = await openChangeFeed(database, log);
    // Listening when opened: its connection is there at once.
    const added = (await feedBackends()).filter((pid) => !before.includes(pid));
    expect(added).toHaveLength(1);
    await feed.close();
    await eventually(
      async () => !(await feedBackends()).includes(added[0] ?? 0),
      'the closed feed’s connection is gone',
    );
  });
});
