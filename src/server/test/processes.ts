import { readdirSync, readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';

// What a test about processes asks the operating system (Linux's /proc): who a process's
// children are, whether a process still runs, whether a port is taken.

/** The process's state letter and parent from /proc/<pid>/stat; undefined once it is gone. */
function stat(pid: number): { state: string; ppid: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields follow the last ')'.
    const [state = '', ppid = '0'] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state, ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

/** Whether the process runs (an exited one waiting to be reaped does not). */
export function isRunning(pid: number): boolean {
  const found = stat(pid);
  return found !== undefined && found.state !== 'Z' && found.state !== 'X';
}

/** The running processes whose parent is `pid`. */
export function childPids(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((child) => stat(child)?.ppid === pid && isRunning(child));
}

/** Whether something accepts connections on the loopback port. */
export function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Whether this process could listen on the loopback port (nothing holds it). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Polls `check` until it holds; throws `what` if it has not within `deadlineMs` (generous). */
export async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  deadlineMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not so after ${deadlineMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface HeldRequest {
  /** Sends the rest of the body; resolves with the answer once the server has sent it all. */
  finish(): Promise<{ status: number; headers: Record<string, string>; body: string }>;
  /** Ends the connection without finishing the request. */
  abandon(): void;
}

/**
 * A JSON POST the server has begun (it answered `100 Continue` to the headers, so a route is
 * waiting for the body) and that stays in flight until `finish()`: a request under way at a
 * chosen moment, without guessing at timing.
 */
export function heldRequest(port: number, path: string, body: unknown): Promise<HeldRequest> {
  const payload = Buffer.from(JSON.stringify(body));
  const socket = connect(port, '127.0.0.1');
  let received = '';
  const ended = new Promise<string>((resolve, reject) => {
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
    });
    socket.once('end', () => resolve(received));
    socket.once('error', reject);
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${payload.length}\r\nExpect: 100-continue\r\n\r\n`,
      );
    });
    const waitForContinue = () => {
      if (!received.includes('\r\n\r\n')) return;
      socket.off('data', waitForContinue);
      if (!received.startsWith('HTTP/1.1 100')) return reject(new Error(`no 100 Continue: ${received}`));
      received = '';
      resolve({
        async finish() {
          socket.write(payload);
          const text = await ended;
          const [head = '', ...rest] = text.split('\r\n\r\n');
          const [statusLine = '', ...headerLines] = head.split('\r\n');
          const headers: Record<string, string> = {};
          for (const line of headerLines) {
            const colon = line.indexOf(':');
            headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
          }
          return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
        },
        abandon: () => socket.destroy(),
      });
    };
    socket.on('data', waitForContinue);
  });
}
