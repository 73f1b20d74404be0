import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_LIMITS, exportMessages, type SiteExportStatus } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { upsertFlag } from '../tenants/tenants.queries';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { demoDistrict } from '../sites/sites.generator';
import { seedSites } from '../sites/sites.seed';

let t: TestApp;
let officer: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  const tenant = await buildTenantWithUsers(t.database.db);
  await seedSites(t.database.db, tenant.id, demoDistrict, 12);
  // As Northfield: notifications off, so there is no bell to collect a background export from.
  await withTenant(t.database.db, tenant.id, (trx) => upsertFlag(trx, tenant.id, 'notifications', false));
  [officer, admin] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('officer')),
    signIn(t.app, tenant.name, tenant.email('admin')),
  ]);
  // The threshold is read per request; lowered rather than seeding 2,000 sites.
  t.app.config.exportSyncMaxSites = 10;
});
afterAll(async () => {
  t.app.config.exportSyncMaxSites = EXPORT_LIMITS.syncMaxSites;
  await t.close();
});

const status = (who: SignedIn, jobId: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/site/export/${jobId}`, headers: who.headers() });

describe('a background export with notifications off', () => {
  it('is followed and collected from the export screen: status, then the file', async () => {
    const started = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/site/export',
      headers: officer.headers(),
      payload: { file_type: 'csv', selected_fields: ['site_name'] },
    });
    expect(started.statusCode, started.body).toBe(202);
    const { jobId, total } = started.json() as { jobId: string; total: number };
    expect(total).toBeGreaterThan(10);

    const first = await status(officer, jobId);
    expect(first.statusCode, first.body).toBe(200);
    expect(['queued', 'running', 'succeeded']).toContain((first.json() as SiteExportStatus).status);

    await t.app.jobs.waitFor(jobId, { timeoutMs: 60_000 });
    const done = await status(officer, jobId);
    expect(done.statusCode, done.body).toBe(200);
    const body = done.json() as SiteExportStatus;
    expect(body).toMatchObject({
      jobId,
      status: 'succeeded',
      progress: { done: total, total },
      expired: false,
      download: { url: `/api/v1/site/export/${jobId}/download` },
    });

    const file = await t.app.inject({ method: 'GET', url: body.download!.url, headers: officer.headers() });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(body.download!.name);
    expect(file.body.split('\r\n').filter(Boolean)).toHaveLength(total + 1);
  });

  it("answers 404 for someone else's export or an unknown one", async () => {
    const started = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/site/export',
      headers: officer.headers(),
      payload: { file_type: 'csv', selected_fields: ['site_name'] },
    });
    const { jobId } = started.json() as { jobId: string };
    const colleague = await status(admin, jobId);
    expect(colleague.statusCode).toBe(404);
    expect(colleague.json()).toEqual({ message: exportMessages.notFound });
    expect((await status(officer, crypto.randomUUID())).statusCode).toBe(404);
    await t.app.jobs.waitFor(jobId, { timeoutMs: 60_000 });
  });
});
