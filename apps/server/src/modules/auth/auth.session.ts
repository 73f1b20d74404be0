import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { authMessages, type Grant } from '@planning/shared';
import { unauthorized } from '../../lib/errors';
import { hashToken } from './auth.crypto';

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

/** What `app_request_session` (migrations 0012, 0013) answers; grants as 'unit:action'. */
type RequestSession =
  | { status: 'unknown' | 'terminated' | 'expired' }
  | (SessionContext & { status: 'active'; grants: string[]; dataVersion: string });

/**
 * Loads the session named by the cookie, within the request's tenant: a cookie from another
 * council finds nothing. Sets request.auth, or request.sessionTerminated for a revoked session.
 * An unknown or expired cookie is cleared at once.
 *
 * One statement, one round trip: the database checks the session on every request (so a
 * revocation by any server process holds on the very next one), touches it, and hands back the
 * user's grants and the council's data version for the caches keyed by it.
 */
export async function loadSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || !request.tenant) return;
  const { db } = request.server.database;
  const { idleMs } = request.server.config.session;
  const { rows } = await sql<{ session: RequestSession }>`
    select app_request_session(${request.tenant.id}::uuid, ${hashToken(token)}, ${idleMs}::bigint,
      ${TOUCH_AFTER_MS}::bigint) as session`.execute(db);
  const outcome = rows[0]?.session ?? { status: 'unknown' };

  if (outcome.status === 'terminated') {
    // The cookie stays until a route tells the user (is-authenticated or a private route):
    // a public call in between must not swallow the news that the session was ended.
    request.sessionTerminated = true;
  } else if (outcome.status !== 'active') {
    clearSessionCookie(request, reply);
  } else {
    request.auth = {
      sessionId: outcome.sessionId,
      userId: outcome.userId,
      tenantId: outcome.tenantId,
      kind: outcome.kind,
      provider: outcome.provider,
      csrfToken: outcome.csrfToken,
    };
    request.grants = outcome.grants.map((grant) => {
      const [unit, action] = grant.split(':');
      return { unit, action } as Grant;
    });
    request.siteDataVersion = outcome.dataVersion;
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
