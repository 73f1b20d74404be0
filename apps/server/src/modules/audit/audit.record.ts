import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { AuditAction } from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';

/** Who did it and from where: taken from the request, or given by a command-line tool. */
export type AuditActor = {
  userId: string | null;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
};

export type AuditRecord = {
  action: AuditAction;
  /** What kind of thing changed ('role', 'user', 'config', …) and which one. */
  targetType?: string | null;
  targetId?: string | null;
  /** One line a council's administrator reads in the log. */
  summary: string;
  /** Before and after, counts, filters: whatever tells what happened. Never secrets. */
  details?: Record<string, unknown>;
};

const clip = (value: string | null | undefined, max: number) =>
  value === null || value === undefined ? null : value.slice(0, max);

/** The signed-in actor of a request (the email is looked up when the row is written). */
export function actorOf(request: FastifyRequest): AuditActor {
  const userAgent = request.headers['user-agent'];
  return {
    userId: request.auth?.userId ?? null,
    email: null,
    ip: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
  };
}

/**
 * Appends one audit row inside the caller's tenant transaction, so the record and the change it
 * describes commit or roll back together.
 */
export async function recordAudit(
  trx: Transaction<Database>,
  tenantId: string,
  actor: AuditActor | FastifyRequest,
  record: AuditRecord,
): Promise<void> {
  const who = 'headers' in actor ? actorOf(actor) : actor;
  let email = who.email;
  if (!email && who.userId) {
    const user = await trx
      .selectFrom('users')
      .select('email')
      .where('id', '=', who.userId)
      .executeTakeFirst();
    email = user?.email ?? null;
  }
  await trx
    .insertInto('audit_log')
    .values({
      tenant_id: tenantId,
      actor_user_id: who.userId,
      actor_email: clip(email, 200),
      action: record.action,
      target_type: clip(record.targetType, 64),
      target_id: clip(record.targetId, 200),
      summary: clip(record.summary, 1000) ?? '',
      details: JSON.stringify(record.details ?? {}),
      ip: clip(who.ip, 64),
      user_agent: clip(who.userAgent, 500),
    })
    .execute();
}

/** The same, in a transaction of its own: for actions whose change is not in this database (an export). */
export async function recordAuditAlone(
  db: Kysely<Database>,
  tenantId: string,
  actor: AuditActor | FastifyRequest,
  record: AuditRecord,
): Promise<void> {
  await withTenant(db, tenantId, (trx) => recordAudit(trx, tenantId, actor, record));
}
