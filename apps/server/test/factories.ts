import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Grant, NewTenant } from '@planning/shared';
import type { Database } from '../src/db/schema';
import { withTenant } from '../src/db/tenant-transaction';
import { updateGlobalMaintenance, upsertPageMaintenance } from '../src/modules/tenants/tenants.queries';
import { createTenant } from '../src/modules/tenants/tenants.service';
import { DEMO_PASSWORD, seedDemoUsers } from '../src/seed/demo-users';
import { assignRole, insertRole } from '../src/modules/access/access.queries';
import { hashPassword } from '../src/modules/auth/auth.crypto';
import { insertUser } from '../src/modules/auth/auth.queries';

/** A fresh tenant per test, so tests never clean up after each other (Outline's habit). */
export async function buildTenant(db: Kysely<Database>, overrides: Partial<NewTenant> = {}) {
  const name = overrides.name ?? `t-${randomBytes(5).toString('hex')}`;
  const input: NewTenant = {
    name,
    shortName: `Council ${name}`,
    rawName: `Council of ${name}`,
    mainColor: '#336699',
    ...overrides,
  };
  const id = await createTenant(db, input);
  return { id, name };
}

export async function setGlobalMaintenance(
  db: Kysely<Database>,
  tenantId: string,
  maintenance: { active: boolean; until?: Date | null; message?: string | null },
) {
  await withTenant(db, tenantId, (trx) =>
    updateGlobalMaintenance(trx, tenantId, {
      active: maintenance.active,
      until: maintenance.until ?? null,
      message: maintenance.message ?? null,
    }),
  );
}

export async function setPageMaintenance(
  db: Kysely<Database>,
  tenantId: string,
  entry: { route: string; active: boolean; until?: Date | null },
) {
  await withTenant(db, tenantId, (trx) =>
    upsertPageMaintenance(trx, tenantId, {
      route: entry.route,
      active: entry.active,
      until: entry.until ?? null,
    }),
  );
}

/** A tenant with the demo roles and the four demo sign-ins (admin@, officer@, viewer@, resident@<name>.test). */
export async function buildTenantWithUsers(db: Kysely<Database>, overrides: Partial<NewTenant> = {}) {
  const tenant = await buildTenant(db, overrides);
  await seedDemoUsers(db, tenant);
  const email = (local: 'admin' | 'officer' | 'viewer' | 'resident') => `${local}@${tenant.name}.test`;
  return { ...tenant, email };
}

export const NEIGHBOUR_PASSWORD = 'Neighbour123!';

/**
 * Another resident of the council (a consultation account, email confirmed): neighbour@<name>.test,
 * or `<local>@<name>.test` for more of them.
 */
export async function addNeighbour(
  db: Kysely<Database>,
  tenant: { id: string; name: string },
  local = 'neighbour',
) {
  const email = `${local}@${tenant.name}.test`;
  const passwordHash = await hashPassword(NEIGHBOUR_PASSWORD);
  await withTenant(db, tenant.id, (trx) =>
    insertUser(trx, {
      tenantId: tenant.id,
      email,
      name: 'Nel Neighbour',
      phone: null,
      passwordHash,
      provider: 'firebase-auth',
      kind: 'public',
      emailVerified: true,
    }),
  );
  return email;
}

/**
 * A staff member (the demo password) in a new role holding only `grants`: issue 25's "lesser
 * administrator" (placemaker read and authorisation read, write, delete) is one.
 */
export async function addStaffWithRole(
  db: Kysely<Database>,
  tenant: { id: string; name: string },
  local: string,
  grants: readonly Grant[],
) {
  const email = `${local}@${tenant.name}.test`;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return withTenant(db, tenant.id, async (trx) => {
    const roleId = await insertRole(trx, tenant.id, `${local} role`, `Role of ${local}`, grants);
    const userId = await insertUser(trx, {
      tenantId: tenant.id,
      email,
      name: `Staff ${local}`,
      phone: null,
      passwordHash,
      provider: 'firebase-auth',
      kind: 'staff',
      emailVerified: true,
    });
    await assignRole(trx, tenant.id, userId, roleId);
    return { email, roleId, userId };
  });
}
