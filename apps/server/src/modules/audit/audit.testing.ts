import type { Kysely } from 'kysely';
import type { AuditAction } from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';

/** For tests of the modules that record: a council's audit rows of one action, newest first. */
export function auditRows(db: Kysely<Database>, tenantId: string, action: AuditAction) {
  return withTenant(db, tenantId, (trx) =>
    trx
      .selectFrom('audit_log')
      .select([
        'actor_user_id',
        'actor_email',
        'action',
        'target_type',
        'target_id',
        'summary',
        'details',
        'ip',
      ])
      .where('action', '=', action)
      .orderBy('occurred_at', 'desc')
      .orderBy('seq', 'desc')
      .execute(),
  );
}
