import { sql, type Kysely, type Selectable } from 'kysely';
import { notificationMessages } from '@planning/shared';
import type { Database, JobsTable } from '../../db/schema';
import { setTransactionTenant } from '../../db/tenant-transaction';
import { HttpError } from '../../lib/errors';
import type { Storage } from '../storage/storage';
import { updateNotification } from '../notifications/notifications.service';
import type { JobLog } from './jobs.queue';

/**
 * Retention of exported files (EXPORT_RETENTION_HOURS). A job that leaves a file in the council's
 * 'exports' bucket keeps it for the retention after it finished: its row's `finished_at` is the
 * file's age, so nothing needs listing the store. A sweep then deletes the file by its key and
 * marks the job's result and notification expired; the download routes answer 410 from the moment
 * the file is old enough, so a download between two sweeps never meets a missing file.
 */

/** The 410's words, which the web shows when an old link is followed. */
export const EXPORT_EXPIRED_MESSAGE = notificationMessages.downloadExpired;

/** How often a worker process sweeps: well under the shortest retention (an hour). */
export const EXPORT_SWEEP_EVERY_MS = 10 * 60_000;
/** Jobs swept in one transaction, whose rows stay locked while their files are deleted. */
const SWEEP_BATCH = 50;

/** 410: the file was (or is about to be) deleted after the retention. */
export const downloadExpired = () => new HttpError(410, EXPORT_EXPIRED_MESSAGE);

/** What a job's result says of its file's expiry (written at finish and by the sweep). */
export type ExportExpiry = { expiresAt: string | null; expired: boolean };

export function expiryOf(result: unknown): ExportExpiry {
  if (!result || typeof result !== 'object') return { expiresAt: null, expired: false };
  const { expiresAt, expired } = result as { expiresAt?: unknown; expired?: unknown };
  return { expiresAt: typeof expiresAt === 'string' ? expiresAt : null, expired: expired === true };
}

/** True once a finished job's file is past the retention: swept already, or old enough to be. */
export function isExportExpired(
  job: { finishedAt: Date | null; result: unknown },
  retentionMs: number,
  now: Date,
): boolean {
  if (expiryOf(job.result).expired) return true;
  return job.finishedAt !== null && job.finishedAt.getTime() + retentionMs <= now.getTime();
}

export type ExportSweep = {
  db: Kysely<Database>;
  storage: Storage;
  log: JobLog;
  /** The queue whose jobs are swept: its processes share the store the files are in. */
  queue: string;
  retentionMs: number;
  /** Kinds whose result names its file otherwise than `{ file: { key } }` (JobDefinition.exportKeyOf). */
  declaredKinds: string[];
  /** The key of the job's file in the 'exports' bucket, or null when it left none. */
  keyOf(kind: string, result: unknown): string | null;
  now: Date;
};

export type SweepOutcome = {
  /** Jobs whose file was deleted (or was already gone) and which are now marked expired. */
  expired: number;
  /** Another process was sweeping this queue: it does the work, this sweep stopped. */
  busy: boolean;
};

type Candidate = Pick<
  Selectable<JobsTable>,
  'id' | 'tenant_id' | 'kind' | 'result' | 'notification_id' | 'finished_at'
>;

/**
 * Deletes the files of every council's jobs of the queue that finished longer ago than the
 * retention, and marks them expired. One process at a time sweeps a queue (an advisory lock taken
 * with each batch; a process that finds it held stops, the holder finishes the work), and each
 * batch's rows are locked (`for update skip locked`) while their files go.
 */
export async function sweepExpiredExports(sweep: ExportSweep): Promise<SweepOutcome> {
  const cutoff = new Date(sweep.now.getTime() - sweep.retentionMs);
  let expired = 0;
  for (;;) {
    const batch = await sweep.db.transaction().execute(async (trx) => {
      const { rows: lock } = await sql<{ held: boolean }>`
        select pg_try_advisory_xact_lock(hashtext('jobs.export-sweep'), hashtext(${sweep.queue})) as held`.execute(
        trx,
      );
      if (!lock[0]?.held) return null;
      // The jobs_worker policy (migration 0016) lets this transaction see every council's jobs.
      await sql`select set_config('app.jobs_worker', 'on', true)`.execute(trx);
      const { rows } = await sql<Candidate>`
        select id, tenant_id, kind, result, notification_id, finished_at from jobs
        where queue = ${sweep.queue}
          and status = 'succeeded'
          and finished_at <= ${cutoff}
          and (kind = any(${sweep.declaredKinds}::text[]) or result->'file' is not null)
          and result->>'expired' is distinct from 'true'
        order by finished_at
        limit ${SWEEP_BATCH}
        for update skip locked`.execute(trx);
      let done = 0;
      for (const row of rows) {
        const key = sweep.keyOf(row.kind, row.result);
        try {
          // Each council has its own bucket: the key cannot reach another council's file.
          if (key) await sweep.storage.delete(row.tenant_id, 'exports', key);
        } catch (error) {
          // Kept unmarked, so the next sweep tries again.
          sweep.log.warn({ err: error, jobId: row.id }, 'jobs: an expired export could not be deleted');
          continue;
        }
        const expiresAt =
          expiryOf(row.result).expiresAt ??
          new Date(new Date(row.finished_at ?? cutoff).getTime() + sweep.retentionMs).toISOString();
        const result = { ...(row.result as object | null), expiresAt, expired: true };
        await trx
          .updateTable('jobs')
          .set({ result: JSON.stringify(result) })
          .where('id', '=', row.id)
          .execute();
        if (row.notification_id) {
          // Notifications have only the council policy: scope the rest of the work to the job's.
          await setTransactionTenant(trx, row.tenant_id, { 'app.jobs_worker': 'on' });
          // The bell's link goes; what is left says when it expired.
          await updateNotification(trx, row.notification_id, { details: { expiresAt, expired: true } });
        }
        done += 1;
      }
      return { seen: rows.length, done };
    });
    if (!batch) return { expired, busy: true };
    expired += batch.done;
    if (batch.seen < SWEEP_BATCH || batch.done === 0) return { expired, busy: false };
  }
}
