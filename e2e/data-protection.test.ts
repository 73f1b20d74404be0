import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCsvColumns } from '@planning/shared';
import { openAsTenant, startRunningApp, type RunningApp } from './support/running-app';

let running: RunningApp;
beforeAll(async () => {
  running = await startRunningApp();
});
afterAll(() => running?.close());

describe('data protection (issue 26)', () => {
  it('shows the administrator the register of personal data from the side menu and exports it as CSV', async () => {
    const page = await openAsTenant(running, 'demo', '/map');
    await page.getByRole('menuitem', { name: 'Data protection' }).click();
    await page.getByRole('heading', { name: 'Data protection', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/data-protection');

    // The demo council's accounts: its four staff and residents' accounts, counted today.
    const accounts = page.getByRole('row').filter({ hasText: 'Staff and resident accounts' });
    await accounts.waitFor();
    const cells = await accounts.getByRole('cell').allInnerTexts();
    expect(cells.join(' | ')).toMatch(/email address.*telephone number/);
    expect(Number(cells.at(-1)?.replace(/,/g, ''))).toBeGreaterThanOrEqual(4);
    await page.getByRole('row').filter({ hasText: 'Representations (letters, emails and forms)' }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^personal-data-register-demo-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await download.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(registerCsvColumns.join(','));
    expect(lines.some((line) => line.startsWith('users,Staff and resident accounts,'))).toBe(true);
  });

  it('offers it to no officer, and sends the address home for them', async () => {
    const page = await openAsTenant(running, 'demo', '/map', 'officer');
    await page.getByRole('menuitem', { name: 'Map' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Data protection' }).count()).toBe(0);
    // The address sends them home, as every guarded page does for those without its grant.
    await page.goto(`${running.baseUrl}/data-protection`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/map');
    expect(await page.getByRole('heading', { name: 'Data protection', level: 1 }).count()).toBe(0);
  });
});
