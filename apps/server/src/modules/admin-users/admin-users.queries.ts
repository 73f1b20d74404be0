import { sql, type Transaction } from 'kysely';
import {
  allGrants,
  featureAccess,
  grantKey,
  type AccessAction,
  type AccessUnit,
  type Grant,
} from '@planning/shared';
import type { Database } from '../../db/schema';

type Trx = Transaction<Database>;

// Every query here runs inside withTenant(): row-level security confines it to one council.

const ADMIN_KEYS = featureAccess.admin.map(grantKey);
const ALL_KEYS = allGrants.map(grantKey);

/**
 * Changes that could leave a council without an administrator take this lock first, so two
 * administrators demoting each other at the same moment cannot both succeed.
 */
export async function lockAdministrators(trx: Trx, tenantId: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`admin-users:${tenantId}`}))`.execute(trx);
}

/** Active staff holding every grant of the admin menu (spec 01 §6). Invited, disabled, deleted do not count. */
export function countAdministrators(trx: Trx): Promise<number> {
  return countHoldersOf(trx, ADMIN_KEYS);
}

/** Active staff holding every grant there is (issue 25 point 1: the council can always be run). */
export function countFullAccessHolders(trx: Trx): Promise<number> {
  return countHoldersOf(trx, ALL_KEYS);
}

async function countHoldersOf(trx: Trx, keys: readonly string[]): Promise<number> {
  const result = await sql<{ count: string | number }>`
    select count(*) as count from (
      select u.id
        from users u
        join user_roles ur on ur.user_id = u.id
        join role_grants g on g.role_id = ur.role_id
       where u.kind = 'staff' and u.disabled_at is null and u.deleted_at is null
         and (u.password_hash is not null or u.provider <> 'firebase-auth')
         and (g.unit || ':' || g.action) in (${sql.join(keys)})
       group by u.id
      having count(distinct g.unit || ':' || g.action) = ${keys.length}
    ) admins`.execute(trx);
  return Number(result.rows[0]?.count ?? 0);
}

export function findRole(trx: Trx, roleId: string) {
  return trx
    .selectFrom('roles')
    .select(['id', 'name', 'description', 'created_at'])
    .where('id', '=', roleId)
    .executeTakeFirst();
}

export async function grantsOfRole(trx: Trx, roleId: string): Promise<Grant[]> {
  const rows = await trx
    .selectFrom('role_grants')
    .select(['unit', 'action'])
    .where('role_id', '=', roleId)
    .execute();
  return rows.map((row) => ({ unit: row.unit as AccessUnit, action: row.action as AccessAction }));
}

export async function adminRoleId(trx: Trx, tenantId: string): Promise<string | null> {
  const row = await trx
    .selectFrom('tenants')
    .select('admin_role_id')
    .where('id', '=', tenantId)
    .executeTakeFirst();
  return row?.admin_role_id ?? null;
}

/** A staff member has one role: the new one replaces any others. */
export async function setUserRole(trx: Trx, tenantId: string, userId: string, roleId: string) {
  await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  await trx
    .insertInto('user_roles')
    .values({ tenant_id: tenantId, user_id: userId, role_id: roleId })
    .execute();
}

export async function rolesOfUser(trx: Trx, userId: string) {
  return trx
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.id', 'roles.name'])
    .where('user_roles.user_id', '=', userId)
    .orderBy('roles.name')
    .execute();
}

const accountColumns = [
  'id',
  'email',
  'name',
  'kind',
  'provider',
  'password_hash',
  'disabled_at',
  'deleted_at',
  'invited_at',
  'email_verified_at',
] as const;

/** An account as the admin routes see it; a deleted one is gone. */
export function findAccount(trx: Trx, userId: string) {
  return trx
    .selectFrom('users')
    .select(accountColumns)
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

export function findAccountByEmail(trx: Trx, email: string) {
  return trx
    .selectFrom('users')
    .select(accountColumns)
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Invited and not yet accepted: a password account with no password, invited by an administrator. */
export function isPendingInvitation(account: {
  provider: string;
  password_hash: string | null;
  invited_at: Date | null;
}): boolean {
  return (
    account.provider === 'firebase-auth' && account.password_hash === null && account.invited_at !== null
  );
}
