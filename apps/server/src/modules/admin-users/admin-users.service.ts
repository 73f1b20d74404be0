import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import {
  adminUserMessages as m,
  grantKey,
  grantsBeyond,
  serverMessages,
  type AccessAction,
  type AccessUnit,
  type AdminRole,
  type Grant,
  type StaffUser,
  type StaffUserQuery,
  type StaffUserStatus,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { recordAudit } from '../audit/audit.record';
import { grantsOfUser } from '../access/access.queries';
import { revokeUserSessions } from '../auth/auth.queries';
import {
  adminRoleId,
  countAdministrators,
  countFullAccessHolders,
  findAccount,
  findRole,
  grantsOfRole,
  isPendingInvitation,
  lockAdministrators,
  rolesOfUser,
  setUserRole,
  type AccountRow,
} from './admin-users.queries';

type Trx = Transaction<Database>;

/** Who is acting: their request (for the audit row), id and grants (no one grants more than they hold). */
export type Actor = { request: FastifyRequest; userId: string; grants: readonly Grant[] };

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const describeGrants = (grants: readonly Grant[]) => grants.map(grantKey).join(', ') || 'none';

/**
 * Fails the change (the transaction rolls back) when it left the council with no active user
 * holding every grant (when it had one: a new council's first administrator is only invited), or
 * with no administrator. `before` is the count of full holders taken under the lock.
 */
async function assertAdministratorRemains(trx: Trx, before: number) {
  if (before > 0 && (await countFullAccessHolders(trx)) === 0) throw conflict(m.lastFullAccess);
  if ((await countAdministrators(trx)) === 0) throw conflict(m.lastAdmin);
}

/** Takes the lock and counts who holds every grant before the change. */
async function lockAndCount(trx: Trx, tenantId: string): Promise<number> {
  await lockAdministrators(trx, tenantId);
  return countFullAccessHolders(trx);
}

/**
 * Issue 25 point 1: no one changes a role, or a user, holding a grant they lack; otherwise a
 * lesser "administrator" could weaken the real administrators' role and lock them out.
 */
async function assertHoldsRole(trx: Trx, actor: Actor, roleId: string) {
  assertMayGrant(actor, await grantsOfRole(trx, roleId), m.roleBeyondHeld);
}
async function assertHoldsUser(trx: Trx, actor: Actor, userId: string) {
  assertMayGrant(actor, await grantsOfUser(trx, userId), m.userBeyondHeld);
}

function assertMayGrant(actor: Actor, grants: readonly Grant[], message: string = m.grantBeyondHeld) {
  if (grantsBeyond(actor.grants, grants).length > 0) throw forbidden(message);
}

// ---- Roles ---------------------------------------------------------------------------------------

export async function listRoles(trx: Trx, tenantId: string): Promise<AdminRole[]> {
  const [roles, grants, counts, adminId] = await Promise.all([
    trx.selectFrom('roles').select(['id', 'name', 'description', 'created_at']).orderBy('name').execute(),
    trx.selectFrom('role_grants').select(['role_id', 'unit', 'action']).execute(),
    trx
      .selectFrom('user_roles')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .select(['user_roles.role_id', (eb) => eb.fn.countAll<string>().as('count')])
      .where('users.deleted_at', 'is', null)
      .groupBy('user_roles.role_id')
      .execute(),
    adminRoleId(trx, tenantId),
  ]);
  return roles.map((role) => ({
    id: role.id,
    name: role.name,
    description: role.description,
    grants: grants
      .filter((grant) => grant.role_id === role.id)
      .map((grant) => ({ unit: grant.unit as AccessUnit, action: grant.action as AccessAction })),
    userCount: Number(counts.find((count) => count.role_id === role.id)?.count ?? 0),
    isAdminRole: role.id === adminId,
    createdAt: iso(role.created_at),
  }));
}

async function assertNameFree(trx: Trx, name: string, exceptId?: string) {
  let query = trx
    .selectFrom('roles')
    .select('id')
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw conflict(m.roleNameTaken);
}

async function requireRole(trx: Trx, roleId: string) {
  const role = await findRole(trx, roleId);
  if (!role) throw notFound(serverMessages.nonExistingId);
  return role;
}

export async function createRole(
  trx: Trx,
  tenantId: string,
  actor: Actor,
  input: { name: string; description?: string | undefined; grants: Grant[] },
): Promise<string> {
  assertMayGrant(actor, input.grants);
  await assertNameFree(trx, input.name);
  const role = await trx
    .insertInto('roles')
    .values({ tenant_id: tenantId, name: input.name, description: input.description || null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.grants.length > 0) {
    await trx
      .insertInto('role_grants')
      .values(
        input.grants.map((g) => ({ tenant_id: tenantId, role_id: role.id, unit: g.unit, action: g.action })),
      )
      .execute();
  }
  await recordAudit(trx, tenantId, actor.request, {
    action: 'role.create',
    targetType: 'role',
    targetId: role.id,
    summary: `Created role ${input.name} (${describeGrants(input.grants)})`,
    details: { name: input.name, description: input.description ?? null, grants: input.grants },
  });
  return role.id;
}

export async function updateRole(
  trx: Trx,
  tenantId: string,
  actor: Actor,
  roleId: string,
  input: { name?: string | undefined; description?: string | undefined },
) {
  const role = await requireRole(trx, roleId);
  await assertHoldsRole(trx, actor, roleId);
  const name = input.name ?? role.name;
  const description = input.description === undefined ? role.description : input.description || null;
  if (name === role.name && description === role.description) return;
  if (name !== role.name) await assertNameFree(trx, name, roleId);
  await trx.updateTable('roles').set({ name, description }).where('id', '=', roleId).execute();
  await recordAudit(trx, tenantId, actor.request, {
    action: 'role.rename',
    targetType: 'role',
    targetId: roleId,
    summary:
      name !== role.name ? `Renamed role ${role.name} to ${name}` : `Changed the description of role ${name}`,
    details: {
      before: { name: role.name, description: role.description },
      after: { name, description },
    },
  });
}

/** Sets a role's grants: each pair granted or revoked is checked and audited on its own. */
export async function setRoleGrants(
  trx: Trx,
  tenantId: string,
  actor: Actor,
  roleId: string,
  grants: Grant[],
) {
  const before = await lockAndCount(trx, tenantId);
  const role = await requireRole(trx, roleId);
  const current = await grantsOfRole(trx, roleId);
  assertMayGrant(actor, current, m.roleBeyondHeld);
  const wanted = new Set(grants.map(grantKey));
  const held = new Set(current.map(grantKey));
  const added = grants.filter((g) => !held.has(grantKey(g)));
  const removed = current.filter((g) => !wanted.has(grantKey(g)));
  assertMayGrant(actor, added);
  for (const grant of removed) {
    await trx
      .deleteFrom('role_grants')
      .where('role_id', '=', roleId)
      .where('unit', '=', grant.unit)
      .where('action', '=', grant.action)
      .execute();
  }
  if (added.length > 0) {
    await trx
      .insertInto('role_grants')
      .values(added.map((g) => ({ tenant_id: tenantId, role_id: roleId, unit: g.unit, action: g.action })))
      .execute();
  }
  if (removed.length > 0) await assertAdministratorRemains(trx, before);
  for (const grant of added) {
    await recordAudit(trx, tenantId, actor.request, {
      action: 'role.grant',
      targetType: 'role',
      targetId: roleId,
      summary: `Granted ${grant.action} on ${grant.unit} to role ${role.name}`,
      details: { role: role.name, ...grant },
    });
  }
  for (const grant of removed) {
    await recordAudit(trx, tenantId, actor.request, {
      action: 'role.revoke',
      targetType: 'role',
      targetId: roleId,
      summary: `Revoked ${grant.action} on ${grant.unit} from role ${role.name}`,
      details: { role: role.name, ...grant },
    });
  }
  return { granted: added, revoked: removed };
}

export async function deleteRole(trx: Trx, tenantId: string, actor: Actor, roleId: string) {
  await lockAdministrators(trx, tenantId);
  const role = await requireRole(trx, roleId);
  await assertHoldsRole(trx, actor, roleId);
  if ((await adminRoleId(trx, tenantId)) === roleId) throw conflict(m.adminRoleDelete);
  const holders = await trx
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_roles.role_id', '=', roleId)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  const count = Number(holders.count);
  if (count > 0) throw conflict(m.roleInUse(count));
  const grants = await grantsOfRole(trx, roleId);
  await trx.deleteFrom('roles').where('id', '=', roleId).execute();
  await recordAudit(trx, tenantId, actor.request, {
    action: 'role.delete',
    targetType: 'role',
    targetId: roleId,
    summary: `Deleted role ${role.name}`,
    details: { name: role.name, description: role.description, grants },
  });
}

// ---- Staff users ---------------------------------------------------------------------------------

export function staffStatus(user: {
  disabled_at: Date | null;
  provider: string;
  password_hash: string | null;
  invited_at: Date | null;
}): StaffUserStatus {
  if (user.disabled_at) return 'disabled';
  return isPendingInvitation(user) ? 'invited' : 'active';
}

/** `%` and `_` typed in a search box are matched as themselves. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listStaff(trx: Trx, selfId: string, query: StaffUserQuery): Promise<StaffUser[]> {
  let q = trx
    .selectFrom('users')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .leftJoin('roles', 'roles.id', 'user_roles.role_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.provider',
      'users.password_hash',
      'users.disabled_at',
      'users.invited_at',
      'users.last_sign_in_at',
      'users.created_at',
      'roles.id as role_id',
      'roles.name as role_name',
    ])
    .where('users.kind', '=', 'staff')
    .where('users.deleted_at', 'is', null)
    .orderBy('users.name')
    .orderBy('users.email')
    .limit(2000);
  if (query.search) {
    const pattern = likePattern(query.search);
    q = q.where((eb) => eb.or([eb('users.name', 'ilike', pattern), eb('users.email', 'ilike', pattern)]));
  }
  if (query.roleId) q = q.where('roles.id', '=', query.roleId);
  if (query.status === 'disabled') q = q.where('users.disabled_at', 'is not', null);
  if (query.status === 'invited')
    q = q
      .where('users.disabled_at', 'is', null)
      .where('users.password_hash', 'is', null)
      .where('users.provider', '=', 'firebase-auth')
      .where('users.invited_at', 'is not', null);
  if (query.status === 'active')
    q = q
      .where('users.disabled_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('users.password_hash', 'is not', null),
          eb('users.provider', '!=', 'firebase-auth'),
          eb('users.invited_at', 'is', null),
        ]),
      );
  const rows = await q.execute();
  // A user with several roles (possible for accounts made before roles were managed here) is listed once.
  const seen = new Set<string>();
  return rows
    .filter((row) => (seen.has(row.id) ? false : (seen.add(row.id), true)))
    .map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.role_id && row.role_name ? { id: row.role_id, name: row.role_name } : null,
      status: staffStatus(row),
      lastSignInAt: isoOrNull(row.last_sign_in_at),
      invitedAt: isoOrNull(row.invited_at),
      createdAt: iso(row.created_at),
      isYou: row.id === selfId,
    }));
}

async function requireStaff(trx: Trx, userId: string): Promise<AccountRow> {
  const user = await findAccount(trx, userId);
  if (!user || user.kind !== 'staff') throw notFound(serverMessages.nonExistingId);
  return user;
}

export async function changeUserRole(
  trx: Trx,
  tenantId: string,
  actor: Actor,
  userId: string,
  roleId: string,
) {
  const count = await lockAndCount(trx, tenantId);
  const user = await requireStaff(trx, userId);
  const role = await requireRole(trx, roleId);
  await assertHoldsUser(trx, actor, userId);
  assertMayGrant(actor, await grantsOfRole(trx, roleId), m.assignBeyondHeld);
  const before = await rolesOfUser(trx, userId);
  if (before.length === 1 && before[0]!.id === roleId) return;
  await setUserRole(trx, tenantId, userId, roleId);
  await assertAdministratorRemains(trx, count);
  await recordAudit(trx, tenantId, actor.request, {
    action: 'user.role-change',
    targetType: 'user',
    targetId: userId,
    summary: `Changed the role of ${user.email} from ${before.map((r) => r.name).join(', ') || 'none'} to ${role.name}`,
    details: { email: user.email, before, after: { id: role.id, name: role.name } },
  });
}

export async function disableUser(trx: Trx, tenantId: string, actor: Actor, userId: string) {
  if (userId === actor.userId) throw conflict(m.selfDisable);
  const before = await lockAndCount(trx, tenantId);
  const user = await requireStaff(trx, userId);
  if (user.disabled_at) return { ended: 0 };
  await assertHoldsUser(trx, actor, userId);
  await trx.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', userId).execute();
  const ended = await revokeUserSessions(trx, userId, 'admin');
  await assertAdministratorRemains(trx, before);
  await recordAudit(trx, tenantId, actor.request, {
    action: 'user.disable',
    targetType: 'user',
    targetId: userId,
    summary: `Disabled ${user.email} (${ended} ${ended === 1 ? 'session' : 'sessions'} ended)`,
    details: { email: user.email, sessionsEnded: ended },
  });
  return { ended };
}

export async function enableUser(trx: Trx, tenantId: string, actor: Actor, userId: string) {
  const user = await requireStaff(trx, userId);
  if (!user.disabled_at) return;
  await trx.updateTable('users').set({ disabled_at: null }).where('id', '=', userId).execute();
  await recordAudit(trx, tenantId, actor.request, {
    action: 'user.enable',
    targetType: 'user',
    targetId: userId,
    summary: `Enabled ${user.email}`,
    details: { email: user.email },
  });
}

/** Ends every session of an account of this council (staff or consultation). */
export async function endSessionsOf(trx: Trx, tenantId: string, actor: Actor, userId: string) {
  const { request } = actor;
  const user = await findAccount(trx, userId);
  if (!user) throw notFound(serverMessages.nonExistingId);
  await assertHoldsUser(trx, actor, userId);
  const ended = await revokeUserSessions(trx, userId, 'admin');
  await recordAudit(trx, tenantId, request, {
    action: 'user.sessions-end',
    targetType: 'user',
    targetId: userId,
    summary: `Ended ${ended} ${ended === 1 ? 'session' : 'sessions'} of ${user.email}`,
    details: { email: user.email, ended },
  });
  return ended;
}

/**
 * Removes an account's personal data but keeps its row, which others' rows name (sites it
 * created, audit entries): the email is freed so the address can be invited again.
 */
export async function scrubAccount(trx: Trx, userId: string) {
  await revokeUserSessions(trx, userId, 'admin');
  await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  await trx
    .updateTable('auth_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  await trx
    .updateTable('api_keys')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  const now = new Date();
  await trx
    .updateTable('users')
    .set({
      email: `deleted-${userId}@deleted.invalid`,
      name: 'Deleted user',
      phone: null,
      password_hash: null,
      about: JSON.stringify({}),
      meta: JSON.stringify({}),
      email_verified_at: null,
      invited_at: null,
      disabled_at: now,
      deleted_at: now,
    })
    .where('id', '=', userId)
    .execute();
}

export async function deleteStaffUser(trx: Trx, tenantId: string, actor: Actor, userId: string) {
  if (userId === actor.userId) throw conflict(m.selfDelete);
  const before = await lockAndCount(trx, tenantId);
  const user = await requireStaff(trx, userId);
  await assertHoldsUser(trx, actor, userId);
  const roles = await rolesOfUser(trx, userId);
  await scrubAccount(trx, userId);
  await assertAdministratorRemains(trx, before);
  await recordAudit(trx, tenantId, actor.request, {
    action: 'user.delete',
    targetType: 'user',
    targetId: userId,
    summary: `Deleted ${user.email}`,
    details: { email: user.email, name: user.name, roles },
  });
}
