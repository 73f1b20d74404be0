import type { FastifyRequest } from 'fastify';
import { isLoopbackHost, tenantMessages, tenantNameFromHost, tenantNameSchema } from '@planning/shared';
import type { Config } from '../../config';
import { badRequest, notFound } from '../../lib/errors';
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
  // A malformed name cannot exist, and is not worth a query.
  if (!tenantNameSchema.safeParse(name).success) throw notFound(tenantMessages.notFound);
  const tenant = await findTenantByName(database.db, name);
  if (!tenant) throw notFound(tenantMessages.notFound);
  return tenant;
}
