import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql, type Kysely, type Transaction } from 'kysely';
import { notificationMessages, serverMessages, type NotificationStatus } from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { conflict, forbidden, HttpError, notFound } from '../../lib/errors';
import { createNotification, updateNotification } from '../notifications/notifications.service';
import {
  EXPORT_SWEEP_EVERY_MS,
  expiryOf,
  isExportExpired,
  sweepExpiredExports,
  type SweepOutcome,
} from './jobs.retention';
import {
  PermanentJobError,
  jobFileOf,
  recordOf,
  downloadOf,
  type JobDefinition,
  type EnqueueOptions,
  type JobRecord,
  type JobQueueOptions,
} from './jobs.records';
export {
  PermanentJobError,
  jobFileOf,
  type JobState,
  type JobLog,
  type JobContext,
  type JobDefinition,
  type EnqueueOptions,
  type JobRecord,
  type JobQueueOptions,
  type JobFile,
} from './jobs.records';
type FinalState = 'succeeded' | 'failed' | 'cancelled';
type Executor = Kysely<Database> | Transaction<Database>;

const FINAL: readonly string[] = ['succeeded', 'failed', 'cancelled'];
const PROGRESS_EVERY_MS = 250;
const SHUTDOWN_WAIT_MS = 5_000;
const MAX_RETRY_MS = 15 * 60_000;

type Claimed = {
  id: string;
  tenant_id: string;
  user_id: string | null;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  notification_id: string | null;
};

type Running = {
  controller: AbortController;
  done: Promise<void>;
  reason: 'cancel' | 'shutdown' | 'lost' | null;
};

/**
 * The background job queue (DESIGN.md: the spec's cloud functions). Jobs are rows in PostgreSQL:
 * a worker claims one with `FOR UPDATE SKIP LOCKED` and a lease it renews while the job runs, so
 * several processes share one queue without running a job twice, and a job whose process died is
 * taken over when its lease runs out. On the embedded database the same code runs one in-process
 * worker. A failed attempt is retried later with backoff; the owner may cancel; progress and the
 * outcome are written to the user's notification.
 */
export class JobQueue {
  readonly workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly definitions = new Map<string, JobDefinition<unknown>>();
  private readonly running = new Map<string, Running>();
  private timer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping: Promise<SweepOutcome> | null = null;
  private claiming: Promise<void> | null = null;
  private claimAgain = false;
  private stopped = true;

  constructor(private readonly options: JobQueueOptions) {}

  define<P>(kind: string, definition: JobDefinition<P>): void {
    if (this.definitions.has(kind)) throw new Error(`job kind ${kind} is defined twice`);
    this.definitions.set(kind, definition as JobDefinition<unknown>);
  }

  /** Adds a job (in the caller's transaction when given one, so it exists only if that commits). */
  async enqueue(
    executor: Executor,
    options: EnqueueOptions,
  ): Promise<{ jobId: string; notificationId: string | null }> {
    if (!this.definitions.has(options.kind)) throw new Error(`unknown job kind ${options.kind}`);
    const insert = async (trx: Transaction<Database>) => {
      const job = await trx
        .insertInto('jobs')
        .values({
          tenant_id: options.tenantId,
          user_id: options.userId ?? null,
          queue: this.options.queue,
          kind: options.kind,
          payload: JSON.stringify(options.payload ?? {}),
          max_attempts: options.maxAttempts ?? this.definitions.get(options.kind)?.maxAttempts ?? 3,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      let notificationId: string | null = null;
      if (options.notify && options.userId) {
        notificationId = await createNotification(trx, {
          tenantId: options.tenantId,
          userId: options.userId,
          status: 'initializing',
          label: options.notify.label,
          message: options.notify.message ?? null,
          jobId: job.id,
        });
        await trx
          .updateTable('jobs')
          .set({ notification_id: notificationId })
          .where('id', '=', job.id)
          .execute();
      }
      return { jobId: job.id, notificationId };
    };
    const created = executor.isTransaction
      ? await insert(executor as Transaction<Database>)
      : await withTenant(this.options.db, options.tenantId, insert);
    // The caller's transaction may not have committed yet: ask again shortly as well as now.
    this.nudge();
    setTimeout(() => this.nudge(), 50).unref();
    return created;
  }

  /** Starts claiming work, and sweeping expired exports (now, then every few minutes). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.nudge(), this.options.pollMs);
    this.timer.unref();
    this.nudge();
    const sweep = () =>
      void this.sweepExports().catch((error: unknown) =>
        this.options.log.warn({ err: error }, 'jobs: sweeping expired exports failed'),
      );
    this.sweepTimer = setInterval(sweep, EXPORT_SWEEP_EVERY_MS);
    this.sweepTimer.unref();
    sweep();
  }

  /**
   * Stops claiming, and hands back the jobs running here: they are aborted and queued again at
   * once (a restart is not the job's fault), so the next process to start picks them up.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.timer = null;
    this.sweepTimer = null;
    await this.claiming;
    await this.sweeping?.catch(() => undefined);
    for (const run of this.running.values()) {
      run.reason = 'shutdown';
      run.controller.abort(new Error('server shutting down'));
    }
    const settled = Promise.all([...this.running.values()].map((run) => run.done));
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, SHUTDOWN_WAIT_MS).unref())]);
  }

  /** Asks the queue for work now (an enqueue in this process, the poll timer). */
  nudge(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.claimAgain = true;
      return;
    }
    this.claiming = this.claimWhileFree()
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'jobs: claiming failed'))
      .finally(() => {
        this.claiming = null;
        if (this.claimAgain) {
          this.claimAgain = false;
          this.nudge();
        }
      });
  }

  private async claimWhileFree(): Promise<void> {
    while (!this.stopped && this.running.size < this.options.concurrency) {
      const job = await this.claim();
      if (!job) return;
      this.begin(job);
    }
  }

  /** One job of this queue that is due, or whose lease ran out, claimed with a fresh lease. */
  private async claim(): Promise<Claimed | null> {
    const kinds = [...this.definitions.keys()];
    if (kinds.length === 0) return null;
    return this.asWorker(async (trx) => {
      const { rows } = await sql<Claimed>`
        update jobs set
          status = 'running',
          attempts = attempts + 1,
          locked_by = ${this.workerId},
          locked_until = now() + make_interval(secs => ${this.options.leaseMs / 1000}),
          error = null
        where id = (
          select id from jobs
          where queue = ${this.options.queue}
            and kind = any(${kinds}::text[])
            and not cancel_requested
            and ((status = 'queued' and run_at <= now())
              -- A lease that ran out: its worker died. Never our own (a long transaction here on
              -- the embedded database's one connection can hold up the renewal).
              or (status = 'running' and locked_until < now() and locked_by <> ${this.workerId}))
          order by run_at, created_at
          limit 1
          for update skip locked
        )
        returning id, tenant_id, user_id, kind, payload, attempts, max_attempts, notification_id`.execute(
        trx,
      );
      return rows[0] ?? null;
    });
  }

  private begin(job: Claimed): void {
    const controller = new AbortController();
    const run: Running = { controller, reason: null, done: Promise.resolve() };
    this.running.set(job.id, run);
    run.done = this.execute(job, run)
      .catch((error: unknown) =>
        this.options.log.error({ err: error, jobId: job.id }, 'jobs: bookkeeping failed'),
      )
      .finally(() => {
        this.running.delete(job.id);
        this.nudge();
      });
  }

  private async execute(job: Claimed, run: Running): Promise<void> {
    const definition = this.definitions.get(job.kind);
    const log = this.options.log;
    const inTenant = <T>(work: (trx: Transaction<Database>) => Promise<T>) =>
      withTenant(this.options.db, job.tenant_id, work);
    // Taken over from a worker that died more often than the job may be tried: give up.
    if (!definition || job.attempts > job.max_attempts) {
      await this.finish(job, 'failed', { error: serverMessages.internalError });
      return;
    }
    const parsed = definition.payload ? definition.payload.safeParse(job.payload) : null;
    if (parsed && !parsed.success) {
      await this.finish(job, 'failed', { error: serverMessages.payloadInvalid });
      return;
    }
    if (job.notification_id) {
      const notificationId = job.notification_id;
      await inTenant((trx) => updateNotification(trx, notificationId, { status: 'processing' }));
    }

    let lastProgress = 0;
    const heartbeat = setInterval(
      () =>
        void this.renew(job, run).catch((error: unknown) =>
          log.warn({ err: error }, 'jobs: lease renewal failed'),
        ),
      Math.max(50, this.options.leaseMs / 3),
    );
    heartbeat.unref();
    try {
      const result = await definition.handler({
        job: {
          id: job.id,
          tenantId: job.tenant_id,
          userId: job.user_id,
          kind: job.kind,
          attempt: job.attempts,
        },
        payload: parsed ? parsed.data : job.payload,
        db: this.options.db,
        inTenant,
        storage: this.options.storage,
        signal: run.controller.signal,
        log,
        progress: async (done, total) => {
          run.controller.signal.throwIfAborted();
          const now = Date.now();
          if (now - lastProgress < PROGRESS_EVERY_MS && done < total) return;
          lastProgress = now;
          await this.reportProgress(job, run, done, total);
        },
      });
      run.controller.signal.throwIfAborted();
      await this.finish(job, 'succeeded', { result: this.withExpiry(job.kind, result ?? null) });
    } catch (error) {
      await this.failed(job, run, error);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async reportProgress(job: Claimed, run: Running, done: number, total: number): Promise<void> {
    await withTenant(this.options.db, job.tenant_id, async (trx) => {
      const row = await trx
        .updateTable('jobs')
        .set({ progress_done: done, progress_total: total })
        .where('id', '=', job.id)
        .where('locked_by', '=', this.workerId)
        .returning('cancel_requested')
        .executeTakeFirst();
      if (job.notification_id)
        await updateNotification(trx, job.notification_id, { completed: done, completedOutOf: total });
      this.checkStillOurs(run, row);
    });
    run.controller.signal.throwIfAborted();
  }

  /** Renews the lease; learns of a cancellation or of losing the job to another worker. */
  private async renew(job: Claimed, run: Running): Promise<void> {
    const row = await this.asWorker((trx) =>
      trx
        .updateTable('jobs')
        .set({ locked_until: sql<Date>`now() + make_interval(secs => ${this.options.leaseMs / 1000})` })
        .where('id', '=', job.id)
        .where('locked_by', '=', this.workerId)
        .where('status', '=', 'running')
        .returning('cancel_requested')
        .executeTakeFirst(),
    );
    this.checkStillOurs(run, row);
  }

  private checkStillOurs(run: Running, row: { cancel_requested: boolean } | undefined): void {
    if (run.controller.signal.aborted) return;
    if (!row) {
      run.reason = 'lost';
      run.controller.abort(new Error('job taken over by another worker'));
    } else if (row.cancel_requested) {
      run.reason = 'cancel';
      run.controller.abort(new Error(notificationMessages.cancelled));
    }
  }

  private async failed(job: Claimed, run: Running, error: unknown): Promise<void> {
    const log = this.options.log;
    if (run.reason === 'lost') return;
    if (run.reason === 'cancel') {
      await this.finish(job, 'cancelled', { error: notificationMessages.cancelled });
      return;
    }
    if (run.reason === 'shutdown') {
      // Put back as it was before this attempt.
      await this.asWorker((trx) =>
        trx
          .updateTable('jobs')
          .set({
            status: 'queued',
            attempts: sql<number>`greatest(attempts - 1, 0)`,
            locked_by: null,
            locked_until: null,
            run_at: new Date(),
          })
          .where('id', '=', job.id)
          .where('locked_by', '=', this.workerId)
          .execute(),
      );
      return;
    }
    // Only messages meant for people reach the notification; anything else is logged.
    const message =
      error instanceof HttpError || error instanceof PermanentJobError
        ? error.message
        : serverMessages.internalError;
    log.warn({ err: error, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'jobs: attempt failed');
    if (error instanceof PermanentJobError || job.attempts >= job.max_attempts) {
      await this.finish(job, 'failed', { error: message });
      return;
    }
    const delay = Math.min(MAX_RETRY_MS, this.options.retryBaseMs * 2 ** (job.attempts - 1));
    await this.asWorker((trx) =>
      trx
        .updateTable('jobs')
        .set({
          status: 'queued',
          locked_by: null,
          locked_until: null,
          error: message,
          run_at: sql<Date>`now() + make_interval(secs => ${delay / 1000})`,
        })
        .where('id', '=', job.id)
        .where('locked_by', '=', this.workerId)
        .execute(),
    );
    const timer = setTimeout(() => this.nudge(), delay + 10);
    timer.unref();
  }

  /**
   * Records a job's outcome and tells its owner. Written only while the job is still this worker's
   * (a worker that lost its lease must not overwrite the new owner's outcome), or, for a queued job
   * (cancelled before it ran), only while it is still queued.
   */
  private async finish(
    job: Pick<Claimed, 'id' | 'tenant_id' | 'notification_id'>,
    state: FinalState,
    outcome: { result?: unknown; error?: string },
    /** The transaction that found the job still queued (cancelling it before it ran). */
    queuedIn?: Transaction<Database>,
  ): Promise<void> {
    const write = async (trx: Transaction<Database>) => {
      const owned = trx
        .updateTable('jobs')
        .set({
          status: state,
          result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
          error: outcome.error ?? null,
          locked_by: null,
          locked_until: null,
          finished_at: new Date(),
        })
        .where('id', '=', job.id);
      const updated = await (
        queuedIn ? owned.where('status', '=', 'queued') : owned.where('locked_by', '=', this.workerId)
      ).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0 || !job.notification_id) return;
      const status: NotificationStatus =
        state === 'succeeded' ? 'success' : state === 'failed' ? 'error' : 'info';
      const download = downloadOf(job.id, outcome.result);
      const { expiresAt } = expiryOf(outcome.result);
      await updateNotification(trx, job.notification_id, {
        status,
        unviewed: true,
        ...(state !== 'succeeded' && { message: outcome.error ?? null }),
        ...(download && { details: { download, ...(expiresAt && { expiresAt }) } }),
      });
    };
    if (queuedIn) await write(queuedIn);
    else await withTenant(this.options.db, job.tenant_id, write);
  }

  /** Cancels the user's own job: a queued one at once, a running one as soon as its worker hears. */
  async cancel(tenantId: string, userId: string, jobId: string): Promise<void> {
    await withTenant(this.options.db, tenantId, async (trx) => {
      const job = await trx
        .selectFrom('jobs')
        .select(['id', 'tenant_id', 'user_id', 'status', 'notification_id'])
        .where('id', '=', jobId)
        .forUpdate()
        .executeTakeFirst();
      if (!job) throw notFound(notificationMessages.notFound);
      if (job.user_id !== userId) throw forbidden(notificationMessages.notYours);
      if (FINAL.includes(job.status)) throw conflict(notificationMessages.jobFinished);
      await trx.updateTable('jobs').set({ cancel_requested: true }).where('id', '=', jobId).execute();
      // Queued: cancelled in this same transaction, so no worker can claim it in between.
      if (job.status === 'queued')
        await this.finish(job, 'cancelled', { error: notificationMessages.cancelled }, trx);
    });
    const local = this.running.get(jobId);
    if (local && !local.controller.signal.aborted) {
      local.reason = 'cancel';
      local.controller.abort(new Error(notificationMessages.cancelled));
    }
  }

  /** The job as its owner sees it. */
  async read(tenantId: string, jobId: string): Promise<JobRecord & { userId: string | null; kind: string }> {
    const row = await withTenant(this.options.db, tenantId, (trx) =>
      trx.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst(),
    );
    if (!row) throw notFound(notificationMessages.notFound);
    return { ...recordOf(row), kind: row.kind, userId: row.user_id };
  }

  /** Resolves once the job has finished (tests and scripts; the app tells users by notification). */
  async waitFor(jobId: string, { timeoutMs = 30_000 } = {}): Promise<JobRecord> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await this.asWorker((trx) =>
        trx.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst(),
      );
      if (!row) throw new Error(`no job ${jobId}`);
      if (FINAL.includes(row.status)) return recordOf(row);
      if (Date.now() > deadline) throw new Error(`job ${jobId} still ${row.status} after ${timeoutMs} ms`);
      this.nudge();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The key of the file a job's result left in the 'exports' bucket, or null. */
  exportKeyOf(kind: string, result: unknown): string | null {
    return this.definitions.get(kind)?.exportKeyOf?.(result) ?? jobFileOf(result)?.key ?? null;
  }

  /** A result that left an export file says when the file expires (the bell shows it). */
  private withExpiry(kind: string, result: unknown): unknown {
    if (!result || typeof result !== 'object' || !this.exportKeyOf(kind, result)) return result;
    const expiresAt = new Date(Date.now() + this.options.exportRetentionMs).toISOString();
    return { ...result, expiresAt };
  }

  /** True once a finished job's export file is past the retention (its download answers 410). */
  isExpired(job: Pick<JobRecord, 'finishedAt' | 'result'>, now = new Date()): boolean {
    return isExportExpired(job, this.options.exportRetentionMs, now);
  }

  /**
   * Deletes export files older than the retention, of every council's jobs of this queue, and
   * marks those jobs and their notifications expired. Runs after any sweep of this process still
   * going; `now` is the clock's time, given by tests.
   */
  sweepExports(now = new Date()): Promise<SweepOutcome> {
    const declaredKinds = [...this.definitions]
      .filter(([, definition]) => definition.exportKeyOf)
      .map(([kind]) => kind);
    const run = (this.sweeping ?? Promise.resolve())
      .catch(() => undefined)
      .then(() =>
        sweepExpiredExports({
          db: this.options.db,
          storage: this.options.storage,
          log: this.options.log,
          queue: this.options.queue,
          retentionMs: this.options.exportRetentionMs,
          declaredKinds,
          keyOf: (kind, result) => this.exportKeyOf(kind, result),
          now,
        }),
      );
    this.sweeping = run;
    void run
      .finally(() => {
        if (this.sweeping === run) this.sweeping = null;
      })
      .catch(() => undefined);
    return run;
  }

  /** A transaction that may see the whole queue (the jobs_worker policy of migration 0016). */
  private asWorker<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.options.db.transaction().execute(async (trx) => {
      await sql`select set_config('app.jobs_worker', 'on', true)`.execute(trx);
      return work(trx);
    });
  }
}
