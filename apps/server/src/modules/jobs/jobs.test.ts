import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { notificationMessages, serverMessages, type NotificationList } from '@planning/shared';
import { buildApp } from '../../app';
import { withTenant } from '../../db/tenant-transaction';
import { badRequest } from '../../lib/errors';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { PermanentJobError } from './jobs.queue';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof buildTenantWithUsers>>;
let officer: SignedIn;
let admin: SignedIn;
let officerId: string;

/** Each test's handler behaviour, by a key in the payload. */
type Behaviour = { key: string };
const calls = new Map<string, number>();
const gates = new Map<string, { open: () => void; opened: Promise<void> }>();
const gate = (key: string) => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  gates.set(key, { open, opened });
  return open;
};
const count = (key: string) => {
  const n = (calls.get(key) ?? 0) + 1;
  calls.set(key, n);
  return n;
};
/** Resolves when the signal aborts (a cancelled or shut-down job). */
const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });

beforeAll(async () => {
  t = await buildTestApp();
  tenant = await buildTenantWithUsers(t.database.db);
  [officer, admin] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('officer')),
    signIn(t.app, tenant.name, tenant.email('admin')),
  ]);
  officerId = (
    await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .selectFrom('users')
        .select('id')
        .where('email', '=', tenant.email('officer'))
        .executeTakeFirstOrThrow(),
    )
  ).id;

  t.app.jobs.define<Behaviour & { total: number }>('test.progress', {
    handler: async ({ payload, progress }) => {
      for (let done = 1; done <= payload.total; done++) {
        if (done === 2) await gates.get(payload.key)?.opened;
        await progress(done, payload.total);
      }
      return {
        download: { url: `/api/v1/files/${payload.key}`, name: `${payload.key}.gpkg` },
        rows: payload.total,
      };
    },
  });
  t.app.jobs.define<Behaviour & { failures: number; kind: 'http' | 'crash' | 'permanent' }>('test.flaky', {
    maxAttempts: 3,
    handler: async ({ payload, job }) => {
      count(payload.key);
      if (job.attempt <= payload.failures) {
        if (payload.kind === 'http') throw badRequest('The file has no layers');
        if (payload.kind === 'permanent') throw new PermanentJobError('Not a GeoPackage');
        throw new Error('connection reset');
      }
      return { attempt: job.attempt };
    },
  });
  t.app.jobs.define<Behaviour>('test.wait', {
    handler: async ({ payload, signal }) => {
      count(payload.key);
      gates.get(payload.key)?.open();
      await aborted(signal);
    },
  });
  t.app.jobs.define<Behaviour>('test.file', {
    handler: async ({ payload, job, storage }) => {
      const key = `jobs/${job.id}/${payload.key}.csv`;
      await storage.put(job.tenantId, 'exports', key, Buffer.from('id,name\n1,Land at Mill Lane\n'));
      return { file: { key, name: 'Sites – 24 Nov.csv', contentType: 'text/csv; charset=utf-8' } };
    },
  });
  t.app.jobs.define<Behaviour>('test.once', {
    handler: async ({ payload }) => {
      count(payload.key);
      return { ran: true };
    },
  });
});
afterAll(() => t.close());

const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: who.headers(), ...(payload ? { payload } : {}) });

const enqueue = (kind: string, payload: Record<string, unknown>, notify = true) =>
  t.app.jobs.enqueue(t.database.db, {
    tenantId: tenant.id,
    userId: officerId,
    kind,
    payload,
    ...(notify && { notify: { label: `Job ${String(payload.key)}` } }),
  });

const notificationOf = async (jobId: string) => {
  const list = (await call(officer, 'GET', '/notifications')).json() as NotificationList;
  return list.notifications.find((notification) => notification.jobId === jobId);
};

describe('background jobs', () => {
  it('runs a job, shows its progress in the owner’s notification, and keeps its result and download', async () => {
    const open = gate('progress');
    const { jobId, notificationId } = await enqueue('test.progress', { key: 'progress', total: 4 });
    expect(notificationId).not.toBeNull();
    // Held at 1 of 4: the notification is in progress and cannot be deleted.
    await expect.poll(async () => (await notificationOf(jobId))?.completed, { timeout: 10_000 }).toBe(1);
    const during = await notificationOf(jobId);
    expect(during).toMatchObject({
      status: 'processing',
      completed_out_of: 4,
      cancellable: true,
      label: 'Job progress',
    });
    const refused = await call(officer, 'DELETE', `/notifications/${notificationId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: notificationMessages.stillRunning });

    open();
    const job = await t.app.jobs.waitFor(jobId);
    expect(job).toMatchObject({ status: 'succeeded', attempts: 1, progress: { done: 4, total: 4 } });
    expect(job.result).toMatchObject({ rows: 4 });
    expect(await notificationOf(jobId)).toMatchObject({
      status: 'success',
      completed: 4,
      completed_out_of: 4,
      cancellable: false,
      viewed: false,
      details: { download: { url: '/api/v1/files/progress', name: 'progress.gpkg' } },
    });
    const answer = await call(officer, 'GET', `/jobs/${jobId}`);
    expect(answer.json()).toMatchObject({
      status: 'succeeded',
      kind: 'test.progress',
      progress: { done: 4, total: 4 },
    });
    // Someone else's job is not theirs to read or cancel.
    expect((await call(admin, 'GET', `/jobs/${jobId}`)).statusCode).toBe(403);
  });

  it('offers the file a job made to its owner alone, from the notification', async () => {
    const { jobId } = await enqueue('test.file', { key: 'export' });
    await t.app.jobs.waitFor(jobId);
    const url = `/api/v1/jobs/${jobId}/download`;
    // The file is kept EXPORT_RETENTION_HOURS (24 by default): the bell says until when.
    const details = (await notificationOf(jobId))?.details;
    expect(details).toEqual({ download: { url, name: 'Sites – 24 Nov.csv' }, expiresAt: expect.any(String) });
    expect(Date.parse(String(details?.expiresAt)) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const file = await t.app.inject({ method: 'GET', url, headers: officer.headers() });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('id,name\n1,Land at Mill Lane\n');
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toContain(
      "filename*=UTF-8''Sites%20%E2%80%93%2024%20Nov.csv",
    );
    expect((await t.app.inject({ method: 'GET', url, headers: admin.headers() })).statusCode).toBe(403);
    // A job that made no file has nothing to download.
    const { jobId: plain } = await enqueue('test.once', { key: 'nofile' }, false);
    await t.app.jobs.waitFor(plain);
    const none = await call(officer, 'GET', `/jobs/${plain}/download`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: notificationMessages.noFile });
  });

  it('retries a failed attempt with backoff and succeeds on a later one', async () => {
    const { jobId } = await enqueue('test.flaky', { key: 'retry', failures: 2, kind: 'crash' });
    const job = await t.app.jobs.waitFor(jobId);
    expect(job).toMatchObject({ status: 'succeeded', attempts: 3, error: null });
    expect(calls.get('retry')).toBe(3);
    expect((await notificationOf(jobId))?.status).toBe('success');
  });

  it('fails after its last attempt, telling the user a message meant for them and nothing else', async () => {
    const told = await enqueue('test.flaky', { key: 'told', failures: 9, kind: 'http' });
    const internal = await enqueue('test.flaky', { key: 'internal', failures: 9, kind: 'crash' });
    expect(await t.app.jobs.waitFor(told.jobId)).toMatchObject({ status: 'failed', attempts: 3 });
    expect(await notificationOf(told.jobId)).toMatchObject({
      status: 'error',
      message: 'The file has no layers',
    });
    expect(await t.app.jobs.waitFor(internal.jobId)).toMatchObject({ status: 'failed', attempts: 3 });
    expect(await notificationOf(internal.jobId)).toMatchObject({
      status: 'error',
      message: serverMessages.internalError,
    });
    expect(calls.get('told')).toBe(3);
  });

  it('does not retry a failure that trying again cannot mend', async () => {
    const { jobId } = await enqueue('test.flaky', { key: 'permanent', failures: 9, kind: 'permanent' });
    expect(await t.app.jobs.waitFor(jobId)).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'Not a GeoPackage',
    });
    expect(calls.get('permanent')).toBe(1);
  });

  it('cancels a running job for its owner only', async () => {
    gate('cancel');
    const { jobId } = await enqueue('test.wait', { key: 'cancel' });
    await gates.get('cancel')?.opened;
    expect((await call(admin, 'POST', `/jobs/${jobId}/cancel`)).statusCode).toBe(403);
    const cancelled = await call(officer, 'POST', `/jobs/${jobId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(204);
    expect(await t.app.jobs.waitFor(jobId)).toMatchObject({ status: 'cancelled' });
    expect(await notificationOf(jobId)).toMatchObject({
      status: 'info',
      message: notificationMessages.cancelled,
    });
    const again = await call(officer, 'POST', `/jobs/${jobId}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: notificationMessages.jobFinished });
  });

  it('takes over a job whose worker died (its lease ran out)', async () => {
    const { jobId } = await enqueue('test.once', { key: 'orphan' }, false);
    await t.app.jobs.waitFor(jobId);
    calls.delete('orphan');
    // As a process that died mid-run leaves it: running, claimed by a worker that is gone.
    await t.database.db.transaction().execute(async (trx) => {
      await sql`select set_config('app.jobs_worker', 'on', true)`.execute(trx);
      await trx
        .updateTable('jobs')
        .set({
          status: 'running',
          locked_by: 'gone:1',
          locked_until: sql<Date>`now() - interval '1 second'`,
          finished_at: null,
        })
        .where('id', '=', jobId)
        .execute();
    });
    t.app.jobs.nudge();
    await expect.poll(() => calls.get('orphan'), { timeout: 10_000 }).toBe(1);
    expect(await t.app.jobs.waitFor(jobId)).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('hands a running job back on shutdown, and the next process on the queue finishes it', async () => {
    // A second server process on the same database and queue, stopped mid-job.
    const first = await buildApp({ config: t.config, database: t.database, logger: false });
    first.jobs.define<Behaviour>('test.restart', {
      handler: async ({ payload, signal }) => {
        count(payload.key);
        gates.get(payload.key)?.open();
        await aborted(signal);
        throw new Error('interrupted');
      },
    });
    // This app's own worker must not take it: it does not know the kind.
    await first.ready();
    gate('restart');
    const { jobId } = await first.jobs.enqueue(t.database.db, {
      tenantId: tenant.id,
      userId: officerId,
      kind: 'test.restart',
      payload: { key: 'restart' },
    });
    await gates.get('restart')?.opened;
    await first.close();
    const handedBack = await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .selectFrom('jobs')
        .select(['status', 'attempts', 'locked_by'])
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow(),
    );
    expect(handedBack).toEqual({ status: 'queued', attempts: 0, locked_by: null });

    const second = await buildApp({ config: t.config, database: t.database, logger: false });
    second.jobs.define<Behaviour>('test.restart', { handler: async ({ payload }) => ({ key: payload.key }) });
    await second.ready();
    try {
      expect(await second.jobs.waitFor(jobId)).toMatchObject({
        status: 'succeeded',
        attempts: 1,
        result: { key: 'restart' },
      });
    } finally {
      await second.close();
    }
  });

  it('cancels a queued job at once', async () => {
    // A process that serves requests only: nothing runs the job.
    const idle = await buildApp({
      config: {
        ...t.config,
        jobs: { ...t.config.jobs, queue: `${t.config.jobs.queue}-idle`, worker: false },
      },
      database: t.database,
      logger: false,
    });
    idle.jobs.define('test.never', { handler: async () => ({}) });
    await idle.ready();
    try {
      const { jobId } = await idle.jobs.enqueue(t.database.db, {
        tenantId: tenant.id,
        userId: officerId,
        kind: 'test.never',
        notify: { label: 'Never runs' },
      });
      expect((await notificationOf(jobId))?.cancellable).toBe(true);
      expect((await call(officer, 'POST', `/jobs/${jobId}/cancel`)).statusCode).toBe(204);
      expect(await idle.jobs.waitFor(jobId)).toMatchObject({ status: 'cancelled', attempts: 0 });
    } finally {
      await idle.close();
    }
  });
});
