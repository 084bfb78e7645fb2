// Child processes of the bench: servers measured from outside, as a client on the network sees them.
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
