// Several server processes share one queue on PostgreSQL (issue 12 point 4): each with its own
// connection pool, claiming with FOR UPDATE SKIP LOCKED, and no job ever runs twice.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { openDatabase, type AppDatabase } from '../../db/database';
import { buildTenantWithUsers } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let otherPool: AppDatabase;
const workers: FastifyInstance[] = [];
const runs = new Map<number, string[]>();
let releaseFirst = () => {};
const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));

beforeAll(async () => {
  const queue = `test-shared-${randomUUID()}`;
  t = await buildTestApp({ env: { JOBS_QUEUE: queue, JOBS_POLL_MS: '10', JOBS_CONCURRENCY: '1' } });
  otherPool = await openDatabase({ kind: 'postgres', url: inject('postgresUrl'), poolSize: 4 });
  const second = await buildApp({ config: t.config, database: otherPool, logger: false });
  for (const [name, app] of [
    ['first', t.app],
    ['second', second],
  ] as const) {
    app.jobs.define<{ n: number }>('test.shared', {
      handler: async ({ payload }) => {
        runs.set(payload.n, [...(runs.get(payload.n) ?? []), name]);
        // Job 0 holds its worker until the other process has run a job: both must take part.
        if (payload.n === 0) await firstHeld;
        else if (runs.get(payload.n)?.length === 1) releaseFirst();
      },
    });
  }
  await second.ready();
  workers.push(second);
});
afterAll(async () => {
  for (const worker of workers) await worker.close();
  await otherPool.close();
  await t.close();
});

it('shares one queue between two processes, and runs each job exactly once', async () => {
  const tenant = await buildTenantWithUsers(t.database.db);
  const jobs = [];
  for (let n = 0; n < 40; n++) {
    jobs.push(
      await t.app.jobs.enqueue(t.database.db, { tenantId: tenant.id, kind: 'test.shared', payload: { n } }),
    );
  }
  const finished = await Promise.all(jobs.map(({ jobId }) => t.app.jobs.waitFor(jobId)));
  expect(finished.every((job) => job.status === 'succeeded' && job.attempts === 1)).toBe(true);
  expect([...runs.keys()].sort((a, b) => a - b)).toEqual([...Array(40).keys()]);
  expect([...runs.values()].filter((ran) => ran.length !== 1)).toEqual([]);
  const byWorker = new Set([...runs.values()].flat());
  expect(byWorker).toEqual(new Set(['first', 'second']));
});
