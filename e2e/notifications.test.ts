import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import {
  councilId,
  openAsTenant,
  popoverOpened,
  startRunningApp,
  type RunningApp,
} from './support/running-app';

let running: RunningApp;
let tenantId: string;
let officerId: string;
let release = () => {};
const held = new Promise<void>((resolve) => (release = resolve));

beforeAll(async () => {
  running = await startRunningApp();
  const db = running.database.db;
  tenantId = await councilId(running);
  // Users are read as the council (row-level security).
  officerId = (
    await withTenant(db, tenantId, (trx) =>
      trx.selectFrom('users').select('id').where('email', '=', 'officer@demo.test').executeTakeFirstOrThrow(),
    )
  ).id;
  // A job as an export runs: progress, held until the test lets it finish, then a file.
  running.app.jobs.define<{ rows: number }>('e2e.export', {
    handler: async ({ job, payload, progress, storage }) => {
      await progress(1, payload.rows);
      await held;
      await progress(payload.rows, payload.rows);
      const key = `jobs/${job.id}/sites.csv`;
      await storage.put(
        job.tenantId,
        'exports',
        key,
        Buffer.from('Site ID,Site Name\n1,Land at Mill Lane\n'),
      );
      return { file: { key, name: 'sites.csv', contentType: 'text/csv; charset=utf-8' } };
    },
  });
});
afterAll(() => running?.close());

describe('the notifications bell (issue 12 point 5)', () => {
  it('shows a job’s progress, then its download; closing the panel marks all viewed', async () => {
    const { jobId } = await running.app.jobs.enqueue(running.database.db, {
      tenantId,
      userId: officerId,
      kind: 'e2e.export',
      payload: { rows: 3 },
      notify: { label: 'Export of 3 sites' },
    });
    const page = await openAsTenant(running, 'demo', '/table', 'officer');
    const bell = page.getByRole('button', { name: 'Notifications, 1 unviewed' });
    await bell.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    const card = panel.getByRole('article', { name: 'Export of 3 sites' });
    await card.getByText('1 / 3').waitFor();
    await expect.poll(() => card.getByLabel('Processing').count()).toBe(1);
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/notifications-progress.png` });
    // Still in progress: it cannot be deleted.
    expect(await card.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);

    release();
    await running.app.jobs.waitFor(jobId);
    // The bell asks again every 10 s (spec 01 §9).
    const download = card.getByRole('button', { name: 'Download sites.csv' });
    await download.waitFor({ timeout: 15_000 });
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/notifications-done.png` });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('sites.csv');
    expect(await readFile(await file.path(), 'utf8')).toBe('Site ID,Site Name\n1,Land at Mill Lane\n');

    // Closing the panel marks everything viewed: the count goes.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    // Archived, it moves to /notifications/archived.
    await page.getByRole('button', { name: 'Notifications', exact: true }).click();
    // The reopened panel, once it has finished opening (a click mid-animation went astray once in
    // a full run); then the archive request itself must succeed.
    await popoverOpened(page);
    const [archivedAnswer] = await Promise.all([
      page.waitForResponse(
        (response) => response.url().endsWith('/archived') && response.request().method() === 'PUT',
      ),
      card.getByRole('button', { name: 'Archive' }).click(),
    ]);
    expect(archivedAnswer.status()).toBe(204);
    await panel.getByText('No notifications').waitFor();
    await panel.getByRole('link', { name: 'Archived' }).click();
    await page.getByRole('heading', { name: 'Archived notifications' }).waitFor();
    const archived = page.getByRole('article', { name: 'Export of 3 sites' });
    await archived.waitFor();
    await archived.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No archived notifications').waitFor();
    await page.close();
  });
});
