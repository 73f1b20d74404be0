import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { authMessages, type Grant } from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
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

/**
 * The session check every signed-in request makes: one indexed read of the session (by its
 * token's hash) and its user, with the council's access and site data versions. The user's grants
 * are joined only when the access version differs from the one this process holds for the
 * session ($4): roles, grants, who holds them and an account's disabling all bump it in the same
 * transaction (migration 0035's triggers), so a change by any process, or straight in the
 * database, is seen on the very next request, and the version and grants come from one snapshot.
 *
 * The tenant is set for this statement only (set_config local ends with its implicit
 * transaction) before the sub-select runs, so row-level security confines every read to that
 * council; were the order ever different, the policy would see no council and find nothing.
 * Plain SQL as a prepared statement: no plpgsql, parsed and planned once per connection.
 * Answers [session, user, kind, provider, csrf, state, access version, data version, grants].
 */
const SESSION_CHECK = `
select case when set_config('app.tenant_id', $1::text, true) is not null then (
  select json_build_array(s.id, s.user_id, u.kind, s.provider, s.csrf_token,
    case when s.revoked_at is not null then 'terminated'
         when u.disabled_at is not null then 'disabled'
         when s.last_seen_at < now() - $3::bigint * interval '1 millisecond' or s.expires_at <= now() then 'expired'
         when s.last_seen_at < now() - $5::bigint * interval '1 millisecond' then 'untouched'
         else 'active' end,
    v.access, v.data,
    case when v.access = $4::text then null else (
      select coalesce(array_agg(distinct g.unit || ':' || g.action), '{}')
        from user_roles ur join role_grants g on g.role_id = ur.role_id
        where ur.user_id = s.user_id) end)
  from sessions s
    join users u on u.id = s.user_id
    cross join lateral (select
      coalesce((select version from tenant_access_versions where tenant_id = $1::uuid), 1)::text as access,
      coalesce((select version from site_data_versions where tenant_id = $1::uuid), 1)::text as data) v
  where s.token_hash = $2
) end as session`;

type SessionState = 'terminated' | 'disabled' | 'expired' | 'untouched' | 'active';
type SessionRow = [
  sessionId: string,
  userId: string,
  kind: SessionContext['kind'],
  provider: string,
  csrfToken: string,
  state: SessionState,
  accessVersion: string,
  dataVersion: string,
  grants: string[] | null,
];

/** A session's grants as of an access version of its council. */
type KnownGrants = { version: string; grants: readonly Grant[] };

/**
 * Grants by session token hash, per database (tests open many). Only ever used when the database
 * says, in the same statement that checks the session, that the council's access version is still
 * the one they were read at.
 */
const grantsBySession = new WeakMap<object, LRUCache<string, KnownGrants>>();

function knownGrantsOf(db: object): LRUCache<string, KnownGrants> {
  let known = grantsBySession.get(db);
  if (!known) {
    known = new LRUCache<string, KnownGrants>({ max: 10_000 });
    grantsBySession.set(db, known);
  }
  return known;
}

/**
 * Loads the session named by the cookie, within the request's tenant: a cookie from another
 * council finds nothing. Sets request.auth, or request.sessionTerminated for a revoked session.
 * An unknown or expired cookie is cleared at once.
 *
 * One statement, one round trip: the database checks the session on every request (so a
 * revocation by any server process holds on the very next one), and hands back the council's
 * access version (the user's grants only when it changed) and its data version, for the caches
 * keyed by them.
 */
export async function loadSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || !request.tenant) return;
  const { database } = request.server;
  const tenantId = request.tenant.id;
  const tokenHash = hashToken(token);
  const known = knownGrantsOf(database.db);
  // Captured before the query: its grants are the ones for the version sent.
  const held = known.get(tokenHash);
  const rows = await database.prepared<{ session: SessionRow | null }>('session_check', SESSION_CHECK, [
    tenantId,
    tokenHash,
    request.server.config.session.idleMs,
    held?.version ?? '',
    TOUCH_AFTER_MS,
  ]);
  const found = rows[0]?.session;
  if (!found) return void clearSessionCookie(request, reply);
  const [sessionId, userId, kind, provider, csrfToken, state, accessVersion, dataVersion, fresh] = found;

  if (state === 'terminated' || state === 'disabled') {
    // A disabled account's sessions end now, whichever process or script disabled it.
    if (state === 'disabled') await revokeSession(database.db, tenantId, sessionId);
    known.delete(tokenHash);
    // The cookie stays until a route tells the user (is-authenticated or a private route):
    // a public call in between must not swallow the news that the session was ended.
    request.sessionTerminated = true;
    return;
  }
  if (state === 'expired') {
    known.delete(tokenHash);
    return void clearSessionCookie(request, reply);
  }
  if (state === 'untouched') await touchSession(database.db, tenantId, sessionId);
  let grants: readonly Grant[];
  if (fresh) {
    grants = Object.freeze(
      fresh.map((grant) => {
        const [unit, action] = grant.split(':');
        return { unit, action } as Grant;
      }),
    );
    known.set(tokenHash, { version: accessVersion, grants });
  } else {
    // The database compared the version with held's: they are the same.
    grants = held!.grants;
  }
  request.auth = { sessionId, userId, tenantId, kind, provider, csrfToken };
  request.grants = grants as Grant[];
  request.siteDataVersion = dataVersion;
}

function touchSession(db: Kysely<Database>, tenantId: string, sessionId: string) {
  return withTenant(db, tenantId, (trx) =>
    trx.updateTable('sessions').set({ last_seen_at: sql`now()` }).where('id', '=', sessionId).execute(),
  );
}

function revokeSession(db: Kysely<Database>, tenantId: string, sessionId: string) {
  return withTenant(db, tenantId, (trx) =>
    trx
      .updateTable('sessions')
      .set({ revoked_at: sql`now()`, revoked_reason: 'admin' })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute(),
  );
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
