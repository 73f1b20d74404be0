import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authMessages, hasGrants, type Grant } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { forbidden, unauthorized } from '../../lib/errors';
import { reportTerminatedSession } from '../auth/auth.session';
import { grantsOfUser } from './access.queries';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The security pipeline every API route passes before its input is even validated:
 * CSRF for state-changing calls → signed in (unless the route is public) → the route's grants.
 */
export async function guardRoute(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const config = request.routeOptions.config;
  if (!SAFE_METHODS.has(request.method)) checkCsrf(request);
  if (config.public) return;
  if (!request.auth) {
    if (request.sessionTerminated && config.reportsSessionEnd !== false)
      reportTerminatedSession(request, reply);
    throw unauthorized(authMessages.unauthenticated);
  }
  if (config.access && config.access.length > 0) {
    if (!hasGrants(await grantsOf(request), config.access)) throw forbidden(authMessages.notAuthorized);
  }
}

/** The signed-in user's grants, read once per request. */
export async function grantsOf(request: FastifyRequest): Promise<Grant[]> {
  if (!request.auth) return [];
  if (!request.grants) {
    const { userId, tenantId } = request.auth;
    request.grants = await withTenant(request.server.database.db, tenantId, (trx) =>
      grantsOfUser(trx, userId),
    );
  }
  return request.grants;
}

/**
 * With a session, the call must carry the session's CSRF token (the cookie alone proves nothing).
 * Without one (sign-in, sign-up), a cross-site Origin is refused, which stops login CSRF.
 * Bodies are JSON only, which an HTML form on another site cannot send either.
 */
function checkCsrf(request: FastifyRequest) {
  if (request.auth) {
    const sent = request.headers['x-csrf-token'];
    if (typeof sent !== 'string' || !sameSecret(sent, request.auth.csrfToken))
      throw forbidden(authMessages.csrfInvalid);
    return;
  }
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw forbidden(authMessages.csrfInvalid);
    }
    if (originHost !== request.host) throw forbidden(authMessages.csrfInvalid);
  } else if (origin === 'null') {
    throw forbidden(authMessages.csrfInvalid);
  }
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
