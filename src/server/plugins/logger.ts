import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { destination, type Logger, pino } from 'pino';
import type { AppConfig } from '../config.ts';

/** Where log lines go instead of standard output (tests read them). */
export interface LogDestination {
  write(line: string): void;
}

/** A request at least this slow is logged with detail, at warn level. */
export const slowRequestMs = 500;

/**
 * Fastify's logger and request log: pino JSON lines (production, tests), or short text lines on
 * the development console; one line per request, never two.
 */
export function serverLogOptions(
  config: AppConfig,
  logDestination?: LogDestination,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (config.logLevel === 'silent' && !logDestination)
    return { logger: false, logController: new RequestLog() };
  const developmentConsole =
    !logDestination && config.env === 'development' ? new DevelopmentConsole() : undefined;
  return {
    logger: {
      level: config.logLevel === 'silent' ? 'info' : config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      serializers: { err: serializeError },
      ...(logDestination
        ? { stream: logDestination }
        : developmentConsole
          ? {
              stream: {
                write: (line: string) =>
                  developmentConsole.write(formatRecord(line, developmentConsole.colour)),
              },
            }
          : {}),
    },
    logController: new RequestLog(developmentConsole),
  };
}

/** A logger writing as the app's does, for a process without an app (the primary of several). */
export function processLogger(config: AppConfig): Logger {
  const { logger } = serverLogOptions(config);
  if (!logger || typeof logger !== 'object') return pino({ level: 'silent' });
  const { stream, ...options } = logger as { stream?: LogDestination } & Record<string, unknown>;
  return stream ? pino(options, stream) : pino(options);
}

// One-time codes of the social sign-in callback (and any token) stay out of the logged URL.
const secretQuery = /([?&](?:code|state|token)=)[^&]*/g;

/**
 * Fastify's request log: instead of "incoming request" and "request completed" with the whole
 * request and reply, one line when the answer is sent. Server errors and slow answers get the
 * client's address and user agent, at error and warn level; the error handler logs the error itself.
 * On the development console an ordinary request's line is written as text directly: through
 * pino it would be made into JSON only to be parsed back.
 */
export class RequestLog extends LogController {
  readonly #console: DevelopmentConsole | undefined;

  constructor(developmentConsole?: DevelopmentConsole) {
    super();
    this.#console = developmentConsole;
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const failed = Boolean(error) || status >= 500;
    const slow = ms >= slowRequestMs;
    const level = failed ? 'error' : slow ? 'warn' : 'info';
    const log = reply.log;
    if ((levelValues[level] ?? 0) < (levelValues[log.level] ?? Number.POSITIVE_INFINITY)) return;
    const raw = request.url;
    const url = raw.includes('?') ? raw.replace(secretQuery, '$1[redacted]') : raw;
    if (level === 'info') {
      if (this.#console) this.#console.request(request.method, url, status, ms);
      else log.info({ method: request.method, url, status, ms }, 'request completed');
      return;
    }
    log[level](
      {
        method: request.method,
        url,
        status,
        ms,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        ...(error ? { err: error } : {}),
      },
      failed ? 'request failed' : 'slow request',
    );
  }
}

const levelValues: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};
const levelLabels: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
const levelColours: Record<number, string> = { 40: '\x1b[33m', 50: '\x1b[31m', 60: '\x1b[41m' };
const omitted = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'err',
  'method',
  'url',
  'status',
  'ms',
]);

/**
 * Standard output of `npm start`: text gathered during one turn of the event loop and written at
 * its end in one write (a burst of requests costs one system call, a single request shows at
 * once), and whatever is left when the process exits.
 */
export class DevelopmentConsole {
  readonly colour = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
  #pending = '';
  #clockSecond = 0;
  #clock = '';
  readonly #out: { write(text: string): unknown };

  constructor(out: { write(text: string): unknown } = destination({ dest: 1, sync: true })) {
    this.#out = out;
    process.once('exit', () => this.flush());
  }

  write(text: string): void {
    if (this.#pending === '') setImmediate(() => this.flush());
    this.#pending += text;
  }

  /** `09:05:07 INFO  GET /api/tickets?page=1 200 1.2 ms` */
  request(method: string, url: string, status: number, ms: number): void {
    const now = Date.now();
    const second = Math.floor(now / 1000);
    if (second !== this.#clockSecond) {
      this.#clockSecond = second;
      this.#clock = clockOf(new Date(now));
    }
    this.write(`${this.#clock} INFO  ${method} ${url} ${status} ${ms} ms\n`);
  }

  flush(): void {
    if (this.#pending === '') return;
    const text = this.#pending;
    this.#pending = '';
    this.#out.write(text);
  }
}

function clockOf(time: Date): string {
  return `${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())}`;
}

/** `12:03:04 INFO  GET /api/tickets?page=1 200 1.2 ms`, or the message with its other fields. */
export function formatRecord(line: string, colour = false): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line);
  } catch {
    return line;
  }
  const level = Number(record.level);
  let label = levelLabels[level] ?? String(record.level);
  if (colour && levelColours[level]) label = `${levelColours[level]}${label}\x1b[0m`;
  const isRequest = record.method !== undefined && record.status !== undefined;
  let text = `${clockOf(new Date(Number(record.time)))} ${label} `;
  if (isRequest) {
    text += `${record.method} ${record.url} ${record.status} ${record.ms} ms`;
    if (record.msg !== 'request completed') text += ` — ${record.msg}`;
  } else text += String(record.msg ?? '');
  const rest: Record<string, unknown> = {};
  for (const key in record) if (!omitted.has(key)) rest[key] = record[key];
  if (Object.keys(rest).length > 0) text += ` ${JSON.stringify(rest)}`;
  const err = record.err as Record<string, unknown> | undefined;
  if (err) {
    const { type: _type, message, stack, ...fields } = err;
    text += `\n    ${String(stack || message).replaceAll('\n', '\n    ')}`;
    if (Object.keys(fields).length > 0) text += `\n    ${JSON.stringify(fields)}`;
  }
  return `${text}\n`;
}

function pad(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

// A failed query's bound values (`params`: password hashes, e-mail addresses, messages) and the
// row a constraint refused (`detail`) stay out of the log.
const hiddenFields = new Set(['params', 'detail', 'cause']);

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** Like pino's error serializer (type, message, stack, own fields, causes), minus bound values. */
export function serializeError(error: Error, depth = 0): SerializedError {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) if (!hiddenFields.has(key)) fields[key] = value;
  let { message, stack = '' } = error;
  if ('query' in error && 'params' in error) {
    // Drizzle's query error writes the bound values into its message, and so into its stack.
    const header = `${error.name}: ${message}`;
    message = `Failed query: ${String(error.query)}`;
    stack = stack.startsWith(header) ? `${error.name}: ${message}${stack.slice(header.length)}` : '';
  }
  const { cause } = error;
  return {
    ...fields,
    type: error.name,
    message,
    stack,
    ...(cause === undefined || depth >= 5
      ? {}
      : { cause: cause instanceof Error ? serializeError(cause, depth + 1) : cause }),
  };
}
