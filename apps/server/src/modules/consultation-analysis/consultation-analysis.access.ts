import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { analysisMessages, type FeatureFlagName } from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { notFound } from '../../lib/errors';
import { requireTenant } from '../../lib/request-context';
import { isFlagOn } from '../tenants/tenants.queries';

type Trx = Transaction<Database>;

/** Spec 02 §6: consultation staff routes need read on the consultations unit. */
export const consultationsGrant = (action: 'read' | 'write' | 'delete') =>
  ({ access: [{ unit: 'consultations', action }] }) as const;

const flagMessages = {
  consultationsPages: analysisMessages.consultationsOff,
  analysisPage: analysisMessages.analysisOff,
} as const satisfies Partial<Record<FeatureFlagName, string>>;

/**
 * Runs work in the council's transaction once its flags are known to be on (any off: 404, as if
 * the pages were not there). Staff routes take the signed-in user's council, public ones the
 * council the request names (host or X-Tenant).
 */
export function inConsultationsTenant(request: FastifyRequest, flags: (keyof typeof flagMessages)[]) {
  const tenantId = request.auth?.tenantId ?? requireTenant(request).id;
  return <T>(work: (trx: Trx, tenantId: string) => Promise<T>) =>
    withTenant(request.server.database.db, tenantId, async (trx) => {
      for (const flag of flags) if (!(await isFlagOn(trx, flag))) throw notFound(flagMessages[flag]);
      return work(trx, tenantId);
    });
}

/** Today's date in England ('YYYY-MM-DD'): a consultation closes at the end of its last day there. */
export const todayInEngland = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
