import type { FastifyRequest } from 'fastify';
import { tenantMessages } from '@planning/shared';
import type { ResolvedTenant } from '../modules/tenants/tenants.resolve';
import { notFound } from './errors';

/** The tenant the tenant hook resolved; a route marked `tenant: false` has none. */
export function requireTenant(request: FastifyRequest): ResolvedTenant {
  if (!request.tenant) throw notFound(tenantMessages.notFound);
  return request.tenant;
}
