import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

// `node src/server/main.ts` in a process of its own, as production runs it: for tests about
// what only real processes show (the configuration read at start, several app processes on one
// database).

const root = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  /** http://127.0.0.1:port */
  base: string;
  port: number;
  /** The process started: the server itself, or npm when started through `npm start`. */
  pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves when the started process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface ServerProcessOptions {
  /** The script to run instead of src/server/main.ts, relative to the repository (`npm start`'s scripts/start.mjs). */
  entry?: string;
  /** Node's own options before the script, such as `--import <hook>`. */
  nodeOptions?: string[];
}

/** Starts the server with `env` on top of this process's environment; resolves once it answers. */
export function startServerProcess(
  env: Record<string, string>,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const entry = path.join(root, options.entry ?? 'src/server/main.ts');
  return startProcess(process.execPath, [...(options.nodeOptions ?? []), entry], env);
}

/**
 * Runs `command` in the repository (`npm start`, or node on the entry) with `env` on top of this
 * process's environment, HOST and PORT set to a free loopback port; resolves once it answers.
 */
export async function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<ServerProcess> {
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const server: ChildProcess = spawn(command, args, {
    cwd: root,
    env: { ...inherited, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    server.once('exit', (code, signal) => resolve({ code, signal })),
  );
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  // No deadline of its own: a slow start is not a failure (the test's hang guard ends a hung one).
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`the server exited: ${output}`);
    try {
      if ((await fetch(`${base}/api/me`)).status === 204) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    port,
    pid: server.pid ?? 0,
    output: () => output,
    exited,
    async stop() {
      if (server.exitCode !== null || server.signalCode !== null) return;
      server.kill('SIGTERM');
      await exited;
    },
  };
}
