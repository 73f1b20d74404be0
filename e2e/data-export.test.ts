import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EXPORT_LIMITS, exportMessages } from '@planning/shared';
import type { Storage } from '../apps/server/src/modules/storage/storage';
import { openAsTenant, settledDialog, startRunningApp, type RunningApp } from './support/running-app';
import { ALL, count, openMap } from './support/site-search';

const run = promisify(execFile);
let running: RunningApp;

beforeAll(async () => {
  running = await startRunningApp();
});
afterAll(() => running?.close());

/** `ogrinfo -so -al` from Debian's gdal-bin, an independent reader of what the browser saved. */
async function ogrSummary(file: string) {
  const { stdout } = await run('ogrinfo', ['-so', '-al', '-ro', file], { maxBuffer: 16 * 1024 * 1024 });
  return {
    count: Number(/Feature Count: (\d+)/.exec(stdout)?.[1]),
    fields: [...stdout.matchAll(/^(\w+): (?:String|Integer|Integer64|Real|Date)/gm)].map((match) => match[1]),
    epsg: [...stdout.matchAll(/ID\["EPSG",(\d+)\]\]\s*$/gm)].at(-1)?.[1] ?? null,
  };
}

async function chooseFormat(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Format' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: label }).click();
}

describe('data export (issue 12 points 6 and 8)', () => {
  it('exports chosen search results to a GeoPackage that ogrinfo reads', async () => {
    const page = await openMap(running);
    const cards = page.locator('.site-card');
    for (const index of [0, 1, 2]) await cards.nth(index).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Export search results' }).click();
    await page.getByRole('heading', { name: 'Data export', level: 1 }).waitFor();
    // Spec 01 §2: the ids and scenario travel in the address.
    const address = new URL(page.url());
    expect(address.pathname).toBe('/data-export');
    expect(address.searchParams.get('scenario')).toBe('Base');
    expect(address.searchParams.get('siteIds')?.split(',')).toHaveLength(3);
    await page.getByText('3 sites from the search results (scenario Base)').waitFor();

    await page.getByRole('button', { name: 'Select none' }).click();
    await page.getByRole('checkbox', { name: 'Site name' }).check();
    await page.getByRole('checkbox', { name: 'Site area' }).check();
    await page.getByRole('radio', { name: 'Cut boundary' }).check();
    await chooseFormat(page, 'GeoPackage');

    // A preset of these choices, kept in this browser and on the server.
    await page.getByRole('button', { name: 'Save as preset' }).click();
    await page.getByRole('textbox', { name: 'Preset name' }).fill('GIS handover');
    const preset = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('textbox', { name: 'Preset name' }) });
    await (await settledDialog(page, preset)).getByRole('button', { name: 'Save' }).click();
    await page.getByText(exportMessages.presetSaved).waitFor();
    const stored = await page.evaluate(() => window.localStorage.getItem('data export presets'));
    expect(JSON.parse(stored ?? '[]')).toEqual([
      {
        name: 'GIS handover',
        fields: ['site_name', 'size_ha'],
        geometry: 'wkb_geometry_cut',
        fileType: 'gpkg',
      },
    ]);

    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/data-export.png`, fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sites-Base-\d{4}-\d{2}-\d{2}\.gpkg$/);
    const info = await ogrSummary(await download.path());
    expect(info).toEqual({ count: 3, fields: ['site_id', 'site_name', 'size_ha'], epsg: '27700' });
    await page.getByText(`${exportMessages.downloaded}: ${download.suggestedFilename()}`).waitFor();

    // The preset follows the user to another browser.
    const other = await openAsTenant(running, 'demo', '/data-export', 'officer');
    await other.getByRole('combobox', { name: 'Preset' }).click();
    await other.locator('.ant-select-item-option').filter({ hasText: 'GIS handover' }).waitFor();
  });

  it('runs a large export in the background: progress in the bell, then a download link', async () => {
    // Held before the file is stored, so the bell can be seen while the job is still working.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const storage: Storage = running.app.storage;
    const put = storage.put.bind(storage);
    storage.put = async (...args) => {
      if (args[1] === 'exports') await held;
      return put(...args);
    };
    running.app.config.exportSyncMaxSites = 100;
    try {
      const page = await openMap(running);
      await page.getByRole('button', { name: 'Export search results' }).click();
      await page.getByText(`${count(ALL)} sites from the search results (scenario Base)`).waitFor();
      await chooseFormat(page, 'GeoPackage');
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      await page.getByText(exportMessages.background).waitFor();

      await page.getByRole('button', { name: /^Notifications, \d+ unviewed$/ }).click();
      const panel = page.getByRole('region', { name: 'Notifications' });
      const card = panel.getByRole('article', { name: exportMessages.notificationLabel }).first();
      await card.getByLabel('Processing').waitFor({ timeout: 15_000 });
      // Progress arrives as the rows are read; the bell asks again every 10 s.
      await card.getByText(`${count(ALL)} / ${count(ALL)}`).waitFor({ timeout: 25_000 });

      release();
      const link = card.getByRole('button', { name: /^Download sites-Base-.*\.gpkg$/ });
      await link.waitFor({ timeout: 25_000 });
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      const info = await ogrSummary(await download.path());
      expect(info.count).toBe(ALL);
      expect(info.epsg).toBe('27700');

      // The export screen offers the file itself too: a council with notifications off has no bell.
      await page.keyboard.press('Escape');
      const here = page
        .locator('.data-export__outcome')
        .getByRole('button', { name: exportMessages.download, exact: true });
      await here.waitFor({ timeout: 25_000 });
      const [again] = await Promise.all([page.waitForEvent('download'), here.click()]);
      expect(again.suggestedFilename()).toMatch(/^sites-Base-.*\.gpkg$/);
    } finally {
      release();
      storage.put = put;
      running.app.config.exportSyncMaxSites = EXPORT_LIMITS.syncMaxSites;
    }
  });
});
