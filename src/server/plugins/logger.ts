import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config.ts';

/** Where log lines go instead of standard output (tests read them). */
export interface LogDestination {
  write(line: string): void;
}

/** Fastify's logger: pino, pretty in development, with errors that never carry bound values. */
export function loggerOptions(
  config: AppConfig,
  destination?: LogDestination,
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent' && !destination) return false;
  return {
    level: config.logLevel === 'silent' ? 'info' : config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization'],
    serializers: { err: serializeError },
    ...(destination
      ? { stream: destination }
      : config.env === 'development'
        ? { transport: { target: 'pino-pretty' } }
        : {}),
  };
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
