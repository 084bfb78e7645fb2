import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database, Executor } from '../../db/client.ts';

// Tells the other app processes on one PostgreSQL database that data they keep in memory changed
// (docs/decisions/023). The process that wrote clears its own caches after its commit; this
// feed is for everyone else. PGlite belongs to one process, so there it tells nobody.

/** Kinds of data a process keeps in memory and another may change. */
export type ChangeTopic = 'listings';

export interface ChangeFeed {
  /**
   * Tells the other processes that `topic` changed, inside the writer's transaction: PostgreSQL
   * delivers the notification when (and only if) that transaction commits.
   */
  publish(executor: Executor, topic: ChangeTopic): Promise<void>;
  /**
   * Calls `listener` when another process changed `topic`, and when the feed's connection came
   * back after it was lost (whatever changed meanwhile went unheard).
   */
  subscribe(topic: ChangeTopic, listener: () => void): void;
  close(): Promise<void>;
}

export const changeChannel = 'lipputori_changes';
/** The feed's connection as `pg_stat_activity` shows it, for operators (and the tests). */
export const changeFeedApplicationName = 'lipputori change feed';

export interface ChangeFeedOptions {
  /** The first wait before connecting again; doubled after each failure up to `maxRetryMs`. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /**
   * How long after each answer the feed asks its connection something again (`select 1`), and how
   * long that answer may take before the connection counts as dead and is replaced. A LISTEN
   * connection whose peer vanished without a word (a dropped network path, a failover's lost
   * address) never errors by itself: with the defaults it is noticed within 20 s.
   */
  heartbeatMs?: number;
  heartbeatTimeoutMs?: number;
}

/** Opens the feed of `database`: listening already when this resolves, on PostgreSQL. */
export async function openChangeFeed(
  database: Database,
  log: FastifyBaseLogger,
  options: ChangeFeedOptions = {},
): Promise<ChangeFeed> {
  if (database.kind === 'pglite') {
    return { publish: async () => {}, subscribe: () => {}, close: async () => {} };
  }
  const feed = new PostgresChangeFeed(database.connectionString, log, options);
  await feed.start();
  return feed;
}

interface ChangeMessage {
  /** The process that wrote: it has cleared its own caches already. */
  from: string;
  topic: ChangeTopic;
}

/**
 * LISTENs on a connection of its own, not one of the pool's: a pooled connection goes back to
 * the pool between queries, and a listener must stay. When the connection is lost (the server
 * restarted, an operator ended it) it connects again with backoff and, once listening, calls
 * every listener.
 */
class PostgresChangeFeed implements ChangeFeed {
  private readonly origin = randomUUID();
  private readonly listeners = new Map<ChangeTopic, Set<() => void>>();
  private readonly connectionString: string;
  private readonly log: FastifyBaseLogger;
  private readonly firstRetryMs: number;
  private readonly maxRetryMs: number;
  private readonly heartbeatMs: number;
  private readonly heartbeatTimeoutMs: number;
  private client: pg.Client | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  /** A reconnection under way, which `close` waits for so that no connection outlives the app. */
  private reconnecting: Promise<void> | undefined;
  private failures = 0;
  private closed = false;

  constructor(connectionString: string, log: FastifyBaseLogger, options: ChangeFeedOptions) {
    this.connectionString = connectionString;
    this.log = log;
    this.firstRetryMs = options.firstRetryMs ?? 100;
    this.maxRetryMs = options.maxRetryMs ?? 10_000;
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    this.heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? 10_000;
  }

  async publish(executor: Executor, topic: ChangeTopic): Promise<void> {
    const message: ChangeMessage = { from: this.origin, topic };
    await executor.execute(sql`select pg_notify(${changeChannel}, ${JSON.stringify(message)})`);
  }

  subscribe(topic: ChangeTopic, listener: () => void): void {
    const listeners = this.listeners.get(topic) ?? new Set();
    listeners.add(listener);
    this.listeners.set(topic, listeners);
  }

  /** The first connection: failing to make it fails the start, as the database itself would. */
  async start(): Promise<void> {
    this.client = await this.listen();
    this.beatLater(this.client);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.heartbeatTimer);
    await this.reconnecting;
    const client = this.client;
    this.client = undefined;
    if (client) await this.end(client);
  }

  /**
   * Ends a connection in order, or at once when its peer does not answer the goodbye within the
   * heartbeat's timeout (a connection that died silently would keep `end` waiting for ever).
   */
  private async end(client: pg.Client): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([
      client.end().then(
        () => true,
        () => true,
      ),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), this.heartbeatTimeoutMs);
      }),
    ]);
    clearTimeout(timer);
    if (!ended) client.connection.stream.destroy();
  }

  private async listen(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      application_name: changeFeedApplicationName,
      // A connection that silently died is noticed by the heartbeat (TCP keepalive, on as well,
      // takes minutes), and an attempt at an unreachable server gives up, to be tried again later.
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    // Without a listener an 'error' would end the process; the 'end' that follows reconnects.
    client.on('error', (error) => this.log.warn({ err: error }, 'change feed connection failed'));
    client.on('notification', (notification) => this.receive(notification.payload));
    try {
      await client.connect();
      await client.query(`listen ${changeChannel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    client.once('end', () => this.lost(client));
    return client;
  }

  private receive(payload: string | undefined): void {
    let message: ChangeMessage;
    try {
      message = JSON.parse(payload ?? '') as ChangeMessage;
    } catch {
      this.log.warn({ payload }, 'change feed message not understood');
      return;
    }
    if (message.from === this.origin) return;
    for (const listener of this.listeners.get(message.topic) ?? []) listener();
  }

  /** Asks the connection `select 1` after `heartbeatMs`, and again after each answer. */
  private beatLater(client: pg.Client): void {
    clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = setTimeout(() => void this.beat(client), this.heartbeatMs);
    this.heartbeatTimer.unref();
  }

  private async beat(client: pg.Client): Promise<void> {
    if (this.closed || client !== this.client) return;
    let timer: NodeJS.Timeout | undefined;
    const silent = new Promise<'silent'>((resolve) => {
      timer = setTimeout(() => resolve('silent'), this.heartbeatTimeoutMs);
    });
    const answer = client.query('select 1').then(
      () => 'answered' as const,
      () => 'failed' as const,
    );
    const outcome = await Promise.race([answer, silent]);
    clearTimeout(timer);
    if (this.closed || client !== this.client) return;
    if (outcome === 'answered') {
      this.beatLater(client);
      return;
    }
    this.log.warn(
      { outcome, timeoutMs: this.heartbeatTimeoutMs },
      'change feed connection did not answer; replacing it',
    );
    // Its peer would not answer an orderly goodbye either: the socket goes at once, and its 'end'
    // reconnects as after any other loss.
    client.connection.stream.destroy();
  }

  private lost(client: pg.Client): void {
    if (this.closed || client !== this.client) return;
    clearTimeout(this.heartbeatTimer);
    this.client = undefined;
    this.log.warn('change feed connection lost; connecting again');
    this.retryLater();
  }

  private retryLater(): void {
    // Jittered, so that processes that lost the server together do not return in one wave.
    const backoff = Math.min(this.maxRetryMs, this.firstRetryMs * 2 ** this.failures);
    const delay = backoff / 2 + (Math.random() * backoff) / 2;
    this.retryTimer = setTimeout(() => {
      this.reconnecting = this.reconnect().finally(() => {
        this.reconnecting = undefined;
      });
    }, delay);
    this.retryTimer.unref();
  }

  private async reconnect(): Promise<void> {
    let client: pg.Client;
    try {
      client = await this.listen();
    } catch (error) {
      this.failures++;
      this.log.warn({ err: error, failures: this.failures }, 'change feed could not connect');
      if (!this.closed) this.retryLater();
      return;
    }
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
    this.beatLater(client);
    this.failures = 0;
    this.log.info('change feed listening again');
    // Notifications sent while nobody listened are gone: every cache forgets what it held.
    for (const listeners of this.listeners.values()) for (const listener of listeners) listener();
  }
}
