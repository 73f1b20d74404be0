import { mkdir } from 'node:fs/promises';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { upsertFlag } from '../apps/server/src/modules/tenants/tenants.queries';
import {
  animationsSettled,
  councilId,
  openAsTenant,
  openedDialog,
  startRunningApp,
  type RunningApp,
} from './support/running-app';
import { expectStatus, found, mapReady, openMap } from './support/site-search';

let running: RunningApp;
let tenantId: string;
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

beforeAll(async () => {
  running = await startRunningApp();
  tenantId = await councilId(running);
  if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
});
afterAll(() => running?.close());

/** Base-scenario sites of the demo council, by id, skipping `skip` of them. */
const siteIds = (count: number, skip: number) =>
  withTenant(running.database.db, tenantId, async (trx) =>
    (
      await sql<{
        id: string;
      }>`select id::text as id from sites where scenario_name = 'Base' and not is_deleted
        order by id offset ${skip} limit ${count}`.execute(trx)
    ).rows.map((row) => row.id),
  );

const snap = async (page: Page, name: string) => {
  if (!SCREENSHOTS) return;
  await page.evaluate(() => document.querySelector('main')?.scrollIntoView());
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });
};

const openSite = async (id: string, as: 'officer' | 'viewer' = 'officer') => {
  const page = await openAsTenant(running, 'demo', `/site/${id}`, as);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
};

// The map journeys first: they count every site, before one is deleted below.
describe('bulk actions and lists (issue 11 points 4–5)', () => {
  it('tags two sites in bulk, and the cards show the tag', async () => {
    const page = await openMap(running);
    const cards = page.locator('.site-card');
    for (const index of [0, 1]) await cards.nth(index).getByRole('checkbox').check();
    await page.getByRole('button', { name: /Bulk actions/ }).click();
    await page.getByRole('menuitem', { name: 'Add tag' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Tag' }).fill('Bulk Review');
    await dialog.getByRole('button', { name: 'Add tag' }).click();
    await expect.poll(() => cards.nth(0).getByText('bulk-review').count(), { timeout: 20_000 }).toBe(1);
    expect(await cards.nth(1).getByText('bulk-review').count()).toBe(1);
    await snap(page, 'bulk-tag');
  });

  it('makes a list from a card, sees it in the side menu and opens it', async () => {
    const page = await openMap(running);
    const card = page.locator('.site-card').first();
    const name = (await card.locator('.site-card__title').textContent()) ?? '';
    await card.getByRole('button', { name: `Add ${name} to a list` }).click();
    const dialog = await openedDialog(page);
    expect(await dialog.getByRole('button', { name: 'Add' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Create list' }).click();
    await dialog.getByText('List name is required').waitFor();
    await dialog.getByRole('textbox', { name: 'Or make a new list' }).fill('Site visits spring');
    // The message folds away as the name is typed, moving the button: pressed once it has gone.
    await dialog.getByText('List name is required').waitFor({ state: 'hidden' });
    await animationsSettled(page);
    await dialog.getByRole('button', { name: 'Create list' }).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Add' }).isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: 'Add' }).click();
    const link = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Site visits spring' });
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'Site visits spring' }).waitFor();
    await page.getByRole('link', { name }).waitFor();
    await snap(page, 'site-list');
  });

  it('selects sites on /table, tags them and lists them in bulk, then removes one from the list', async () => {
    const page = await openAsTenant(running, 'demo', '/table', 'officer');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    const selection = page.getByRole('group', { name: 'Selected sites' });
    const names: string[] = [];
    for (const index of [2, 3]) {
      names.push((await rows.nth(index).getByRole('link').textContent()) ?? '');
      await rows.nth(index).getByRole('checkbox').check();
    }
    await selection.getByText('2 selected').waitFor();

    await selection.getByRole('button', { name: /Bulk actions/ }).click();
    await page.getByRole('menuitem', { name: 'Add tag' }).click();
    const tagDialog = page.getByRole('dialog', { name: 'Add a tag to 2 sites' });
    await tagDialog.getByRole('textbox', { name: 'Tag' }).fill('Table Check');
    await tagDialog.getByRole('button', { name: 'Add tag' }).click();
    await expect.poll(() => rows.nth(2).getByText('table-check').count(), { timeout: 20_000 }).toBe(1);
    expect(await rows.nth(3).getByText('table-check').count()).toBe(1);
    expect(await rows.nth(1).getByText('table-check').count()).toBe(0);
    // The selection clears once the action is done.
    await selection.getByText('Select sites to act on them together').waitFor();

    for (const index of [2, 3]) await rows.nth(index).getByRole('checkbox').check();
    await selection.getByRole('button', { name: /Bulk actions/ }).click();
    await page.getByRole('menuitem', { name: 'Add to list' }).click();
    const listDialog = page.getByRole('dialog');
    await listDialog.getByRole('textbox', { name: 'Or make a new list' }).fill('Table picks');
    await listDialog.getByRole('button', { name: 'Create list' }).click();
    await expect.poll(() => listDialog.getByRole('button', { name: 'Add' }).isDisabled()).toBe(false);
    await listDialog.getByRole('button', { name: 'Add' }).click();
    await listDialog.waitFor({ state: 'hidden' });

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Table picks' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Table picks' }).waitFor();
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(2);
    await page.getByRole('checkbox', { name: `Select ${names[0]}` }).check();
    await selection.getByRole('button', { name: 'Remove from list' }).click();
    await page.getByText('1 site removed from the list').waitFor();
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    expect(await rows.first().getByRole('link').textContent()).toBe(names[1]);
  });
});

describe('the site page (issue 11 point 3)', () => {
  it('opens from a card, refuses a number out of range, saves one in range and shows it in history', async () => {
    const map = await openMap(running);
    const card = map.locator('.site-card').first();
    const name = (await card.locator('.site-card__title').textContent()) ?? '';
    await card.getByRole('link', { name: 'View Site Details' }).click();
    const page = map;
    await page.getByRole('heading', { level: 1, name }).waitFor();
    // The panels fit the page at 1280 px: none runs past the grid's right edge.
    await page.locator('.site-panel').first().waitFor();
    const overflow = await page.evaluate(() => {
      const grid = document.querySelector('.site-details__grid')!.getBoundingClientRect();
      return Math.max(
        ...[...document.querySelectorAll('.site-panel')].map(
          (p) => p.getBoundingClientRect().right - grid.right,
        ),
      );
    });
    expect(overflow).toBeLessThanOrEqual(0.5);
    await page.getByRole('tab', { name: 'Assessment' }).click();

    await page.getByRole('button', { name: 'Edit Suitable area' }).click();
    const input = page.getByRole('textbox', { name: 'Suitable area' });
    await input.fill('99999');
    await page.getByRole('button', { name: 'Save Suitable area' }).click();
    await page.getByRole('alert').filter({ hasText: 'Not in range 0 - 5000' }).waitFor();

    await input.fill('12.5');
    await page.getByRole('button', { name: 'Save Suitable area' }).click();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('Suitable area').first().waitFor();
    expect(await history.locator('.history-item').first().textContent()).toContain(
      'to “12.5”'.replace(/[“”]/g, ''),
    );
    await expect
      .poll(() => page.locator('[data-field="suitable_area"] .feature-cell__value').textContent())
      .toContain('12.5');
    await snap(page, 'site-page');
  });

  it('overrides the calculated capacity with a reason (no typed SAVE as well), then reverts it', async () => {
    const [id] = await siteIds(1, 8);
    const page = await openSite(id!);
    await page.getByRole('tab', { name: 'Assessment' }).click();
    const cell = page.locator('[data-field="optimised_unit_capacity"]');
    const calculated = (await cell.locator('.feature-cell__value > span').first().textContent()) ?? '';
    await page.getByRole('button', { name: 'Edit Optimised unit capacity' }).click();
    await page.getByRole('textbox', { name: 'Optimised unit capacity' }).fill('4321');
    await page.getByRole('button', { name: 'Save Optimised unit capacity' }).click();
    await page.getByText('Give a reason for overriding the value the council calculated').waitFor();
    await page.getByRole('textbox', { name: 'Reason for the override' }).fill('Pre-application scheme');
    await page.getByRole('button', { name: 'Save Optimised unit capacity' }).click();
    await cell.getByText('(overridden)').waitFor();
    expect(await page.getByRole('dialog', { name: 'Save Optimised unit capacity?' }).count()).toBe(0);
    expect(await cell.locator('.feature-cell__value > span').first().textContent()).toBe('4321');
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('Reason for the override: Pre-application scheme').waitFor();

    await page
      .getByRole('button', { name: 'Revert Optimised unit capacity to the calculated value' })
      .click();
    await expect.poll(() => cell.getByText('(overridden)').count(), { timeout: 20_000 }).toBe(0);
    expect(await cell.locator('.feature-cell__value > span').first().textContent()).toBe(calculated);
  });

  it('edits cells of the capacity table in place without the table jumping (issue 25 point 6)', async () => {
    const [id] = await siteIds(1, 12);
    const page = await openSite(id!);
    await page.getByRole('tab', { name: 'Assessment' }).click();
    const table = page.locator('table.feature-table').filter({ hasText: 'Capacity' });
    // Scrolled down the page, the table in the middle of the window.
    await table.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const state = () =>
      table.evaluate((element) => ({
        scrollTop: document.querySelector('.app-layout__content')!.scrollTop,
        rows: [...element.querySelectorAll('tbody tr')].map((row) => {
          const box = row.getBoundingClientRect();
          return { label: row.querySelector('th')?.textContent, top: box.top, height: box.height };
        }),
        columns: [...element.querySelectorAll('thead th')].map((cell) => cell.getBoundingClientRect().width),
      }));
    const near = (what: string, actual: number[], expected: number[], within: number) =>
      actual.forEach((value, index) =>
        expect(
          Math.abs(value - expected[index]!),
          `${what} ${index}: ${value}, was ${expected[index]}`,
        ).toBeLessThanOrEqual(within),
      );
    const unmoved = async (before: Awaited<ReturnType<typeof state>>) => {
      const after = await state();
      expect(after.scrollTop).toBe(before.scrollTop);
      expect(after.rows.map((row) => row.label)).toEqual(before.rows.map((row) => row.label));
      near(
        'row top',
        after.rows.map((row) => row.top),
        before.rows.map((row) => row.top),
        2,
      );
      near(
        'row height',
        after.rows.map((row) => row.height),
        before.rows.map((row) => row.height),
        2,
      );
      near('column width', after.columns, before.columns, 1);
    };
    const before = await state();
    expect(before.scrollTop).toBeGreaterThan(0);

    // A plain number: while it is edited the columns stay put and the row keeps its height.
    const area = page.locator('[data-field="suitable_area"]');
    await page.getByRole('button', { name: 'Edit Suitable area' }).click();
    const input = page.getByRole('textbox', { name: 'Suitable area' });
    await input.waitFor();
    await unmoved(before);
    await input.fill('321');
    await page.getByRole('button', { name: 'Save Suitable area' }).click();
    await expect.poll(() => area.locator('.feature-cell__value > span').first().textContent()).toBe('321');
    await unmoved(before);

    // An override with its reason: afterwards the row says so, on the same line, in the same place.
    const capacity = page.locator('[data-field="optimised_unit_capacity"]');
    await page.getByRole('button', { name: 'Edit Optimised unit capacity' }).click();
    await page.getByRole('textbox', { name: 'Optimised unit capacity' }).fill('88');
    await page.getByRole('textbox', { name: 'Reason for the override' }).fill('Scheme in pre-application');
    await page.getByRole('button', { name: 'Save Optimised unit capacity' }).click();
    await capacity.getByText('(overridden)').waitFor();
    await unmoved(before);
  });

  it('relates another site with a comment, makes it primary and removes it', async () => {
    const [id, otherId] = await siteIds(2, 10);
    const { site_name: other, id_unique: reference } = await withTenant(
      running.database.db,
      tenantId,
      async (trx) =>
        (
          await sql<{
            site_name: string;
            id_unique: string;
          }>`select site_name, id_unique from sites where id = ${otherId}`.execute(trx)
        ).rows[0]!,
    );
    const page = await openSite(id!);
    const panel = page.getByRole('region', { name: 'Related sites' });
    await panel.getByText('No related sites yet.').waitFor();
    expect(await panel.getByRole('button', { name: 'Add related site' }).isDisabled()).toBe(true);
    await panel.getByRole('combobox', { name: 'Related site' }).fill(other);
    // The suggestion names the site and its reference (names repeat across a district).
    await page.locator(`.ant-select-item-option[title="${other} (${reference})"]`).click();
    await panel.getByRole('textbox', { name: 'Comment on the relation' }).fill('Same landowner');
    await panel.getByRole('button', { name: 'Add related site' }).click();
    await panel.getByRole('link', { name: `${other} (${reference})` }).waitFor();
    await panel.getByText('Same landowner').waitFor();
    await panel.getByRole('button', { name: 'Make primary' }).click();
    await panel.locator('.ant-tag', { hasText: 'Primary' }).waitFor();
    await panel.getByRole('button', { name: /^Remove .* from the related sites$/ }).click();
    await panel.getByText('No related sites yet.').waitFor();
  });

  it('adds a note (more than 2 characters), shown in notes and history, and filters history to notes', async () => {
    const [id] = await siteIds(1, 3);
    const page = await openSite(id!);
    const notes = page.getByRole('region', { name: 'Notes' });
    await notes.getByRole('textbox', { name: 'New note' }).fill('ok');
    expect(await notes.getByRole('button', { name: 'Add note' }).isDisabled()).toBe(true);
    await notes.getByText('A note needs more than 2 characters').waitFor();
    await notes
      .getByRole('textbox', { name: 'New note' })
      .fill('Access from Mill Lane is too narrow for lorries');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await notes.getByText('Access from Mill Lane is too narrow for lorries').waitFor();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('Access from Mill Lane is too narrow for lorries').waitFor();
    await history.getByText('File', { exact: true }).click();
    await history.getByText('No previous file uploads found for this site.').waitFor();
  });

  it('deletes a site only after DELETE is typed, then goes home; the site is gone', async () => {
    const [id] = await siteIds(1, 5);
    const page = await openSite(id!);
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    await dialog.getByRole('textbox').fill('delete');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox').fill('DELETE');
    await confirm.click();
    await page.waitForURL((url) => !url.pathname.startsWith('/site/'));
    const answer = await page
      .context()
      .request.get(`${running.baseUrl}/api/v1/site/${id}`, { headers: { 'x-tenant': 'demo' } });
    expect(answer.status()).toBe(404);
  });

  it("edits the boundary into a self-intersection and sees the 'Polygon Error'", async () => {
    const [id] = await siteIds(1, 6);
    const page = await openSite(id!);
    const map = page.getByRole('region', { name: /^Map of / }).first();
    await page.locator('.site-outline-map[data-ready]').first().waitFor();
    await page.getByRole('button', { name: 'Edit boundary' }).click();
    const box = (await map.boundingBox())!;
    const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
    // A bow tie: the second and fourth corners swapped.
    for (const [x, y] of [at(0.3, 0.3), at(0.7, 0.7), at(0.7, 0.3), at(0.3, 0.7), at(0.3, 0.3)]) {
      await page.mouse.click(x, y);
    }
    const dialog = page.getByRole('dialog', { name: 'Polygon Error' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      'Self intersection errors have been detected in the polygon. Please draw again.',
    );
  });
});

// Last: a drawn site changes every count the map journeys above wait for.
describe('draw site on /map (issue 11 point 5)', () => {
  const setOverlap = (value: boolean) =>
    withTenant(running.database.db, tenantId, (trx) => upsertFlag(trx, tenantId, 'siteOverlap', value));

  it('offers the draw tools only to those who may write sites', async () => {
    const page = await openAsTenant(running, 'demo', '/map', 'viewer');
    await mapReady(page);
    expect(await page.getByRole('button', { name: 'Measure distance' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Draw site/ }).count()).toBe(0);
    await page.context().close();
  });

  it('refuses a crossing outline and an overlap, then saves a drawn site and finds it by name', async () => {
    const page = await openAsTenant(running, 'demo', '/map', 'officer');
    await mapReady(page);
    // Drawn under a search it will not match (issue 25 point 6): it must not vanish.
    await page.locator('.filter-panel').getByLabel('Site name').fill('no site is called this');
    await page.getByRole('button', { name: 'Search Sites' }).click();
    await expectStatus(page, found(0));
    const tool = page.getByRole('button', { name: 'Draw site polygon' });
    // Choosing the same tool again ends drawing.
    await tool.click();
    await page.getByText('Click on the map to draw the site; double-click to finish.').waitFor();
    expect(await tool.getAttribute('aria-pressed')).toBe('true');
    await tool.click();
    expect(await tool.getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByText('Click on the map to draw the site; double-click to finish.').count()).toBe(
      0,
    );

    const box = (await page.locator('.site-map__canvas').boundingBox())!;
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    const draw = async (corners: number[][]) => {
      for (const [dx, dy] of corners.slice(0, -1)) await page.mouse.click(cx + dx!, cy + dy!);
      const [lx, ly] = corners.at(-1)!;
      await page.mouse.dblclick(cx + lx!, cy + ly!);
    };

    // A bow tie is refused at once, and the tool stays on to draw again.
    await tool.click();
    await draw([
      [-60, -60],
      [60, 60],
      [60, -60],
      [-60, 60],
    ]);
    const polygonError = page.getByRole('dialog', { name: 'Polygon Error' });
    await polygonError.waitFor();
    expect(await polygonError.textContent()).toContain(
      'Self intersection errors have been detected in the polygon. Please draw again.',
    );
    await polygonError.getByRole('button', { name: 'OK' }).click();
    await polygonError.waitFor({ state: 'hidden' });
    expect(await tool.getAttribute('aria-pressed')).toBe('true');

    // A square over the middle of the district, where sites are.
    await draw([
      [-60, -60],
      [60, -60],
      [60, 60],
      [-60, 60],
    ]);
    await page.getByRole('group', { name: 'Drawn site' }).getByRole('button', { name: 'Save site' }).click();
    const naming = page.getByRole('dialog', { name: 'Save site' });
    // Save is pressed once the dialog's form is in place and its zoom-in has finished: in a loaded
    // full run the press came mid-opening and no validation message ever showed (passes alone).
    await naming.getByRole('textbox', { name: 'Site name' }).waitFor();
    await animationsSettled(page);
    await naming.getByRole('button', { name: 'Save site' }).click();
    await naming.getByText('Please enter site name').waitFor();
    await naming.getByRole('textbox', { name: 'Site name' }).fill("St Mary's drawn meadow");
    await naming.getByRole('button', { name: 'Save site' }).click();
    await page
      .getByText(
        'Site has not been created. The site overlaps an existing site, which this council does not allow. Please draw again.',
      )
      .waitFor();

    // Where the council allows overlap, the same outline is saved.
    await setOverlap(true);
    try {
      await page
        .getByRole('group', { name: 'Drawn site' })
        .getByRole('button', { name: 'Save site' })
        .click();
      await naming.getByRole('textbox', { name: 'Site name' }).fill("St Mary's drawn meadow");
      // The map, settled, asks for its tiles again, so the new site shows without a reload.
      await page.waitForFunction(
        () => document.querySelector('.site-map__canvas')?.getAttribute('data-map-state') === 'idle',
      );
      const tilesAgain = page.waitForResponse(
        (response) => response.url().includes('/vector-tiles/') && response.request().method() === 'GET',
      );
      await naming.getByRole('button', { name: 'Save site' }).click();
      await page.getByText('Site has been created').waitFor();
      // The message waits while the pointer is on it (antd pauses it on hover).
      const openLink = page.getByRole('link', { name: "Open St Mary's drawn meadow" });
      await openLink.hover();
      await tilesAgain;
      expect(await page.getByRole('group', { name: 'Drawn site' }).count()).toBe(0);
      expect(await tool.getAttribute('aria-pressed')).toBe('false');
    } finally {
      await setOverlap(false);
    }

    // The search still matches nothing, yet the new site shows above the results, said to be
    // outside the filters, and on the map in the new site's yellow where no site is drawn.
    const pinned = page.getByRole('region', { name: 'New site' });
    await pinned.getByText('Shown although it does not match your filters').waitFor();
    expect(await pinned.locator('.site-card__title').textContent()).toBe("St Mary's drawn meadow");
    await expectStatus(page, found(0));
    const yellowAtCentre = async () => {
      const png = PNG.sync.read(
        await page.screenshot({ clip: { x: cx - 70, y: cy - 70, width: 140, height: 140 } }),
      );
      let yellow = 0;
      for (let i = 0; i < png.data.length; i += 4)
        if (png.data[i]! > 220 && png.data[i + 1]! > 190 && png.data[i + 2]! < 90) yellow += 1;
      return yellow;
    };
    await expect.poll(yellowAtCentre, { timeout: 20_000 }).toBeGreaterThan(200);

    // The message's link opens the new site, numbered in the council's own way (DB-nnnnnn).
    await page.getByRole('link', { name: "Open St Mary's drawn meadow" }).click();
    await page.getByRole('heading', { level: 1, name: /St Mary's drawn meadow/ }).waitFor();
    expect(await page.locator('.site-details__subtitle').textContent()).toMatch(/^DB-\d{6} · Base$/);
    await page.goBack();
    await mapReady(page);

    await page.locator('.filter-panel').getByLabel('Site name').fill("St Mary's drawn");
    await page.getByRole('button', { name: 'Search Sites' }).click();
    await expectStatus(page, found(1));
    const card = page.locator('.site-card');
    expect(await card.getByText("St Mary's drawn meadow").count()).toBe(1);
    await card.getByRole('link', { name: 'View Site Details' }).click();
    await page.getByRole('heading', { level: 1, name: /St Mary's drawn meadow/ }).waitFor();
    await snap(page, 'drawn-site');
  });
});
