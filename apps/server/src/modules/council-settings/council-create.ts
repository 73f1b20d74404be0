import { z } from 'zod';
import {
  accessActions,
  accessUnits,
  brandColourIssue,
  councilSettingsMessages as messages,
  hexColorSchema,
  tenantNameSchema,
  type Grant,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { isUniqueViolation } from '../../lib/errors';
import { insertRole } from '../access/access.queries';
import { inviteUser } from '../admin-users/admin-users.invite';
import type { AuditActor } from '../audit/audit.record';
import { recordAudit } from '../audit/audit.record';
import type { AuthDeps } from '../auth/auth.service';
import { findTenantByName, updateAdminRole } from '../tenants/tenants.queries';
import { createTenant } from '../tenants/tenants.service';

/** What `npm run council -- create` takes: the council and its first administrator. */
export const newCouncilSchema = z
  .object({
    name: tenantNameSchema,
    shortName: z.string().trim().min(1, 'Give a short name (--short-name)').max(64),
    rawName: z.string().trim().min(1, 'Give the full name (--raw-name)').max(200),
    mainColor: hexColorSchema,
    adminEmail: z.email(messages.invalidEmail).max(200),
    adminName: z.string().trim().min(1, 'Give the administrator’s name (--admin-name)').max(200),
  })
  .superRefine((input, context) => {
    const issue = hexColorSchema.safeParse(input.mainColor).success
      ? brandColourIssue('mainColor', input.mainColor)
      : null;
    if (issue) context.addIssue({ code: 'custom', path: ['mainColor'], message: issue });
  });
export type NewCouncil = z.input<typeof newCouncilSchema>;

/** The admin role of a new council holds every grant there is. */
export const everyGrant: Grant[] = accessUnits.flatMap((unit) =>
  accessActions.map((action) => ({ unit, action })),
);

export class CouncilInputError extends Error {}

/**
 * Creates a council with its admin role (every grant, set as the council's admin role) and invites
 * its first administrator, who receives the invitation email with a link to choose a password.
 */
export async function createCouncil(
  deps: AuthDeps,
  input: NewCouncil,
  actor: AuditActor,
): Promise<{ tenantId: string; roleId: string; userId: string }> {
  const parsed = newCouncilSchema.safeParse(input);
  if (!parsed.success)
    throw new CouncilInputError(parsed.error.issues.map((issue) => issue.message).join('\n'));
  const council = parsed.data;
  if (await findTenantByName(deps.db, council.name)) throw new CouncilInputError(messages.nameTaken);

  let tenantId: string;
  try {
    tenantId = await createTenant(deps.db, {
      name: council.name,
      shortName: council.shortName,
      rawName: council.rawName,
      mainColor: council.mainColor,
    });
  } catch (error) {
    // Two operators racing for one name: the unique key decides.
    if (isUniqueViolation(error)) throw new CouncilInputError(messages.nameTaken);
    throw error;
  }
  const roleId = await withTenant(deps.db, tenantId, async (trx) => {
    const id = await insertRole(trx, tenantId, 'admin', 'Everything, including roles and users', everyGrant);
    await updateAdminRole(trx, tenantId, id);
    await recordAudit(trx, tenantId, actor, {
      action: 'tenant.create',
      targetType: 'tenant',
      targetId: tenantId,
      summary: `Council ${council.rawName} (${council.name}) created with first administrator ${council.adminEmail.toLowerCase()}`,
      details: {
        name: council.name,
        shortName: council.shortName,
        rawName: council.rawName,
        mainColor: council.mainColor,
        adminRole: id,
        adminEmail: council.adminEmail.toLowerCase(),
      },
    });
    return id;
  });
  const { userId } = await inviteUser(
    deps,
    tenantId,
    { email: council.adminEmail, name: council.adminName, roleId },
    actor,
  );
  return { tenantId, roleId, userId };
}
