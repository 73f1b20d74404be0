import { sql, type Transaction } from 'kysely';
import type { AuthTokenPurpose, Database, SessionRevokeReason, UsersTable } from '../../db/schema';

type Trx = Transaction<Database>;

// Every query here runs inside withTenant(): row-level security confines it to one council.

const userColumns = [
  'id',
  'tenant_id',
  'email',
  'name',
  'phone',
  'password_hash',
  'provider',
  'kind',
  'email_verified_at',
  'disabled_at',
] as const;

export function findUserByEmail(trx: Trx, email: string) {
  return trx.selectFrom('users').select(userColumns).where('email', '=', email).executeTakeFirst();
}

export function findUserById(trx: Trx, id: string) {
  return trx.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
}
export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

export async function insertUser(
  trx: Trx,
  user: {
    tenantId: string;
    email: string;
    name: string;
    phone: string | null;
    passwordHash: string | null;
    provider: UsersTable['provider'];
    kind: UsersTable['kind'];
    emailVerified: boolean;
    about?: Record<string, unknown>;
    meta?: Record<string, unknown>;
  },
): Promise<string> {
  const row = await trx
    .insertInto('users')
    .values({
      tenant_id: user.tenantId,
      email: user.email,
      name: user.name,
      phone: user.phone,
      password_hash: user.passwordHash,
      provider: user.provider,
      kind: user.kind,
      email_verified_at: user.emailVerified ? new Date() : null,
      about: JSON.stringify(user.about ?? {}),
      meta: JSON.stringify(user.meta ?? {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markEmailVerified(trx: Trx, userId: string) {
  await trx
    .updateTable('users')
    .set({ email_verified_at: sql<Date>`coalesce(email_verified_at, now())` })
    .where('id', '=', userId)
    .execute();
}

export async function setPasswordHash(trx: Trx, userId: string, passwordHash: string) {
  await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

export async function insertSession(
  trx: Trx,
  session: {
    tenantId: string;
    userId: string;
    tokenHash: string;
    csrfToken: string;
    provider: string;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<string> {
  const row = await trx
    .insertInto('sessions')
    .values({
      tenant_id: session.tenantId,
      user_id: session.userId,
      token_hash: session.tokenHash,
      csrf_token: session.csrfToken,
      provider: session.provider,
      expires_at: session.expiresAt,
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function revokeSession(trx: Trx, sessionId: string, reason: SessionRevokeReason) {
  await trx
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of a user, but the one named in `keep` (the caller's own, say). */
export async function revokeUserSessions(
  trx: Trx,
  userId: string,
  reason: SessionRevokeReason,
  keep?: string,
) {
  let query = trx
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep) query = query.where('id', '!=', keep);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertAuthToken(
  trx: Trx,
  token: { tenantId: string; userId: string; purpose: AuthTokenPurpose; tokenHash: string; expiresAt: Date },
) {
  // A new link replaces the old ones: only the latest email works.
  await trx
    .updateTable('auth_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', token.userId)
    .where('purpose', '=', token.purpose)
    .where('used_at', 'is', null)
    .execute();
  await trx
    .insertInto('auth_tokens')
    .values({
      tenant_id: token.tenantId,
      user_id: token.userId,
      purpose: token.purpose,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt,
    })
    .execute();
}

/** Uses a link once: the update only succeeds for an unused, unexpired token. */
export async function consumeAuthToken(trx: Trx, tokenHash: string, purpose: AuthTokenPurpose) {
  return trx
    .updateTable('auth_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['user_id'])
    .executeTakeFirst();
}

export function listProviderRows(trx: Trx) {
  return trx.selectFrom('auth_providers').select(['provider', 'enabled', 'label', 'settings']).execute();
}
