import type { Kysely } from 'kysely';
import { accessActions, accessUnits, type Grant } from '@planning/shared';
import type { Database } from '../db/schema';
import { withTenant } from '../db/tenant-transaction';
import { assignRole, findRoleByName, insertRole } from '../modules/access/access.queries';
import { hashPassword } from '../modules/auth/auth.crypto';
import { findUserByEmail, insertUser } from '../modules/auth/auth.queries';
import { updateAdminRole } from '../modules/tenants/tenants.queries';

export const DEMO_PASSWORD = 'Password123!';

const every = (units: readonly Grant['unit'][], actions: readonly Grant['action'][]): Grant[] =>
  units.flatMap((unit) => actions.map((action) => ({ unit, action })));

const officerUnits = ['placemaker', 'sites', 'site-lists', 'consultations'] as const;

/** Seeded roles of every demo council (spec 01 §6 names only the admin role). */
export const demoRoles = [
  {
    name: 'admin',
    description: 'Everything, including roles and users',
    grants: every(accessUnits, accessActions),
  },
  {
    name: 'officer',
    description: 'Planning and consultation officers',
    grants: [
      ...every(officerUnits, accessActions),
      { unit: 'personal-data', action: 'read' },
      ...every(['cfs'], ['read', 'write']),
    ],
  },
  { name: 'viewer', description: 'Read only', grants: every(officerUnits, ['read']) },
] as const;

const demoUsers = [
  { local: 'admin', name: 'Ada Admin', role: 'admin', kind: 'staff' },
  { local: 'officer', name: 'Olu Officer', role: 'officer', kind: 'staff' },
  { local: 'viewer', name: 'Vic Viewer', role: 'viewer', kind: 'staff' },
  { local: 'resident', name: 'Rose Resident', role: null, kind: 'public' },
] as const;

/** Demo roles and sign-ins for one council; a second run changes nothing. */
export async function seedDemoUsers(
  db: Kysely<Database>,
  tenant: { id: string; name: string },
): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await withTenant(db, tenant.id, async (trx) => {
    const roleIds = new Map<string, string>();
    for (const role of demoRoles) {
      const existing = await findRoleByName(trx, role.name);
      roleIds.set(
        role.name,
        existing?.id ?? (await insertRole(trx, tenant.id, role.name, role.description, role.grants)),
      );
    }
    await updateAdminRole(trx, tenant.id, roleIds.get('admin') ?? null);
    for (const user of demoUsers) {
      const email = `${user.local}@${tenant.name}.test`;
      if (await findUserByEmail(trx, email)) continue;
      const userId = await insertUser(trx, {
        tenantId: tenant.id,
        email,
        name: user.name,
        phone: '020 7946 0123',
        passwordHash,
        provider: 'firebase-auth',
        kind: user.kind,
        emailVerified: true,
      });
      const roleId = user.role ? roleIds.get(user.role) : undefined;
      if (roleId) await assignRole(trx, tenant.id, userId, roleId);
    }
  });
}
