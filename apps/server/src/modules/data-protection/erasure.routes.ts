import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import {
  consultationHoldSchema,
  consultationHoldsSchema,
  erasureMessages,
  erasurePreviewSchema,
  erasureRequestSchema,
  erasureResultSchema,
  featureAccess,
  legalHoldRequestSchema,
  type ConsultationHold,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { notFound } from '../../lib/errors';
import { requireAuth } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import { recordAudit } from '../audit/audit.record';
import { eraseInTransaction, erasureResult, removeStoredObjects } from './erasure.apply';
import { planErasure } from './erasure.service';

const tags = ['data protection'];
const eventParams = z.object({ id: z.uuid('A consultation id') });

async function holdsOf(
  trx: Transaction<Database>,
  tenantId: string,
  id?: string,
): Promise<ConsultationHold[]> {
  const { rows } = await sql<{
    id: string;
    name: string;
    startsOn: string;
    endsOn: string;
    reason: string | null;
    since: string | null;
  }>`
    select id::text as id, name, starts_on::text as "startsOn", ends_on::text as "endsOn",
           legal_hold_reason as reason, to_char(legal_hold_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as since
      from consultation_events
     where tenant_id = ${tenantId} ${id ? sql`and id = ${id}` : sql``}
     order by starts_on desc, name, id`.execute(trx);
  return rows.map(({ reason, since, ...event }) => ({
    ...event,
    hold: reason && since ? { reason, since } : null,
  }));
}

/** Issue 26 point 4: erasing a person, and the legal holds that refuse it. */
export const erasureRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    '/data-protection/erasure/preview',
    {
      config: { access: featureAccess.dataProtectionErasure },
      schema: {
        tags,
        summary:
          'What erasing the person would change: the accounts and contacts that may be theirs, per table the rows deleted, anonymised or whose text is rewritten, files and exports removed, and any legal hold that refuses it. Changes nothing',
        body: erasureRequestSchema,
        response: { 200: erasurePreviewSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      const plan = await withTenant(db, tenantId, (trx) => planErasure(trx, tenantId, request.body));
      return {
        candidates: plan.candidates,
        changes: plan.changes,
        files: plan.files,
        exports: plan.exports,
        searchRows: plan.searchRows,
        refusal: plan.refusal,
      };
    },
  );

  app.post(
    '/data-protection/erasure',
    {
      config: { access: featureAccess.dataProtectionErasure },
      schema: {
        tags,
        summary:
          "Erases the person: accounts closed and emptied, contacts emptied, their details replaced by [erased] in every record (representations stay, with their statuses), their files and waiting exports deleted. Refused (409) when a consultation under legal hold holds their representations. Safe to repeat; recorded in the audit log without the person's details",
        body: erasureRequestSchema,
        response: { 200: erasureResultSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { tenantId, userId } = requireAuth(request);
      const erasedAt = new Date();
      const plan = await withTenant(db, tenantId, async (trx) => {
        const done = await eraseInTransaction(trx, tenantId, request.body, userId);
        const rows = done.changes.reduce((sum, change) => sum + change.rows, 0);
        // What was done, in numbers: never whom it was done to.
        await recordAudit(trx, tenantId, request, {
          action: 'data-protection.erasure',
          targetType: 'person',
          targetId: null,
          summary: `Erased a person: ${done.accounts.length} account(s), ${done.contacts.length} contact(s), ${rows} record(s) changed, ${done.files} file(s) deleted`,
          details: {
            changes: done.changes.map(({ table, action, rows: count }) => ({ table, action, rows: count })),
            files: done.files,
            exports: done.exports,
          },
        });
        return done;
      });
      await removeStoredObjects(db, app.storage, tenantId, plan, (error, object) =>
        request.log.warn({ err: error, bucket: object.bucket }, 'erasure: a stored object was not removed'),
      );
      const message = plan.changes.length > 0 ? erasureMessages.done : erasureMessages.nothingToErase;
      return erasureResult(plan, erasedAt, message);
    },
  );

  app.get(
    '/data-protection/legal-holds',
    {
      config: { access: featureAccess.dataProtection },
      schema: {
        tags,
        summary: "The council's consultations and which are under legal hold, with the reason",
        response: { 200: consultationHoldsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      return withTenant(db, tenantId, (trx) => holdsOf(trx, tenantId));
    },
  );

  app.put(
    '/data-protection/legal-holds/:id',
    {
      config: { access: featureAccess.dataProtectionLegalHold },
      schema: {
        tags,
        summary:
          'Puts a consultation under legal hold (or changes the reason): erasures that would change its representations are refused',
        params: eventParams,
        body: legalHoldRequestSchema,
        response: { 200: consultationHoldSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      return setHold(tenantId, request, request.params.id, request.body.reason);
    },
  );

  app.delete(
    '/data-protection/legal-holds/:id',
    {
      config: { access: featureAccess.dataProtectionLegalHold },
      schema: {
        tags,
        summary: "Releases a consultation's legal hold",
        params: eventParams,
        response: { 200: consultationHoldSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      return setHold(tenantId, request, request.params.id, null);
    },
  );

  /** Puts a consultation under legal hold with a reason (keeping when it began), or releases it. */
  async function setHold(tenantId: string, request: FastifyRequest, id: string, reason: string | null) {
    return withTenant(db, tenantId, async (trx) => {
      const updated = await trx
        .updateTable('consultation_events')
        .set(
          reason === null
            ? { legal_hold_reason: null, legal_hold_since: null }
            : { legal_hold_reason: reason, legal_hold_since: sql<Date>`coalesce(legal_hold_since, now())` },
        )
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .returning('name')
        .executeTakeFirst();
      if (!updated) throw notFound(erasureMessages.consultationNotFound);
      await recordAudit(trx, tenantId, request, {
        action: reason === null ? 'data-protection.legal-hold-release' : 'data-protection.legal-hold',
        targetType: 'consultation',
        targetId: id,
        summary:
          reason === null
            ? `Released the legal hold on "${updated.name}"`
            : `Put "${updated.name}" under legal hold`,
        details: reason === null ? {} : { reason },
      });
      return (await holdsOf(trx, tenantId, id))[0]!;
    });
  }
};
