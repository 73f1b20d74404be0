import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { openAsTenant, startRunningApp, type RunningApp } from './support/running-app';
import { openMap } from './support/site-search';

let running: RunningApp;
let tenantId: string;
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

beforeAll(async () => {
  running = await startRunningApp();
  const row = await running.database.db
    .selectFrom('tenants')
    .select('id')
    .where('name', '=', 'demo')
    .executeTakeFirstOrThrow();
  tenantId = row.id;
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
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('button', { name: 'Add' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Create list' }).click();
    await dialog.getByText('List name is required').waitFor();
    await dialog.getByRole('textbox', { name: 'Or make a new list' }).fill('Site visits spring');
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
});

describe('the site page (issue 11 point 3)', () => {
  it('opens from a card, refuses a number out of range, saves one in range and shows it in history', async () => {
    const map = await openMap(running);
    const card = map.locator('.site-card').first();
    const name = (await card.locator('.site-card__title').textContent()) ?? '';
    await card.getByRole('link', { name: 'View Site Details' }).click();
    const page = map;
    await page.getByRole('heading', { level: 1, name }).waitFor();
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
