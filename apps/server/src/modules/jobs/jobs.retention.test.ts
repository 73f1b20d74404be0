import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportMessages, type NotificationList } from '@planning/shared';
import { ConfigError, loadConfig } from '../../config';
import { withTenant } from '../../db/tenant-transaction';
import { upsertFlag } from '../tenants/tenants.queries';
import { demoDistrict } from '../sites/sites.generator';
import { seedSites } from '../sites/sites.seed';
import { buildTenantWithUsers } from '../../../test/factories';
import { startS3, type TestS3 } from '../../../test/s3';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { jobFileOf } from './jobs.queue';

const HOUR = 3_600_000;
const EXPIRED = { message: 'This download has expired. Please export again.' };

describe('EXPORT_RETENTION_HOURS', () => {
  it('is 24 hours unless set, and a whole number of hours from 1 to 720', () => {
    expect(loadConfig({}).exportRetentionMs).toBe(24 * HOUR);
    expect(loadConfig({ EXPORT_RETENTION_HOURS: '1' }).exportRetentionMs).toBe(HOUR);
    expect(loadConfig({ EXPORT_RETENTION_HOURS: '720' }).exportRetentionMs).toBe(720 * HOUR);
    for (const wrong of ['0', '721', '-3', '1.5', 'a day'])
      expect(() => loadConfig({ EXPORT_RETENTION_HOURS: wrong }), wrong).toThrow(ConfigError);
    expect(() => loadConfig({ EXPORT_RETENTION_HOURS: '0' })).toThrow(
      'EXPORT_RETENTION_HOURS: EXPORT_RETENTION_HOURS must be between 1 and 720',
    );
  });
});

type Council = Awaited<ReturnType<typeof buildTenantWithUsers>> & { officer: SignedIn; officerId: string };
type Made = { jobId: string; notificationId: string; key: string; url: string; tenantId: string };

// The same on both stores: the files go by their keys, and the rows say how old they are.
describe.each(['local', 's3'] as const)('export retention (%s storage)', (store) => {
  let t: TestApp;
  let s3: TestS3 | null = null;
  let a: Council;
  let b: Council;

  const council = async (): Promise<Council> => {
    const tenant = await buildTenantWithUsers(t.database.db);
    await seedSites(t.database.db, tenant.id, demoDistrict, 3);
    const officerId = await withTenant(t.database.db, tenant.id, async (trx) => {
      await upsertFlag(trx, tenant.id, 'notifications', true);
      const user = await trx
        .selectFrom('users')
        .select('id')
        .where('email', '=', tenant.email('officer'))
        .executeTakeFirstOrThrow();
      return user.id;
    });
    return { ...tenant, officerId, officer: await signIn(t.app, tenant.name, tenant.email('officer')) };
  };

  beforeAll(async () => {
    if (store === 's3') s3 = await startS3();
    t = await buildTestApp({ env: s3?.env ?? {} });
    // A job that leaves `{ file }` in the result, as a document export does (/jobs/{id}/download).
    t.app.jobs.define<{ text: string }>('test.file-export', {
      handler: async ({ job, payload, storage }) => {
        const key = `${job.id}/note.txt`;
        await storage.put(job.tenantId, 'exports', key, Buffer.from(payload.text), {
          contentType: 'text/plain',
        });
        return { file: { key, name: 'note.txt', contentType: 'text/plain' } };
      },
    });
    [a, b] = [await council(), await council()];
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  /** A finished background data export (site.export, downloaded from /site/export/{id}/download). */
  const dataExport = async (owner: Council): Promise<Made> => {
    const ids = await withTenant(t.database.db, owner.id, (trx) =>
      trx.selectFrom('sites').select('id').execute(),
    );
    const { jobId, notificationId } = await t.app.jobs.enqueue(t.database.db, {
      tenantId: owner.id,
      userId: owner.officerId,
      kind: 'site.export',
      payload: {
        site_ids: ids.map((row) => String(row.id)),
        file_type: 'csv',
        selected_fields: ['site_name'],
      },
      notify: { label: exportMessages.notificationLabel },
    });
    const job = await t.app.jobs.waitFor(jobId, { timeoutMs: 60_000 });
    expect(job.status, job.error ?? '').toBe('succeeded');
    const result = job.result as { stored: { key: string }; download: { url: string }; expiresAt: string };
    // The result says when the file goes.
    expect(Date.parse(result.expiresAt) - job.finishedAt!.getTime()).toBeCloseTo(24 * HOUR, -3);
    return {
      jobId,
      notificationId: notificationId!,
      key: result.stored.key,
      url: result.download.url,
      tenantId: owner.id,
    };
  };

  /** A finished job whose result names its `file` (as a document export's does). */
  const fileExport = async (owner: Council): Promise<Made> => {
    const { jobId, notificationId } = await t.app.jobs.enqueue(t.database.db, {
      tenantId: owner.id,
      userId: owner.officerId,
      kind: 'test.file-export',
      payload: { text: `made for ${owner.name}` },
      notify: { label: 'Document export' },
    });
    const job = await t.app.jobs.waitFor(jobId, { timeoutMs: 60_000 });
    expect(job.status, job.error ?? '').toBe('succeeded');
    return {
      jobId,
      notificationId: notificationId!,
      key: jobFileOf(job.result)!.key,
      url: `/api/v1/jobs/${jobId}/download`,
      tenantId: owner.id,
    };
  };

  /** Moves a job's finish back in time, as if it had been made `hours` ago. */
  const age = (made: Made, hours: number) =>
    withTenant(t.database.db, made.tenantId, (trx) =>
      trx
        .updateTable('jobs')
        .set({ finished_at: new Date(Date.now() - hours * HOUR) })
        .where('id', '=', made.jobId)
        .execute(),
    );

  const download = (who: SignedIn, made: Made) =>
    t.app.inject({ method: 'GET', url: made.url, headers: who.headers() });
  const stored = (made: Made) => t.app.storage.stat(made.tenantId, 'exports', made.key);
  const notificationOf = async (who: SignedIn, made: Made) => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications',
      headers: who.headers(),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as NotificationList).notifications.find((item) => item.id === made.notificationId);
  };

  it('deletes files older than the retention, says so with 410, and keeps fresh ones and other councils’', async () => {
    const oldData = await dataExport(a);
    const oldFile = await fileExport(a);
    const freshData = await dataExport(a);
    const freshFile = await fileExport(a);
    const otherData = await dataExport(b);
    const otherFile = await fileExport(b);
    // Council b's files carry the same kind of keys; only a's old ones are past the retention.
    await age(oldData, 25);
    await age(oldFile, 25);
    await age(otherData, 23);

    // Old enough is expired at once, before any sweep (the file is still there).
    expect(await stored(oldData)).not.toBeNull();
    const early = await download(a.officer, oldData);
    expect(early.statusCode).toBe(410);
    expect(early.json()).toEqual(EXPIRED);

    // Two sweeps at once in one process run one after the other: each file goes once.
    const sweeps = await Promise.all([
      t.app.jobs.sweepExports(new Date()),
      t.app.jobs.sweepExports(new Date()),
    ]);
    expect(sweeps.map((sweep) => sweep.busy)).toEqual([false, false]);
    expect(sweeps[0]!.expired + sweeps[1]!.expired).toBe(2);

    for (const made of [oldData, oldFile]) {
      expect(await stored(made)).toBeNull();
      const answer = await download(a.officer, made);
      expect(answer.statusCode, made.url).toBe(410);
      expect(answer.json()).toEqual(EXPIRED);
      // The bell offers no link any more, and says when it expired.
      const bell = await notificationOf(a.officer, made);
      expect(bell?.status).toBe('success');
      expect(bell?.details.download).toBeUndefined();
      expect(bell?.details).toMatchObject({ expired: true, expiresAt: expect.any(String) });
      const job = await t.app.inject({
        method: 'GET',
        url: `/api/v1/jobs/${made.jobId}`,
        headers: a.officer.headers(),
      });
      expect(job.json()).toMatchObject({ status: 'succeeded', result: { expired: true } });
    }
    for (const [who, made] of [
      [a.officer, freshData],
      [a.officer, freshFile],
      [b.officer, otherData],
      [b.officer, otherFile],
    ] as const) {
      expect(await stored(made)).not.toBeNull();
      expect((await download(who, made)).statusCode, made.url).toBe(200);
      expect((await notificationOf(who, made))?.details).toMatchObject({
        download: { url: made.url },
        expiresAt: expect.any(String),
      });
    }
    // A sweep finds nothing more to do.
    expect(await t.app.jobs.sweepExports(new Date())).toEqual({ expired: 0, busy: false });
  });

  it('judges each file by its own age on the clock it is given', async () => {
    const mine = await dataExport(a);
    const theirs = await fileExport(b);
    await age(theirs, 2);
    const finished = Date.now();
    // 21 hours on: neither is old enough.
    await t.app.jobs.sweepExports(new Date(finished + 21 * HOUR));
    expect(await stored(theirs)).not.toBeNull();
    expect((await download(a.officer, mine)).statusCode).toBe(200);
    expect((await download(b.officer, theirs)).statusCode).toBe(200);
    // 22.5 hours on, b's file (made 2 hours earlier) has passed 24 hours; a's has not.
    await t.app.jobs.sweepExports(new Date(finished + 22.5 * HOUR));
    expect(await stored(theirs)).toBeNull();
    expect((await download(b.officer, theirs)).statusCode).toBe(410);
    expect(await stored(mine)).not.toBeNull();
    expect((await download(a.officer, mine)).statusCode).toBe(200);
  });
});
