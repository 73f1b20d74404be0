// Several server processes on one PostgreSQL queue the daily retention run: one at a time (an
// advisory lock), and a council gets one run a day whichever of them gets there first.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { RETENTION_JOB } from '@planning/shared';
import { buildApp } from '../../app';
import { openDatabase, type AppDatabase } from '../../db/database';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenant } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { queueDailyRetention } from './retention.schedule';

let t: TestApp;
let otherPool: AppDatabase;
let second: FastifyInstance;

beforeAll(async () => {
  t = await buildTestApp();
  otherPool = await openDatabase({ kind: 'postgres', url: inject('postgresUrl'), poolSize: 2 });
  second = await buildApp({ config: t.config, database: otherPool, logger: false });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await otherPool?.close();
  await t?.close();
});

it('lets one process at a time queue the daily runs, and queues each council’s once', async () => {
  const councils = [await buildTenant(t.database.db), await buildTenant(t.database.db)];
  const tenantIds = councils.map((council) => council.id);
  const now = new Date();
  const first = { db: t.database.db, jobs: t.app.jobs, now, tenantIds };
  const other = { db: otherPool.db, jobs: second.jobs, now, tenantIds };

  // Another process is queuing: this one stops at once and queues nothing.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = () => {};
  const holding = new Promise<void>((resolve) => (held = resolve));
  const holder = otherPool.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('data-protection.retention-schedule'))`.execute(trx);
    held();
    await released;
  });
  await holding;
  expect(await queueDailyRetention(first)).toEqual({ queued: [], busy: true });
  release();
  await holder;

  // Both at once, then both again: each council has one run.
  const outcomes = [
    ...(await Promise.all([queueDailyRetention(first), queueDailyRetention(other)])),
    ...(await Promise.all([queueDailyRetention(other), queueDailyRetention(first)])),
  ];
  expect(outcomes.flatMap((outcome) => outcome.queued).sort()).toEqual([...tenantIds].sort());
  for (const council of councils) {
    const jobs = await withTenant(t.database.db, council.id, (trx) =>
      trx.selectFrom('jobs').select('id').where('kind', '=', RETENTION_JOB).execute(),
    );
    expect(jobs).toHaveLength(1);
    expect((await t.app.jobs.waitFor(jobs[0]!.id, { timeoutMs: 60_000 })).status).toBe('succeeded');
  }
});
