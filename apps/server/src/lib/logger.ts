import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../config';

/**
 * Headers that carry credentials. Our request serializer logs no headers, but anything that logs a
 * request or response object whole (a plugin, a debug line) still must not write these.
 */
const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["x-csrf-token"]',
  'headers["set-cookie"]',
];

const MESSAGE_MAX = 500;

/** Query parameters that carry credentials: an OGC client's API key, a signed download's token. */
const SECRET_PARAMETERS = /([?&](?:api_key|token)=)[^&#]*/gi;

/** A request's address as logged: credentials in its query replaced (QGIS can only send a key so). */
export function loggedUrl(url: string): string {
  return url.replace(SECRET_PARAMETERS, '$1[redacted]');
}

type LoggedRequest = {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** Fastify's request fields, with the address's credentials redacted. */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? loggedUrl(request.url) : request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type SerializedError = {
  name?: string;
  code?: string | number;
  message: string;
  stack?: string;
  cause?: SerializedError;
};

/**
 * Errors are logged as their name, code and message only. Driver errors carry the statement's
 * parameters (PGlite: `query`, `params`), the offending row (`detail`: "Key (email)=(…)") and more;
 * pino's standard serializer writes every property, so a failed sign-up logged the email, phone
 * and password hash. A stack holds no values beyond the message, so development keeps it.
 */
export function serializeError(withStack: boolean) {
  const serialize = (value: unknown, depth: number): SerializedError => {
    if (typeof value !== 'object' || value === null) return { message: `(thrown ${typeof value})` };
    const error = value as {
      name?: unknown;
      code?: unknown;
      message?: unknown;
      stack?: unknown;
      cause?: unknown;
    };
    const out: SerializedError = {
      message: typeof error.message === 'string' ? error.message.slice(0, MESSAGE_MAX) : '',
    };
    if (typeof error.name === 'string') out.name = error.name;
    if (typeof error.code === 'string' || typeof error.code === 'number') out.code = error.code;
    if (withStack && typeof error.stack === 'string') out.stack = error.stack;
    if (error.cause !== undefined && depth < 3) out.cause = serialize(error.cause, depth + 1);
    return out;
  };
  return (value: unknown) => serialize(value, 0);
}

export function logOptions(config: Pick<Config, 'logLevel' | 'nodeEnv'>): LoggerOptions {
  const err = serializeError(config.nodeEnv === 'development');
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err, error: err, req: serializeRequest },
  };
}

/** The server's logger: JSON lines on stdout, or on `destination` (tests read what was logged). */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'nodeEnv'>,
  destination?: DestinationStream,
): Logger {
  return destination ? pino(logOptions(config), destination) : pino(logOptions(config));
}

/** Fastify's request lines at debug rather than info; errors and failed requests unchanged. */
export class QuietRequestLogs extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
