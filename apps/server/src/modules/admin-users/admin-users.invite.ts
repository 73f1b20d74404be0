import type { FastifyRequest } from 'fastify';
import { adminUserMessages as m, grantsBeyond } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import { serverMessages } from '@planning/shared';
import { grantsOf } from '../access/access.guard';
import { recordAudit, type AuditActor } from '../audit/audit.record';
import { invitationMail } from '../auth/auth.mail';
import { insertUser } from '../auth/auth.queries';
import { sendAsCouncil } from '../auth/auth.council-mail';
import { appLink, newLinkToken, type AuthDeps } from '../auth/auth.service';
import {
  findAccountByEmail,
  findRole,
  grantsOfRole,
  isPendingInvitation,
  setUserRole,
} from './admin-users.queries';

export type InviteInput = { email: string; name: string; roleId: string };

const isRequest = (actor: AuditActor | FastifyRequest): actor is FastifyRequest => 'headers' in actor;

/**
 * Invites a staff member of a council: creates the account with no password (or, for someone
 * invited before who has not accepted, refreshes it), gives it the role, and emails a single-use
 * link to choose a password. Used by the admin users screen and by `npm run council -- create`
 * (an AuditActor with no user: the platform operator). A signed-in actor may only give a role
 * whose grants they hold themselves.
 */
export async function inviteUser(
  deps: AuthDeps,
  tenantId: string,
  input: InviteInput,
  actor: AuditActor | FastifyRequest,
): Promise<{ userId: string }> {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  const actorGrants = isRequest(actor) && actor.auth ? await grantsOf(actor) : null;
  const tenant = await deps.db
    .selectFrom('tenants')
    .select(['id', 'name'])
    .where('id', '=', tenantId)
    .executeTakeFirst();
  if (!tenant) throw notFound(serverMessages.nonExistingId);

  let created: { userId: string; token: string; mode: string; resent: boolean };
  try {
    created = await withTenant(deps.db, tenantId, async (trx) => {
      const role = await findRole(trx, input.roleId);
      if (!role) throw notFound(serverMessages.nonExistingId);
      const roleGrants = await grantsOfRole(trx, role.id);
      if (actorGrants && grantsBeyond(actorGrants, roleGrants).length > 0)
        throw forbidden(m.assignBeyondHeld);

      const existing = await findAccountByEmail(trx, email);
      let userId: string;
      let resent = false;
      if (existing) {
        if (existing.kind === 'public') throw conflict(m.publicAccountExists);
        if (!isPendingInvitation(existing)) throw conflict(m.userExists);
        if (existing.disabled_at) throw conflict(m.invitedDisabled);
        userId = existing.id;
        resent = true;
        await trx
          .updateTable('users')
          .set({ name, invited_at: new Date() })
          .where('id', '=', userId)
          .execute();
      } else {
        userId = await insertUser(trx, {
          tenantId,
          email,
          name,
          phone: null,
          passwordHash: null,
          provider: 'firebase-auth',
          kind: 'staff',
          emailVerified: false,
        });
        await trx.updateTable('users').set({ invited_at: new Date() }).where('id', '=', userId).execute();
      }
      await setUserRole(trx, tenantId, userId, role.id);
      const link = await newLinkToken(trx, tenantId, userId, 'invite');
      await recordAudit(trx, tenantId, actor, {
        action: 'user.invite',
        targetType: 'user',
        targetId: userId,
        summary: `${resent ? 'Invited again' : 'Invited'} ${email} as ${role.name}`,
        details: { email, name, role: { id: role.id, name: role.name }, resent },
      });
      return { userId, resent, ...link };
    });
  } catch (error) {
    // Two invitations racing for one address: the database's unique key decides.
    if (isUniqueViolation(error)) throw conflict(m.userExists);
    throw error;
  }

  const inviter =
    isRequest(actor) && actor.auth ? await inviterName(deps, tenantId, actor.auth.userId) : null;
  const link = appLink(deps, tenant, { mode: created.mode, token: created.token });
  await sendAsCouncil(deps, tenant, (council) => invitationMail(email, council, link, inviter));
  return { userId: created.userId };
}

async function inviterName(deps: AuthDeps, tenantId: string, userId: string): Promise<string | null> {
  const row = await withTenant(deps.db, tenantId, (trx) =>
    trx.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst(),
  );
  return row?.name ?? null;
}
