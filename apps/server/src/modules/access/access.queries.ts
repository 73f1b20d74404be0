import type { Transaction } from 'kysely';
import type { AccessAction, AccessUnit, Grant } from '@planning/shared';
import type { Database } from '../../db/schema';

type Trx = Transaction<Database>;

export async function grantsOfUser(trx: Trx, userId: string): Promise<Grant[]> {
  const rows = await trx
    .selectFrom('user_roles')
    .innerJoin('role_grants', 'role_grants.role_id', 'user_roles.role_id')
    .select(['role_grants.unit', 'role_grants.action'])
    .distinct()
    .where('user_roles.user_id', '=', userId)
    .execute();
  return rows.map((row) => ({ unit: row.unit as AccessUnit, action: row.action as AccessAction }));
}

export async function insertRole(
  trx: Trx,
  tenantId: string,
  name: string,
  description: string,
  grants: readonly Grant[],
) {
  const role = await trx
    .insertInto('roles')
    .values({ tenant_id: tenantId, name, description })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (grants.length > 0) {
    await trx
      .insertInto('role_grants')
      .values(
        grants.map((grant) => ({
          tenant_id: tenantId,
          role_id: role.id,
          unit: grant.unit,
          action: grant.action,
        })),
      )
      .execute();
  }
  return role.id;
}

export async function assignRole(trx: Trx, tenantId: string, userId: string, roleId: string) {
  await trx
    .insertInto('user_roles')
    .values({ tenant_id: tenantId, user_id: userId, role_id: roleId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export function findRoleByName(trx: Trx, name: string) {
  return trx.selectFrom('roles').select(['id']).where('name', '=', name).executeTakeFirst();
}
