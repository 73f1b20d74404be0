import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { authMessages, type Grant } from '@planning/shared';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { unauthorized } from '../../lib/errors';
import { perDatabase } from '../../lib/per-database';
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
 * token's hash) and of its council's versions row: the access version (roles, grants, who holds
 * them, an account's kind, disabling or deletion: migration 0035's triggers bump it in the same
 * transaction) and the sites' data version. The account is read only when the access version
 * differs from the one this process holds for it (ACCESS_OF_USER).
 *
 * The tenant is set for this statement only (set_config local ends with its implicit
 * transaction) before the sub-select runs, so row-level security confines every read to that
 * council; were the order ever different, the policy would see no council and find nothing.
 * Plain SQL as a prepared statement: parsed and planned once per connection.
 * Answers [session, user, provider, csrf, state, access version, data version].
 */
const SESSION_CHECK = `
select case when set_config('app.tenant_id', $1::text, true) is not null then (
  select json_build_array(s.id, s.user_id, s.provider, s.csrf_token,
    case when s.revoked_at is not null then 'terminated'
         when s.last_seen_at < now() - $3::bigint * interval '1 millisecond' or s.expires_at <= now() then 'expired'
         when s.last_seen_at < now() - $4::bigint * interval '1 millisecond' then 'untouched'
         else 'active' end,
    coalesce(v.access_version, 1)::text, coalesce(v.version, 1)::text)
  from sessions s left join site_data_versions v on v.tenant_id = s.tenant_id
  where s.token_hash = $2
) end as session`;

type SessionRow = [
  sessionId: string,
  userId: string,
  provider: string,
  csrfToken: string,
  state: 'terminated' | 'expired' | 'untouched' | 'active',
  accessVersion: string,
  dataVersion: string,
];

/**
 * A user's kind, disabled state and grants with the access version they were read at, in one
 * statement (one snapshot): asked only when the session check's version differs from the one
 * this process holds.
 */
const ACCESS_OF_USER = `
select case when set_config('app.tenant_id', $1::text, true) is not null then (
  select json_build_array(
    coalesce((select access_version from site_data_versions where tenant_id = u.tenant_id), 1)::text,
    u.kind,
    u.disabled_at is not null or u.deleted_at is not null,
    (select coalesce(array_agg(distinct g.unit || ':' || g.action), '{}')
       from user_roles ur join role_grants g on g.role_id = ur.role_id
       where ur.user_id = u.id))
  from users u where u.id = $2::uuid
) end as access`;

type AccessRow = [accessVersion: string, kind: SessionContext['kind'], disabled: boolean, grants: string[]];

/** A user's kind, disabled state and grants as of an access version of their council. */
type KnownAccess = {
  version: string;
  kind: SessionContext['kind'];
  disabled: boolean;
  grants: readonly Grant[];
};

/**
 * Kind, disabled state and grants by user, per database (tests open many). Used only while the session check,
 * on the same request, reads the same access version of the council they were read at.
 */
const knownAccessOf = perDatabase(() => new LRUCache<string, KnownAccess>({ max: 10_000 }));

/** The user's kind, disabled state and grants at `version` of the council's access, or newer. */
async function accessOf(
  database: AppDatabase,
  tenantId: string,
  userId: string,
  version: string,
): Promise<KnownAccess | null> {
  const known = knownAccessOf(database.db);
  const held = known.get(userId);
  if (held?.version === version) return held;
  const rows = await database.prepared<{ access: AccessRow | null }>('access_of_user', ACCESS_OF_USER, [
    tenantId,
    userId,
  ]);
  const found = rows[0]?.access;
  if (!found) return null;
  const [readVersion, kind, disabled, grants] = found;
  // Read after the session check, so at least as new as `version`: kept under its own.
  const access: KnownAccess = {
    version: readVersion,
    kind,
    disabled,
    grants: Object.freeze(
      grants.map((grant) => {
        const [unit, action] = grant.split(':');
        return Object.freeze({ unit, action }) as Grant;
      }),
    ),
  };
  known.set(userId, access);
  return access;
}

/**
 * Loads the session named by the cookie, within the request's tenant: a cookie from another
 * council finds nothing. Sets request.auth, or request.sessionTerminated for a revoked session.
 * An unknown or expired cookie is cleared at once.
 *
 * One statement, one round trip: the database checks the session on every request (so a
 * revocation by any server process holds on the very next one) and hands back the council's
 * access version, which says whether the user's grants kept in this process still hold, and its
 * data version, for the caches keyed by it.
 */
export async function loadSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || !request.tenant) return;
  const { database } = request.server;
  const tenantId = request.tenant.id;
  const rows = await database.prepared<{ session: SessionRow | null }>('session_check', SESSION_CHECK, [
    tenantId,
    hashToken(token),
    request.server.config.session.idleMs,
    TOUCH_AFTER_MS,
  ]);
  const found = rows[0]?.session;
  if (!found) return void clearSessionCookie(request, reply);
  const [sessionId, userId, provider, csrfToken, state, accessVersion, dataVersion] = found;
  if (state === 'expired') return void clearSessionCookie(request, reply);
  if (state === 'terminated') return markEnded(request);
  const access = await accessOf(database, tenantId, userId, accessVersion);
  // The account went between the two reads (deleting it deletes its sessions).
  if (!access) return void clearSessionCookie(request, reply);
  if (access.disabled) {
    // A disabled account's sessions end now, whichever process or script disabled it.
    await revokeSession(database.db, tenantId, sessionId);
    return markEnded(request);
  }
  if (state === 'untouched') await touchSession(database.db, tenantId, sessionId);
  request.auth = { sessionId, userId, tenantId, kind: access.kind, provider, csrfToken };
  request.grants = access.grants as Grant[];
  request.siteDataVersion = dataVersion;
}

/**
 * The cookie stays until a route tells the user (is-authenticated or a private route): a public
 * call in between must not swallow the news that the session was ended.
 */
function markEnded(request: FastifyRequest) {
  request.sessionTerminated = true;
}

function touchSession(db: Kysely<Database>, tenantId: string, sessionId: string) {
  return withTenant(db, tenantId, (trx) =>
    trx
      .updateTable('sessions')
      .set({ last_seen_at: sql`now()` })
      .where('id', '=', sessionId)
      .execute(),
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
