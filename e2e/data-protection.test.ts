import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCsvColumns, subjectAccessMessages } from '@planning/shared';
import { axeViolationsIn } from './support/axe';
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
    // A long page of tools: its contents link to each, the register (last) scrolled into view.
    const contents = page.getByRole('navigation', { name: 'On this page' });
    // The call-for-sites section joins once the administrator's cfs delete grant is known.
    await expect
      .poll(() => contents.getByRole('link').allInnerTexts())
      .toEqual([
        'Subject access request',
        'Erasure',
        'Call for sites submissions',
        'Legal holds',
        'Retention',
        'Allow list',
        'Privacy notice',
        'Register of personal data',
      ]);
    await contents.getByRole('link', { name: 'Register of personal data' }).click();
    const registerHeading = page.getByRole('heading', { name: 'Register of personal data' });
    await expect.poll(async () => (await registerHeading.boundingBox())?.y ?? Infinity).toBeLessThan(800);
    expect(new URL(page.url()).hash).toBe('#dp-register');
    // Every tool on the page at once, as the officer first sees it (WCAG 2.2 AA).
    await page.getByRole('row').filter({ hasText: 'Staff and resident accounts' }).waitFor();
    const violations = await axeViolationsIn(page, '.data-protection');
    expect(violations, violations.join('\n')).toEqual([]);

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

  it('answers a subject access request: checks the terms, finds the resident’s records and exports them', async () => {
    const page = await openAsTenant(running, 'demo', '/data-protection');
    const card = page.locator('.ant-card').filter({ hasText: 'Subject access request' });
    await card.getByRole('button', { name: 'Find records' }).click();
    await card.getByText(subjectAccessMessages.nothingToFind).waitFor();
    await card.getByRole('textbox', { name: 'Postcode' }).fill('ME14');
    await card.getByRole('button', { name: 'Find records' }).click();
    await card.getByText(subjectAccessMessages.postcodeInvalid).waitFor();

    await card.getByRole('textbox', { name: 'Postcode' }).fill('');
    await card.getByRole('textbox', { name: 'Email address' }).fill('Resident@Demo.test');
    await card.getByRole('button', { name: 'Find records' }).click();
    // The request is in the address, so a reload comes back to its findings.
    await expect.poll(() => new URL(page.url()).searchParams.get('request')).toMatch(/^[0-9a-f-]{36}$/);
    await card.getByRole('button', { name: /Staff and resident accounts \(1\)/ }).click();
    expect(await card.getByText(subjectAccessMessages.postcodeInvalid).count()).toBe(0);
    await card.getByText('resident@demo.test', { exact: true }).waitFor();
    await page.reload();
    await card.getByRole('button', { name: /Staff and resident accounts \(1\)/ }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download the export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^subject-access-demo-\d{4}-\d{2}-\d{2}\.zip$/);
    expect((await readFile(await download.path())).subarray(0, 2).toString()).toBe('PK');
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
