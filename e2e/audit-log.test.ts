import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { auditCsvColumns, auditLogMessages } from '@planning/shared';
import { animationsSettled, openAsTenant, startRunningApp, type RunningApp } from './support/running-app';

let running: RunningApp;
beforeAll(async () => {
  running = await startRunningApp();
});
afterAll(() => running?.close());

/** Picks one action in the Actions filter (typed, so the option is in view), then closes the list. */
async function chooseAction(page: Page, label: string) {
  const actions = page.getByRole('combobox', { name: 'Actions' });
  await actions.click();
  await actions.fill(label);
  const option = page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`);
  await option.waitFor();
  await animationsSettled(page);
  await option.click();
  await page.keyboard.press('Escape');
}

describe('audit log (issue 16 point 5)', () => {
  it('records an API key made on /settings, finds it by action, keeps the filter on reload and exports it as CSV', async () => {
    const name = `Audit journey ${randomBytes(3).toString('hex')}`;

    // One audited action through the UI: a personal API key on the settings page.
    const page = await openAsTenant(running, 'demo', '/settings/api-keys');
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('cell', { name, exact: true }).waitFor();

    await page.goto(`${running.baseUrl}/admin/placemaker/audit-log`);
    await page.getByRole('heading', { name: auditLogMessages.title, level: 1 }).waitFor();
    await page.locator('.audit-log__table .ant-table-row').first().waitFor();

    await chooseAction(page, 'API key created');
    await expect.poll(() => new URL(page.url()).searchParams.get('action')).toBe('api-key.create');
    const row = page.getByRole('row').filter({ hasText: `Created API key '${name}'` });
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining(['admin@demo.test', 'API key created']),
    );
    // Only that action is listed.
    await expect
      .poll(async () => [...new Set(await page.locator('.audit-log__table .ant-tag').allInnerTexts())])
      .toEqual(['API key created']);

    // Its details: before/after where there are some, and the key's name, never the key.
    await row.getByRole('button', { name: /expand row/i }).click();
    const details = page.locator('.audit-log__details');
    await details.getByText(name, { exact: true }).waitFor();
    await details.getByText('Browser').waitFor();

    // A reload keeps the filter (it lives in the address).
    await page.reload();
    await page.locator('.audit-log__actions').getByText('API key created').waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: `Created API key '${name}'` })
      .waitFor();

    // The CSV holds the same rows, with the heading and this admin's email.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: auditLogMessages.exportCsv }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-demo-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(auditCsvColumns.join(','));
    const mine = lines.filter((line) => line.includes(`Created API key '${name}'`));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toContain(',admin@demo.test,');
    expect(mine[0]).toContain(',api-key.create,API key created,api-key,');
    expect(lines.slice(1).every((line) => line.includes(',api-key.create,'))).toBe(true);

    // The export is itself in the log.
    await page.goto(`${running.baseUrl}/admin/placemaker/audit-log?action=export.audit-log`);
    const exported = page.getByRole('row').filter({ hasText: 'Audit log exported' }).first();
    await exported.waitFor();
    expect(await exported.innerText()).toContain('admin@demo.test');
  });
});
