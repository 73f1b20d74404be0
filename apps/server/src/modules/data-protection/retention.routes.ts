import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RETENTION_JOB,
  defaultRetentionRules,
  featureAccess,
  retentionAdoptionSchema,
  retentionCsvFileName,
  retentionMessages,
  retentionModeSchema,
  retentionReportSchema,
  retentionRulesSchema,
  retentionRunSchema,
  retentionRunsSchema,
  retentionSettingsSchema,
  retentionStartSchema,
  retentionStartedSchema,
  retentionTriggerSchema,
  rulesWithDefaults,
  type RetentionRunSummary,
  type RetentionSettings,
} from '@planning/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { contentDisposition } from '../../lib/content-disposition';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { requireAuth, requireTenant } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import { recordAudit } from '../audit/audit.record';
import { londonDate } from '../audit/audit.service';
import {
  lastRuns,
  lockCouncilRuns,
  readRules,
  reportTotals,
  retentionCsv,
  retentionPayload,
  retentionUnderWay,
  runRetention,
  type RetentionPayload,
} from './retention.job';
import { startDailyRetention } from './retention.schedule';

type Trx = Transaction<Database>;

const read = { access: featureAccess.dataProtection } as const;
const write = { access: featureAccess.retention } as const;
const errors = errorResponses(400, 401, 403, 404, 409);
const runParams = z.object({ id: z.uuid('A run id') });
const eventParams = z.object({ id: z.uuid('A consultation event id') });
const tags = ['data protection'];
const RUNS_SHOWN = 10;

async function settingsOf(trx: Trx): Promise<RetentionSettings> {
  const row = await trx
    .selectFrom('retention_rules')
    .select(['rules', 'updated_at', 'updated_by_name'])
    .executeTakeFirst();
  const { rows: consultations } = await sql<{
    id: string;
    name: string;
    ends_on: string;
    plan_adopted_on: string | null;
    representations: string;
  }>`select e.id, e.name, e.ends_on::text as ends_on, e.plan_adopted_on::text as plan_adopted_on,
      (select count(*) from representations r where r.consultation_event_id = e.id and r.deleted_at is null)
        as representations
    from consultation_events e where not e.cancelled order by e.ends_on desc, e.name`.execute(trx);
  return {
    rules: rulesWithDefaults(row?.rules),
    defaults: defaultRetentionRules,
    updatedAt: row?.updated_at ? new Date(row.updated_at).toISOString() : null,
    updatedByName: row?.updated_by_name ?? null,
    consultations: consultations.map((event) => ({
      id: event.id,
      name: event.name,
      endsOn: event.ends_on,
      planAdoptedOn: event.plan_adopted_on,
      representationCount: Number(event.representations),
    })),
  };
}

type RunRow = Awaited<ReturnType<typeof lastRuns>>[number];

function summaryOf(row: RunRow): RetentionRunSummary {
  const payload = retentionPayload.partial().safeParse(row.payload);
  return {
    id: row.id,
    mode: retentionModeSchema.catch('dry-run').parse(payload.data?.mode),
    trigger: retentionTriggerSchema.catch('manual').parse(payload.data?.trigger),
    status: row.status,
    startedAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    startedBy: row.started_by,
    ...reportTotals(reportOf(row)),
  };
}

function reportOf(row: RunRow) {
  if (row.status !== 'succeeded') return null;
  const parsed = retentionReportSchema.safeParse(row.result);
  return parsed.success ? parsed.data : null;
}

async function oneRun(trx: Trx, id: string): Promise<RunRow> {
  const row = (await lastRuns(trx, 1, id))[0];
  if (!row) throw notFound(retentionMessages.notFound);
  return row;
}

/** Issue 26 point 5: the council's retention rules, its dry runs and runs, and the daily run. */
export const retentionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.jobs.define<RetentionPayload>(RETENTION_JOB, {
    payload: retentionPayload,
    // A failed run is looked at, not repeated blindly: the next day's run tries again.
    maxAttempts: 1,
    handler: (context) => runRetention(context, (kind, result) => app.jobs.exportKeyOf(kind, result)),
  });

  if (app.config.jobs.worker && app.config.retentionDaily) {
    let daily: { stop(): Promise<void> } | null = null;
    app.addHook('onReady', async () => {
      daily = startDailyRetention({ db, jobs: app.jobs, log: app.log });
    });
    app.addHook('onClose', async () => daily?.stop());
  }

  app.get(
    '/data-protection/retention',
    {
      config: read,
      schema: {
        tags,
        summary:
          "The council's retention rules (a period per record type, the daily run), and its consultations' plan adoption dates",
        response: { 200: retentionSettingsSchema, ...errors },
      },
    },
    async (request) => withTenant(db, requireAuth(request).tenantId, settingsOf),
  );

  app.put(
    '/data-protection/retention',
    {
      config: write,
      schema: {
        tags,
        summary: 'Changes the retention rules; recorded in the audit log',
        body: retentionRulesSchema,
        response: { 200: retentionSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId, userId } = requireAuth(request);
      return withTenant(db, tenantId, async (trx) => {
        const before = await readRules(trx);
        const user = await trx.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
        const values = {
          rules: JSON.stringify(request.body),
          updated_by: userId,
          updated_by_name: user?.name ?? null,
          updated_at: new Date(),
        };
        await trx
          .insertInto('retention_rules')
          .values({ tenant_id: tenantId, ...values })
          .onConflict((conflict) => conflict.column('tenant_id').doUpdateSet(values))
          .execute();
        const changed = (Object.keys(request.body) as (keyof typeof before)[]).filter(
          (key) => before[key] !== request.body[key],
        );
        await recordAudit(trx, tenantId, request, {
          action: 'data-protection.retention-rules',
          targetType: 'retention-rules',
          targetId: tenantId,
          summary: changed.length
            ? `Changed the retention rules: ${changed.join(', ')}`
            : 'Saved the retention rules unchanged',
          details: Object.fromEntries(
            changed.map((key) => [key, { from: before[key], to: request.body[key] }]),
          ),
        });
        return settingsOf(trx);
      });
    },
  );

  app.put(
    '/data-protection/retention/consultations/:id',
    {
      config: write,
      schema: {
        tags,
        summary:
          "Records (or clears) the date the plan a consultation was part of was adopted: its representations' personal data is kept for the rule's years after it",
        params: eventParams,
        body: retentionAdoptionSchema,
        response: { 200: retentionSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      const { planAdoptedOn } = request.body;
      if (planAdoptedOn && planAdoptedOn > londonDate())
        throw badRequest(retentionMessages.adoptedInFuture, [
          { path: 'body.planAdoptedOn', message: retentionMessages.adoptedInFuture },
        ]);
      return withTenant(db, tenantId, async (trx) => {
        const event = await trx
          .updateTable('consultation_events')
          .set({ plan_adopted_on: planAdoptedOn })
          .where('id', '=', request.params.id)
          .returning(['id', 'name'])
          .executeTakeFirst();
        if (!event) throw notFound(retentionMessages.eventNotFound);
        await recordAudit(trx, tenantId, request, {
          action: 'data-protection.retention-rules',
          targetType: 'consultation-event',
          targetId: event.id,
          summary: planAdoptedOn
            ? `Recorded that the plan of consultation '${event.name}' was adopted on ${planAdoptedOn}`
            : `Cleared the plan adoption date of consultation '${event.name}'`,
          details: { planAdoptedOn },
        });
        return settingsOf(trx);
      });
    },
  );

  app.post(
    '/data-protection/retention/runs',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Starts a dry run (reports what the rules would remove) or a run (removes it) as a background job; recorded in the audit log',
        body: retentionStartSchema,
        response: { 202: retentionStartedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = requireAuth(request);
      const { mode } = request.body;
      const { jobId } = await withTenant(db, tenantId, async (trx) => {
        // One at a time per council: two runs would remove the same records twice over.
        await lockCouncilRuns(trx, tenantId);
        if (await retentionUnderWay(trx)) throw conflict(retentionMessages.underWay);
        const payload: RetentionPayload = { mode, trigger: 'manual', asOf: new Date().toISOString() };
        return app.jobs.enqueue(trx, {
          tenantId,
          userId,
          kind: RETENTION_JOB,
          payload,
          notify: { label: retentionMessages.notificationLabel[mode] },
        });
      });
      return reply.status(202).send({ id: jobId, message: retentionMessages.started[mode] });
    },
  );

  app.get(
    '/data-protection/retention/runs',
    {
      config: read,
      schema: {
        tags,
        summary: "The council's last retention runs and dry runs, latest first",
        response: { 200: retentionRunsSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await withTenant(db, requireAuth(request).tenantId, (trx) => lastRuns(trx, RUNS_SHOWN));
      return { runs: rows.map(summaryOf) };
    },
  );

  app.get(
    '/data-protection/retention/runs/:id',
    {
      config: read,
      schema: {
        tags,
        summary:
          "A run's progress and, once done, its report: per record type what was past its rule and what went",
        params: runParams,
        response: { 200: retentionRunSchema, ...errors },
      },
    },
    async (request) => {
      const row = await withTenant(db, requireAuth(request).tenantId, (trx) =>
        oneRun(trx, request.params.id),
      );
      return {
        ...summaryOf(row),
        report: reportOf(row),
        progress: { done: row.progress_done, total: row.progress_total },
        error: row.error,
      };
    },
  );

  app.get(
    '/data-protection/retention/runs/:id/report.csv',
    {
      config: read,
      schema: {
        tags,
        summary: "A finished run's report as CSV, for the council's records",
        params: runParams,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const council = requireTenant(request).name;
      const row = await withTenant(db, requireAuth(request).tenantId, (trx) =>
        oneRun(trx, request.params.id),
      );
      const report = reportOf(row);
      if (!report) throw notFound(retentionMessages.notFound);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          contentDisposition(retentionCsvFileName(council, report.mode, report.asOf.slice(0, 10))),
        )
        .header('cache-control', 'private, no-store')
        .send(retentionCsv(report));
    },
  );
};
