import type { FastifyRequest } from 'fastify';
import { authMessages, tenantMessages } from '@planning/shared';
import type { SessionContext } from '../modules/auth/auth.session';
import type { ResolvedTenant } from '../modules/tenants/tenants.resolve';
import { notFound, unauthorized } from './errors';

/** The tenant the tenant hook resolved; a route marked `tenant: false` has none. */
export function requireTenant(request: FastifyRequest): ResolvedTenant {
  if (!request.tenant) throw notFound(tenantMessages.notFound);
  return request.tenant;
}

/** The signed-in user; the route guard has already refused calls without one on private routes. */
export function requireAuth(request: FastifyRequest): SessionContext {
  if (!request.auth) throw unauthorized(authMessages.unauthenticated);
  return request.auth;
}
