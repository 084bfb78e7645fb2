import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startS3Server, type TestS3Server } from '../src/server/test/s3-server.ts';
import { freePort } from '../src/server/test/server-process.ts';
import { createScratchDatabase } from '../src/server/test/test-app.ts';

// Lipputori as production runs it past one machine, on loopback: app processes started as
// `node src/server/main.ts` with nothing but their environment, one PostgreSQL database, one
// S3-compatible bucket, and HAProxy in front of them.

const root = path.resolve(import.meta.dirname, '..');

/** The configuration every process of the site shares. */
export const sharedSecrets = {
  COOKIE_SECRET: 'monta-prosessia-yksi-salaisuus-0123456789',
  ADMIN_ACCESS_KEY: 'skaalan-yllapitoavain-2026',
};

export interface AppProcess {
  /** Which of the site's processes (0, 1, 2…). */
  index: number;
  port: number;
  /** http://127.0.0.1:port: straight to this process, past the load balancer. */
  base: string;
  output(): string;
  /** SIGTERM, as a supervisor stops it: resolves once the process has exited. */
  stop(): Promise<void>;
  /** SIGKILL: gone at once, mid-request. */
  kill(): Promise<void>;
  /** Starts it again on its port; resolves once it is ready. */
  restart(): Promise<void>;
}

export interface Cluster {
  processes: AppProcess[];
  /** http://127.0.0.1:port of the load balancer. */
  base: string;
  databaseUrl: string;
  s3: TestS3Server;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Polls `url` until it answers 200; no deadline of its own (the test's hang guard ends a hang). */
export async function waitUntilReady(url: string, child?: ChildProcess, output = () => ''): Promise<void> {
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the process exited: ${output()}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function appProcess(index: number, port: number, env: Record<string, string>): AppProcess {
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  let child: ChildProcess | undefined;
  let output = '';
  const base = `http://127.0.0.1:${port}`;
  const start = async () => {
    child = spawn(process.execPath, [path.join(root, 'src/server/main.ts')], {
      cwd: root,
      env: { ...inherited, HOST: '127.0.0.1', PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const capture = (chunk: Buffer) => {
      output += chunk;
    };
    child.stdout?.on('data', capture);
    child.stderr?.on('data', capture);
    await waitUntilReady(`${base}/readyz`, child, () => output);
  };
  const end = async (signal: NodeJS.Signals) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  };
  return {
    index,
    port,
    base,
    output: () => output,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
    restart: start,
    // The first start is made by startCluster, one process after the other.
  };
}

/**
 * HAProxy on loopback in front of `ports`: health checks on `healthPath`, a request a stopping
 * process did not take sent to another.
 */
export async function startLoadBalancer(ports: number[], directory: string, healthPath = '/readyz') {
  const port = await freePort();
  const config = [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  option http-server-close',
    // A process that is stopping answers 503 to what it will not finish, or refuses the
    // connection: the request goes to another process, once per try.
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response response-timeout 503',
    'frontend site',
    `  bind 127.0.0.1:${port}`,
    '  option forwardfor',
    '  default_backend app',
    'backend app',
    '  balance roundrobin',
    `  option httpchk GET ${healthPath}`,
    '  http-check expect status 200',
    // A check that waits behind a busy process is not a dead process: give it time.
    '  timeout check 3s',
    '  default-server inter 500ms fall 2 rise 1',
    ...ports.map((appPort, index) => `  server app${index} 127.0.0.1:${appPort} check`),
    '',
  ].join('\n');
  const file = path.join(directory, `haproxy-${port}.cfg`);
  await writeFile(file, config);
  const haproxy = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  haproxy.stderr?.on('data', (chunk) => {
    errors += chunk;
  });
  const spawned = await Promise.race([
    once(haproxy, 'spawn').then(() => true),
    once(haproxy, 'error').then(([error]) => {
      throw new Error(`HAProxy could not start (install Debian's haproxy): ${error}`);
    }),
  ]);
  if (!spawned) throw new Error('HAProxy did not start');
  const base = `http://127.0.0.1:${port}`;
  await waitUntilReady(`${base}${healthPath}`, haproxy, () => errors);
  return {
    base,
    async stop() {
      if (haproxy.exitCode !== null) return;
      const exited = once(haproxy, 'exit');
      haproxy.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * `count` app processes on a new PostgreSQL database of the server at `serverUrl` and a new
 * bucket of a loopback S3 server, behind HAProxy. The first process migrates the database alone.
 */
export async function startCluster(
  serverUrl: string,
  count: number,
  extraEnv: Record<string, string> = {},
): Promise<Cluster> {
  const database = await createScratchDatabase(serverUrl);
  const s3 = await startS3Server();
  const bucket = await s3.createBucket();
  const directory = await mkdtemp(path.join(tmpdir(), 'lipputori-scale-'));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    DATA_DIR: path.join(directory, 'data'),
    FILE_STORE: 's3',
    S3_ENDPOINT: bucket.endpoint ?? '',
    S3_REGION: bucket.region,
    S3_BUCKET: bucket.bucket,
    S3_ACCESS_KEY_ID: bucket.credentials?.accessKeyId ?? '',
    S3_SECRET_ACCESS_KEY: bucket.credentials?.secretAccessKey ?? '',
    S3_FORCE_PATH_STYLE: 'true',
    SEED_DEMO_DATA: 'false',
    // Behind the load balancer: the client's address is the one HAProxy appends.
    TRUST_PROXY: '1',
    ...sharedSecrets,
    ...extraEnv,
  };
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const processes = ports.map((port, index) => appProcess(index, port, env));
  const [first, ...others] = processes;
  if (!first) throw new Error('no processes');
  await first.restart();
  await Promise.all(others.map((app) => app.restart()));
  const balancer = await startLoadBalancer(ports, directory);
  return {
    processes,
    base: balancer.base,
    databaseUrl: database.url,
    s3,
    env,
    async close() {
      await balancer.stop();
      await Promise.all(processes.map((app) => app.stop()));
      await s3.close();
      await database.drop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
