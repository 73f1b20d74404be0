// Several server processes on one PostgreSQL sweep expired exports one at a time: an advisory lock
// per queue, and each job's file is deleted and marked by one of them only.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { openDatabase, type AppDatabase } from '../../db/database';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenant } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let otherPool: AppDatabase;
let second: FastifyInstance;

beforeAll(async () => {
  t = await buildTestApp();
  otherPool = await openDatabase({ kind: 'postgres', url: inject('postgresUrl'), poolSize: 2 });
  second = await buildApp({ config: t.config, database: otherPool, logger: false });
  for (const app of [t.app, second])
    app.jobs.define<{ n: number }>('test.file-export', {
      handler: async ({ job, payload, storage }) => {
        const key = `${job.id}/export-${payload.n}.txt`;
        await storage.put(job.tenantId, 'exports', key, Buffer.from(String(payload.n)));
        return { file: { key, name: `export-${payload.n}.txt`, contentType: 'text/plain' } };
      },
    });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await otherPool?.close();
  await t?.close();
});

it('lets one process at a time sweep a queue, and deletes each file once', async () => {
  const tenant = await buildTenant(t.database.db);
  const keys: string[] = [];
  for (let n = 0; n < 3; n++) {
    const { jobId } = await t.app.jobs.enqueue(t.database.db, {
      tenantId: tenant.id,
      kind: 'test.file-export',
      payload: { n },
    });
    const job = await t.app.jobs.waitFor(jobId);
    keys.push((job.result as { file: { key: string } }).file.key);
  }
  await withTenant(t.database.db, tenant.id, (trx) =>
    trx
      .updateTable('jobs')
      .set({ finished_at: new Date(Date.now() - 25 * 3_600_000) })
      .where('kind', '=', 'test.file-export')
      .execute(),
  );
  const present = async () =>
    (await Promise.all(keys.map((key) => t.app.storage.stat(tenant.id, 'exports', key)))).filter(Boolean)
      .length;

  // Another process holds the queue's sweep: this one stops at once and touches nothing.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = () => {};
  const holding = new Promise<void>((resolve) => (held = resolve));
  const holder = otherPool.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('jobs.export-sweep'), hashtext(${t.config.jobs.queue}))`.execute(
      trx,
    );
    held();
    await released;
  });
  await holding;
  expect(await t.app.jobs.sweepExports()).toEqual({ expired: 0, busy: true });
  expect(await present()).toBe(3);
  release();
  await holder;

  // Both processes at once: the files go, each counted by one sweep only.
  const sweeps = await Promise.all([t.app.jobs.sweepExports(), second.jobs.sweepExports()]);
  expect(sweeps[0]!.expired + sweeps[1]!.expired).toBe(3);
  expect(await present()).toBe(0);
});
