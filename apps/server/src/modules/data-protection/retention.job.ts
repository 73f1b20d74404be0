import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import {
  RETENTION_JOB,
  retentionCsvColumns,
  retentionModeSchema,
  retentionRecordTypes,
  retentionRuleInfo,
  retentionRuleText,
  retentionTriggerSchema,
  rulesWithDefaults,
  type RetentionRecordType,
  type RetentionReport,
  type RetentionReportItem,
  type RetentionRules,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { recordAudit } from '../audit/audit.record';
import { csvLine } from '../export/export.formats';
import type { JobContext } from '../jobs/jobs.records';
import { recordRules } from './retention.records';

type Trx = Transaction<Database>;

/** What the route or the daily schedule queues: the clock is the one it read, so tests can set it. */
export const retentionPayload = z.object({
  mode: retentionModeSchema,
  trigger: retentionTriggerSchema,
  asOf: z.iso.datetime(),
});
export type RetentionPayload = z.infer<typeof retentionPayload>;

/** The council's rules (the defaults where it has set none). */
export async function readRules(trx: Trx): Promise<RetentionRules> {
  const row = await trx.selectFrom('retention_rules').select('rules').executeTakeFirst();
  return rulesWithDefaults(row?.rules);
}

/** Held until the transaction ends: one caller at a time checks for a council's run and starts one. */
export async function lockCouncilRuns(trx: Trx, tenantId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('data-protection.retention'), hashtext(${tenantId}))`.execute(
    trx,
  );
}

/** True while a retention job of the council is queued or running. */
export async function retentionUnderWay(trx: Trx): Promise<boolean> {
  const row = await trx
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', RETENTION_JOB)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return row !== undefined;
}

/** The moment before which a record type's records go: N years or days before `asOf`. */
export function cutoffOf(type: RetentionRecordType, value: number, asOf: Date): Date {
  const cutoff = new Date(asOf);
  if (retentionRuleInfo[type].unit === 'years') cutoff.setUTCFullYear(cutoff.getUTCFullYear() - value);
  else cutoff.setTime(cutoff.getTime() - value * 86_400_000);
  return cutoff;
}

const plural = (count: number, word: string) =>
  `${count.toLocaleString('en-GB')} ${word}${count === 1 ? '' : 's'}`;

/**
 * The retention job (issue 26 point 5): for each record type, finds what is past the council's
 * rule and, unless a dry run, deletes or anonymises it. The report is the job's result; the audit
 * log records the run with its counts (never the records).
 */
export async function runRetention(
  context: JobContext<RetentionPayload>,
  exportKeyOf: (kind: string, result: unknown) => string | null,
): Promise<RetentionReport> {
  const { mode, trigger } = context.payload;
  const asOf = new Date(context.payload.asOf);
  const rules = await context.inTenant(readRules);
  const items: RetentionReportItem[] = [];
  for (const [index, type] of retentionRecordTypes.entries()) {
    await context.progress(index, retentionRecordTypes.length);
    const cutoff = cutoffOf(type, rules[type], asOf);
    const rule = recordRules[type];
    const finding = await context.inTenant((trx) => rule.find(trx, cutoff));
    const removal =
      mode === 'run' && finding.found > 0
        ? await rule.remove(
            {
              tenantId: context.job.tenantId,
              inTenant: (work) => context.inTenant(work),
              storage: context.storage,
              log: context.log,
              signal: context.signal,
              exportKeyOf,
            },
            cutoff,
          )
        : { done: 0, failed: 0 };
    items.push({
      type,
      label: retentionRuleInfo[type].label,
      rule: retentionRuleText(type, rules[type]),
      cutoff: cutoff.toISOString(),
      ...finding,
      ...removal,
    });
  }
  await context.progress(retentionRecordTypes.length, retentionRecordTypes.length);
  const found = items.reduce((sum, item) => sum + item.found, 0);
  const done = items.reduce((sum, item) => sum + item.done, 0);
  const by = trigger === 'schedule' ? ' (daily run)' : '';
  await context.inTenant(async (trx) => {
    // Written after the audit log's own rule has run, so this entry is never among those removed.
    await recordAudit(
      trx,
      context.job.tenantId,
      { userId: context.job.userId, email: null, ip: null, userAgent: null },
      {
        action: 'data-protection.retention',
        targetType: 'retention-run',
        targetId: context.job.id,
        summary:
          mode === 'run'
            ? `Retention run${by}: ${plural(done, 'record')} deleted or anonymised`
            : `Retention dry run${by}: ${plural(found, 'record')} past the rules, nothing changed`,
        details: {
          mode,
          trigger,
          asOf: asOf.toISOString(),
          counts: Object.fromEntries(
            items.map((item) => [item.type, { found: item.found, done: item.done, failed: item.failed }]),
          ),
        },
      },
    );
  });
  return { mode, trigger, asOf: asOf.toISOString(), rules, items };
}

/** The report as CSV (a line a record type), for the council's records. */
export function retentionCsv(report: RetentionReport): string {
  const lines = report.items.map((item) =>
    csvLine([
      item.label,
      item.rule,
      item.cutoff.slice(0, 10),
      item.found,
      item.done,
      item.failed,
      item.oldest?.slice(0, 10) ?? '',
      item.examples.join('; '),
    ]),
  );
  return `\uFEFF${csvLine([...retentionCsvColumns])}${lines.join('')}`;
}

/** A count of a report's records by type, for the runs list. */
export const reportTotals = (report: RetentionReport | null) =>
  report
    ? {
        found: report.items.reduce((sum, item) => sum + item.found, 0),
        done: report.items.reduce((sum, item) => sum + item.done, 0),
      }
    : { found: null, done: null };

/** The council's last runs, latest first (or the one run `id`), with the name of who started each. */
export async function lastRuns(trx: Trx, limit: number, id?: string) {
  const { rows } = await sql<{
    id: string;
    status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
    payload: unknown;
    result: unknown;
    error: string | null;
    progress_done: number;
    progress_total: number;
    created_at: Date;
    finished_at: Date | null;
    started_by: string | null;
  }>`select j.id, j.status, j.payload, j.result, j.error, j.progress_done, j.progress_total,
      j.created_at, j.finished_at, u.name as started_by
    from jobs j left join users u on u.id = j.user_id
    where j.kind = ${RETENTION_JOB} ${id ? sql`and j.id = ${id}` : sql``}
    order by j.created_at desc
    limit ${limit}`.execute(trx);
  return rows;
}
