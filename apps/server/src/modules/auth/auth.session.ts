import type { FastifyReply, FastifyRequest } from 'fastify';
import { authMessages } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { unauthorized } from '../../lib/errors';
import { grantsOfUser } from '../access/access.queries';
import { hashToken } from './auth.crypto';
import { findSessionByTokenHash, revokeSession, touchSession } from './auth.queries';

export const SESSION_COOKIE = 'planning_session';

/** The signed-in user behind a request, as the session table says. */
export type SessionContext = {
  sessionId: string;
  userId: string;
  tenantId: string;
  kind: 'staff' | 'public';
  provider: string;
  csrfToken: string;
};

// Writing last_seen_at on every request would make every read a write; a minute is precise enough.
const TOUCH_AFTER_MS = 60_000;

/**
 * Loads the session named by the cookie, within the request's tenant: a cookie from another
 * council finds nothing. Sets request.auth, or request.sessionTerminated for a revoked session.
 * An unknown or expired cookie is cleared at once.
 */
export async function loadSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || !request.tenant) return;
  const { db } = request.server.database;
  const { idleMs } = request.server.config.session;
  const tenantId = request.tenant.id;
  const now = new Date();

  const outcome = await withTenant(db, tenantId, async (trx) => {
    const session = await findSessionByTokenHash(trx, hashToken(token));
    if (!session) return 'unknown' as const;
    if (session.revoked_at) return 'terminated' as const;
    if (session.disabled_at) {
      await revokeSession(trx, session.id, 'admin');
      return 'terminated' as const;
    }
    const idleExpired = now.getTime() - session.last_seen_at.getTime() > idleMs;
    if (idleExpired || session.expires_at <= now) return 'expired' as const;
    if (now.getTime() - session.last_seen_at.getTime() > TOUCH_AFTER_MS)
      await touchSession(trx, session.id, now);
    // The grants in the same transaction: the route guard needs them on nearly every call, and a
    // transaction of its own cost three more round trips (a quarter of a map tile's time).
    const grants = await grantsOfUser(trx, session.user_id);
    return {
      auth: {
        sessionId: session.id,
        userId: session.user_id,
        tenantId: session.tenant_id,
        kind: session.kind,
        provider: session.provider,
        csrfToken: session.csrf_token,
      } satisfies SessionContext,
      grants,
    };
  });

  if (outcome === 'terminated') {
    // The cookie stays until a route tells the user (is-authenticated or a private route):
    // a public call in between must not swallow the news that the session was ended.
    request.sessionTerminated = true;
  } else if (outcome === 'unknown' || outcome === 'expired') {
    clearSessionCookie(request, reply);
  } else {
    request.auth = outcome.auth;
    request.grants = outcome.grants;
  }
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    secure: request.protocol === 'https',
    sameSite: 'lax',
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    secure: request.protocol === 'https',
    sameSite: 'lax',
    path: '/',
  });
}

/** Answers 401 'Session terminated' once, clearing the cookie so the next call is simply signed out. */
export function reportTerminatedSession(request: FastifyRequest, reply: FastifyReply): never {
  clearSessionCookie(request, reply);
  throw unauthorized(authMessages.sessionTerminated);
}
