// Shared by the bench's measurements: servers in child processes, measured from outside as a
// client on the network sees them, and the median they are reported by.
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Forks a bench server with exactly `env` and waits for its ready message. */
export function startChild(script: string, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(root, script), { env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** Stops a child and waits until it has exited. */
export async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The middle value (the upper one of an even count): the figure every bench reports. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
