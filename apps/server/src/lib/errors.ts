import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { serverMessages, type ErrorBody } from '@planning/shared';
import { isDatabaseUnavailable } from '../db/availability';

/** Seconds a client should wait before retrying while the database is unavailable. */
export const RETRY_AFTER_SECONDS = 5;

/** An error whose message is meant for the user; the handler sends it with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly issues?: ErrorBody['issues'],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, issues?: ErrorBody['issues']) =>
  new HttpError(400, message, issues);
export const notFound = (message: string) => new HttpError(404, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const conflict = (message: string) => new HttpError(409, message);

/** A unique key refused the row: two writers raced, or the name is taken. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

// Fastify's own transport errors, reworded for people (its wording names internals).
const transportErrors: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: serverMessages.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: serverMessages.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: serverMessages.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: serverMessages.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: serverMessages.malformedJson },
};

/** One place maps every error to a status and a JSON body; no stack trace ever reaches a client. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    if (error.headers) reply.headers(error.headers);
    const body: ErrorBody = { message: error.message };
    if (error.issues) body.issues = error.issues;
    return reply.status(error.statusCode).send(body);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? 'body';
    const issues = error.validation.map((issue) => ({
      path: [where, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
      message: issue.message ?? 'Invalid value',
    }));
    return reply.status(400).send({ message: serverMessages.payloadInvalid, issues } satisfies ErrorBody);
  }
  const transport = error.code ? transportErrors[error.code] : undefined;
  if (transport) return reply.status(transport.status).send({ message: transport.message });
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return reply.status(400).send({ message: serverMessages.malformedJson });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    return reply.status(500).send({ message: serverMessages.internalError });
  }
  if (isDatabaseUnavailable(error)) {
    // A restart or a dropped connection: the pool reconnects by itself, so the client may retry.
    request.log.warn({ err: error }, 'database unavailable');
    return reply
      .status(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({ message: serverMessages.serviceUnavailable });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's remaining client errors (bad headers, bad URL) carry safe messages.
    return reply.status(status).send({ message: error.message });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ message: serverMessages.internalError });
}
