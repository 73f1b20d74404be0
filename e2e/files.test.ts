import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { fileMessages } from '../packages/shared/src/files/messages';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-users';
import { axeViolationsIn } from './support/axe';
import { councilId, openAsTenant, startRunningApp, type RunningApp } from './support/running-app';

let running: RunningApp;
let siteId: string;

// A 2×2 grey PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4AWM8AQQMQMDEAAUAMKYDJOk+9mYAAAAASUVORK5CYII=',
  'base64',
);

beforeAll(async () => {
  running = await startRunningApp();
  const tenantId = await councilId(running);
  // A site the other journeys leave alone: the last of the demo council's.
  siteId = await withTenant(running.database.db, tenantId, async (trx) => {
    const { rows } = await sql<{ id: string }>`select id::text as id from sites
      where scenario_name = 'Base' and not is_deleted order by id desc limit 1`.execute(trx);
    return rows[0]!.id;
  });
});
afterAll(() => running?.close());

describe('files on the site page (issue 12)', () => {
  it('uploads a png, lists it, previews it, deletes it with confirmation and shows both in history', async () => {
    const page = await openAsTenant(running, 'demo', `/site/${siteId}`, 'officer');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const files = page.getByRole('region', { name: 'Files' });
    await files.getByText(fileMessages.noFilesFound).waitFor();

    // antd's Upload keeps a file input behind its button.
    await files.locator('input[type="file"]').setInputFiles({
      name: 'north field.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    const row = files.locator('.file-row', { hasText: 'north_field.png' });
    await row.waitFor();
    // No scanner in this journey: the file says so, and staff who may edit can still see it.
    await row.getByText(fileMessages.noScanner).waitFor();
    expect(await axeViolationsIn(page, '[data-panel="files"]')).toEqual([]);

    await row.getByRole('button', { name: 'Preview north_field.png' }).click();
    const preview = page.getByRole('dialog', { name: 'north_field.png' });
    const image = preview.getByRole('img', { name: 'Preview of north_field.png' });
    await image.waitFor();
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(2);
    await preview.getByRole('button', { name: 'Close' }).click();
    await preview.waitFor({ state: 'hidden' });

    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('Uploaded: north_field.png').waitFor();

    await row.getByRole('button', { name: 'Delete north_field.png' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete file' });
    await confirm.getByText(fileMessages.deleteConfirm('north_field.png')).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    await files.getByText(fileMessages.noFilesFound).waitFor();

    await history.getByText('Deleted: north_field.png').waitFor();
    // The history filter (spec 01 §4): File.
    await history.locator('.ant-segmented').getByText('File', { exact: true }).click();
    await history.getByText('Uploaded: north_field.png').waitFor();
    expect(await history.locator('.history-item[data-type="FILE"]').count()).toBe(2);
    expect(await history.locator('.history-item:not([data-type="FILE"])').count()).toBe(0);
  });

  it('shows a viewer the upload and delete controls dimmed, and an unscanned file not downloadable', async () => {
    // An officer's upload, through the API as the browser would send it.
    const officer = await running.newContext();
    const login = await officer.request.post(`${running.baseUrl}/api/v1/auth/firebase-auth/login`, {
      headers: { 'x-tenant': 'demo' },
      data: { email: 'officer@demo.test', password: DEMO_PASSWORD },
    });
    const { csrfToken } = (await login.json()) as { csrfToken: string };
    const sent = await officer.request.post(`${running.baseUrl}/api/v1/site/${siteId}/files`, {
      headers: { 'x-tenant': 'demo', 'x-csrf-token': csrfToken },
      multipart: { fileCollection: { name: 'viewer check.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(sent.status()).toBe(201);
    await officer.close();

    const page = await openAsTenant(running, 'demo', `/site/${siteId}`, 'viewer');
    const files = page.getByRole('region', { name: 'Files' });
    const row = files.locator('.file-row', { hasText: 'viewer_check.png' });
    await row.waitFor();
    expect(await row.getByRole('button', { name: 'Download viewer_check.png' }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: 'Preview viewer_check.png' }).count()).toBe(0);
    const dimmed = files.locator('.not-permitted', {
      has: page.getByRole('button', { name: 'Upload files' }),
    });
    expect(await dimmed.getAttribute('aria-label')).toMatch(/contact your administrator/);
    const deleteDimmed = row.locator('.not-permitted', {
      has: page.getByRole('button', { name: 'Delete viewer_check.png' }),
    });
    expect(await deleteDimmed.getAttribute('aria-label')).toMatch(/contact your administrator/);
    expect(await axeViolationsIn(page, '[data-panel="files"]')).toEqual([]);
  });
});
