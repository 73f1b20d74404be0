/**
 * Errors that mean "the database cannot be reached right now", not "this request was wrong":
 * a restart, a crash, a dropped connection or a full server. They become a 503 with Retry-After
 * (lib/errors.ts) and the pool makes new connections when the database is back.
 */

// SQLSTATE codes: class 08 is connection exceptions (checked by prefix).
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: a fast or smart shutdown ended the session
  '57P02', // crash_shutdown: another backend crashed, the server is restarting
  '57P03', // cannot_connect_now: the server is starting up or shutting down
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
]);

// Node's socket errors while connecting or talking to the server.
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// What node-postgres and pg-pool throw (no code) when a connection ends or cannot be had.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // unexpectedly, due to connection timeout, or by end()
  /^timeout exceeded when trying to connect$/, // pg-pool's connectionTimeoutMillis
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/, // shutting down
  /^PGlite is closed$/,
];

/** An error whose `code` is set by us when the embedded database had to be restarted. */
export const EMBEDDED_RESTARTED = 'PLANNING_EMBEDDED_RESTARTED';

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code)) return true;
    if (code === EMBEDDED_RESTARTED) return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message)))
    return true;
  // Connecting to a name with several addresses fails with an AggregateError of each attempt.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
