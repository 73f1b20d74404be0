import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { consultationMessages, featureAccess, hasGrants } from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { notFound } from '../../lib/errors';
import { requireAuth } from '../../lib/request-context';
import { grantsOf } from '../access/access.guard';
import { isFlagOn } from '../tenants/tenants.queries';

export type Trx = Transaction<Database>;

/** Spec 02 §6: the representation manager's routes need the consultations unit (read, write, delete). */
export const consultationGrant = (action: 'read' | 'write' | 'delete') =>
  ({ access: [{ unit: 'consultations', action }] }) as const;

/**
 * Runs work in the signed-in user's council once its flags allow it: the consultations pages
 * (spec 02 §6), and for contacts and organisations contact management too. A flag that is off
 * answers 404, as if the pages were not there.
 */
export function inConsultations(request: FastifyRequest, options: { contacts?: boolean } = {}) {
  const { tenantId } = requireAuth(request);
  return <T>(work: (trx: Trx) => Promise<T>) =>
    withTenant(request.server.database.db, tenantId, async (trx) => {
      if (!(await isFlagOn(trx, 'consultationsPages'))) throw notFound(consultationMessages.pagesOff);
      if (options.contacts && !(await isFlagOn(trx, 'contactManagement')))
        throw notFound(consultationMessages.contactsOff);
      return work(trx);
    });
}

export type ConsultationPolicy = { canWrite: boolean; canDelete: boolean; canSeeOriginal: boolean };

/** Issue 25 point 3: whether the user reads texts as received (personal-data read), else redacted. */
export async function seesOriginal(request: FastifyRequest): Promise<boolean> {
  return hasGrants(await grantsOf(request), featureAccess.textAsReceived);
}

/** What the user may do, sent with each record so the screens dim what the server would refuse. */
export async function consultationPolicy(request: FastifyRequest): Promise<ConsultationPolicy> {
  const grants = await grantsOf(request);
  return {
    canWrite: hasGrants(grants, consultationGrant('write').access),
    canDelete: hasGrants(grants, consultationGrant('delete').access),
    canSeeOriginal: hasGrants(grants, featureAccess.textAsReceived),
  };
}

/** The user's name as the timeline and redaction marks record it. */
export async function userNameOf(trx: Trx, userId: string): Promise<string> {
  const row = await trx.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name || 'Unknown user';
}

export type Actor = { tenantId: string; userId: string | null; name: string };

/** The signed-in user as the one doing a change (their name read in the same transaction). */
export async function actorOf(trx: Trx, request: FastifyRequest): Promise<Actor> {
  const { tenantId, userId } = requireAuth(request);
  return { tenantId, userId, name: await userNameOf(trx, userId) };
}

export const iso = (value: Date | string): string => new Date(value).toISOString();
