import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { errorBodySchema } from '@planning/shared';
import type { Database } from '../db/schema';
import { withTenant } from '../db/tenant-transaction';
import { requireAuth } from './request-context';

/** A route's error answers for its OpenAPI document: each status with the one JSON error body. */
export function errorResponses<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    Status,
    typeof errorBodySchema
  >;
}

/** Runs work in a transaction scoped to the signed-in user's council (row-level security). */
export function signedInTenant(db: Kysely<Database>) {
  return <T>(request: FastifyRequest, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
    withTenant(db, requireAuth(request).tenantId, work);
}
