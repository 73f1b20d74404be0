import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { isLoopbackHost, tenantMessages, tenantNameFromHost, tenantNameSchema } from '@planning/shared';
import type { Config } from '../../config';
import { badRequest, notFound } from '../../lib/errors';
import { perDatabase } from '../../lib/per-database';
import { findTenantByName } from './tenants.queries';

export type ResolvedTenant = { id: string; name: string };

export const TENANT_HEADER = 'x-tenant';

/**
 * Which tenant a request is for. The host name decides on production hosts; the X-Tenant header
 * (sent by the web app from the picker's choice) is honoured only on loopback and non-production
 * hosts, so nobody can reach another council's data on its production host by adding a header.
 */
export function tenantNameForRequest(request: FastifyRequest, config: Config): string | null {
  const header = request.headers[TENANT_HEADER];
  const headerValue = Array.isArray(header) ? header[0] : header;
  if (headerValue && (config.tenantHeaderAnyHost || isLoopbackHost(request.hostname))) {
    return headerValue.trim().toLowerCase();
  }
  return tenantNameFromHost(request.hostname, config.tenantHostPattern);
}

export async function resolveTenant(request: FastifyRequest): Promise<ResolvedTenant> {
  const { config, database } = request.server;
  const name = tenantNameForRequest(request, config);
  if (name === null) throw badRequest(tenantMessages.notSpecified);
  const known = tenantsByName(database.db);
  const cached = known.get(name);
  if (cached) return cached;
  // A malformed name cannot exist, and is not worth a query.
  if (!tenantNameSchema.safeParse(name).success) throw notFound(tenantMessages.notFound);
  const tenant = await findTenantByName(database.db, name);
  // Only councils that exist are kept: a council created a moment ago is found at once.
  if (!tenant) throw notFound(tenantMessages.notFound);
  known.set(name, tenant);
  return tenant;
}

/**
 * A council's name → id, kept briefly per database so most requests need no query for it. Names
 * and ids do not change; the TTL only bounds how long a deleted council's name still resolves
 * (to an id whose rows are gone, so it shows nothing).
 */
const TENANT_CACHE_MS = 10_000;
const tenantsByName = perDatabase(
  () => new LRUCache<string, ResolvedTenant>({ max: 1000, ttl: TENANT_CACHE_MS }),
);
