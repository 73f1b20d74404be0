import { sql, type Kysely } from 'kysely';
import { RETENTION_JOB, rulesWithDefaults } from '@planning/shared';
import type { Database } from '../../db/schema';
import { setTransactionTenant } from '../../db/tenant-transaction';
import { londonDate } from '../audit/audit.service';
import type { JobLog, JobQueue } from '../jobs/jobs.queue';
import { lockCouncilRuns, retentionUnderWay, type RetentionPayload } from './retention.job';

/** How often a worker process looks for councils whose daily run is due. */
export const RETENTION_CHECK_EVERY_MS = 60 * 60_000;

export type DailyRetention = {
  db: Kysely<Database>;
  jobs: Pick<JobQueue, 'enqueue'>;
  /** The clock: tests pass their own. */
  now: Date;
  /** Only these councils (tests, whose database holds other tests' councils); every council by default. */
  tenantIds?: string[];
};

export type DailyOutcome = {
  /** Councils whose run was queued now. */
  queued: string[];
  /** Another process was queuing the day's runs: it does the work, this call stopped. */
  busy: boolean;
};

/**
 * Queues the day's retention run (mode 'run') for each council whose rules are scheduled and that
 * has had none this London day. One process at a time (an advisory lock held by the transaction);
 * the day is written with the job in the same transaction, so a council gets one run a day however
 * many processes ask.
 */
export async function queueDailyRetention(daily: DailyRetention): Promise<DailyOutcome> {
  const today = londonDate(daily.now);
  return daily.db.transaction().execute(async (trx) => {
    const { rows: lock } = await sql<{ held: boolean }>`
      select pg_try_advisory_xact_lock(hashtext('data-protection.retention-schedule')) as held`.execute(trx);
    if (!lock[0]?.held) return { queued: [], busy: true };
    let councils = trx.selectFrom('tenants').select('id').orderBy('id');
    if (daily.tenantIds)
      councils = councils.where('id', 'in', daily.tenantIds.length ? daily.tenantIds : ['']);
    const queued: string[] = [];
    for (const { id: tenantId } of await councils.execute()) {
      await setTransactionTenant(trx, tenantId);
      const row = await trx
        .selectFrom('retention_rules')
        .select(['rules', sql<string | null>`last_scheduled_on::text`.as('last_scheduled_on')])
        .executeTakeFirst();
      if (!rulesWithDefaults(row?.rules).scheduled) continue;
      if (row?.last_scheduled_on && row.last_scheduled_on >= today) continue;
      // The lock a run started by hand takes (retention.routes.ts); one still going does today's work.
      await lockCouncilRuns(trx, tenantId);
      if (await retentionUnderWay(trx)) continue;
      await trx
        .insertInto('retention_rules')
        .values({ tenant_id: tenantId, last_scheduled_on: today })
        .onConflict((conflict) => conflict.column('tenant_id').doUpdateSet({ last_scheduled_on: today }))
        .execute();
      const payload: RetentionPayload = { mode: 'run', trigger: 'schedule', asOf: daily.now.toISOString() };
      await daily.jobs.enqueue(trx, {
        tenantId,
        userId: null,
        kind: RETENTION_JOB,
        payload,
        // Runs of the schedule notify nobody: the last runs on /data-protection and the audit log tell.
      });
      queued.push(tenantId);
    }
    return { queued, busy: false };
  });
}

/**
 * The worker process's daily timer: looks now and every hour (unref'd, so it never keeps the
 * process alive); a look still going when the next is due is not doubled.
 */
export function startDailyRetention(options: {
  db: Kysely<Database>;
  jobs: Pick<JobQueue, 'enqueue'>;
  log: JobLog;
  /** Tests: their own clock and councils. */
  clock?: () => Date;
  tenantIds?: string[];
}): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const clock = options.clock ?? (() => new Date());
  const look = () => {
    if (running) return;
    running = queueDailyRetention({
      db: options.db,
      jobs: options.jobs,
      now: clock(),
      ...(options.tenantIds && { tenantIds: options.tenantIds }),
    })
      .catch((error: unknown) => options.log.warn({ err: error }, 'retention: queuing the daily runs failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(look, RETENTION_CHECK_EVERY_MS);
  timer.unref();
  look();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
