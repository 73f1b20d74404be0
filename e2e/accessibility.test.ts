import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { DEMO_DOCUMENT_TITLE } from '../apps/server/src/modules/documents/documents.seed';
import { createNotification } from '../apps/server/src/modules/notifications/notifications.service';
import { axeViolations } from './support/axe';
import { demoDocumentId } from './support/documents';
import {
  councilId,
  openAsTenant,
  openedDialog,
  signInThroughApi,
  popoverOpened,
  startRunningApp,
  type RunningApp,
} from './support/running-app';

let running: RunningApp;
beforeAll(async () => {
  running = await startRunningApp();
});
afterAll(() => running?.close());

describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  it('finds nothing on the sign-in and sign-up pages', async () => {
    for (const path of ['/sign-in', '/consultations/sign-up']) {
      const page = await openAsTenant(running, 'demo', path, null);
      await page.locator('form button[type="submit"]').waitFor();
      expect(await axeViolations(page), path).toEqual([]);
      await page.context().close();
    }
  });

  it('finds nothing on /map with its results and tags shown, nor on /table', async () => {
    const map = await openAsTenant(running, 'demo', '/map', 'officer');
    await map.waitForFunction(
      () => /^[\d,]+ sites? found$/.test(document.querySelector('.site-results__count')?.textContent ?? ''),
      null,
      { timeout: 30_000 },
    );
    // Tagged cards are among the first results (the fixture tags some sites).
    await map.locator('.site-card__tags').first().waitFor();
    expect(await axeViolations(map), '/map').toEqual([]);
    await map.context().close();

    const table = await openAsTenant(running, 'demo', '/table', 'officer');
    await table.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
    expect(await axeViolations(table), '/table').toEqual([]);
    await table.context().close();
  });

  it('finds nothing on /site/{id} with its features, notes and history, nor on /list/{id}', async () => {
    const site = await openAsTenant(running, 'demo', '/site/7', 'officer');
    await site.getByRole('tab', { name: 'Overview' }).waitFor({ timeout: 30_000 });
    await site.locator('.site-outline-map[data-ready]').first().waitFor({ timeout: 30_000 });
    expect(await axeViolations(site), '/site/7').toEqual([]);
    const created = await site.context().request.post(`${running.baseUrl}/api/v1/lists`, {
      headers: { 'x-tenant': 'demo', 'x-csrf-token': await csrfOf(site) },
      data: { listName: 'Accessibility check' },
    });
    const list = (await created.json()) as { id: string };
    await site.context().request.post(`${running.baseUrl}/api/v1/lists/${list.id}/sites`, {
      headers: { 'x-tenant': 'demo', 'x-csrf-token': await csrfOf(site) },
      data: { siteIds: [7, 8] },
    });
    await site.goto(`${running.baseUrl}/list/${list.id}`);
    await site.locator('.ant-table-row').nth(1).waitFor({ timeout: 30_000 });
    expect(await axeViolations(site), '/list/{id}').toEqual([]);
    await site.context().close();
  });

  it('finds nothing in the notifications bell nor on /notifications', async () => {
    const tenantId = await councilId(running);
    await withTenant(running.database.db, tenantId, async (trx) => {
      const officer = await trx
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'officer@demo.test')
        .executeTakeFirstOrThrow();
      const base = { tenantId: tenantId, userId: officer.id };
      await createNotification(trx, {
        ...base,
        status: 'processing',
        label: 'Geodata upload',
        completedOutOf: 10,
      });
      await createNotification(trx, {
        ...base,
        status: 'error',
        label: 'Export of 2 sites',
        message: 'Failed',
      });
      await createNotification(trx, {
        ...base,
        status: 'success',
        label: 'Export of 12 sites',
        details: { download: { url: '/api/v1/jobs/x/download', name: 'sites.gpkg' } },
      });
    });
    const page = await openAsTenant(running, 'demo', '/notifications', 'officer');
    await page.getByRole('article', { name: 'Export of 12 sites' }).waitFor({ timeout: 30_000 });
    expect(await axeViolations(page), '/notifications').toEqual([]);
    await page.getByRole('button', { name: 'Notifications, 3 unviewed' }).click();
    await page.getByRole('region', { name: 'Notifications' }).getByText('Geodata upload').waitFor();
    // Checked once the panel has finished opening: mid-animation its text is half faded, and axe
    // measures the blend (3.4:1), not the colours users read.
    await popoverOpened(page);
    expect(await axeViolations(page), 'the bell').toEqual([]);
    await page.context().close();
  });

  it('finds nothing on /data-export with search results carried in the address', async () => {
    const page = await openAsTenant(running, 'demo', '/data-export?scenario=Base&siteIds=7,8,9', 'officer');
    await page.getByText('3 sites from the search results (scenario Base)').waitFor({ timeout: 30_000 });
    await page.getByRole('checkbox', { name: 'Site name' }).waitFor();
    expect(await axeViolations(page), '/data-export').toEqual([]);
    await page.context().close();
  });

  it('finds nothing on the events, roles, users and configs screens, an empty list, nor in the new-response drawer', async () => {
    const page = await openAsTenant(running, 'demo', '/events', 'admin');
    // Each screen once its content is in (an empty table says so in its own words).
    const screens = [
      ['/events', page.getByRole('heading', { name: 'Events', level: 1 })],
      ['/admin/placemaker/events', page.getByRole('heading', { name: 'Events', level: 1 })],
      ['/admin/placemaker/roles', page.getByRole('cell', { name: /officer/ }).first()],
      ['/admin/placemaker/users', page.getByRole('cell', { name: 'officer@demo.test' })],
      ['/admin/placemaker/configs', page.getByRole('link', { name: 'Site search', exact: true })],
    ] as const;
    for (const [path, ready] of screens) {
      await page.goto(`${running.baseUrl}${path}`);
      await ready.waitFor({ timeout: 30_000 });
      await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
      expect(await axeViolations(page), path).toEqual([]);
    }
    // One type chosen: the line saying where its config shows, with a link in the sentence.
    await page.getByRole('button', { name: /^Site search/ }).click();
    await page.locator('p.config-list__use').getByRole('link').waitFor();
    expect(await axeViolations(page), '/admin/placemaker/configs, Site search').toEqual([]);

    // A list with no sites yet.
    const created = await page.context().request.post(`${running.baseUrl}/api/v1/lists`, {
      headers: { 'x-tenant': 'demo', 'x-csrf-token': await csrfOf(page) },
      data: { listName: 'Empty for now' },
    });
    const list = (await created.json()) as { id: string };
    await page.goto(`${running.baseUrl}/list/${list.id}`);
    await page.getByRole('cell', { name: 'No sites found' }).waitFor({ timeout: 30_000 });
    expect(await axeViolations(page), 'an empty /list/{id}').toEqual([]);

    // The new-response drawer on a representation whose response is approved (a teal tag).
    const tenantId = await councilId(running);
    const approved = await withTenant(running.database.db, tenantId, async (trx) => {
      const first = await trx
        .selectFrom('representations')
        .select(['id', 'reference'])
        .orderBy('reference')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('representations')
        .set({ status: 'Response approved' })
        .where('id', '=', first.id)
        .execute();
      return first;
    });
    await page.goto(
      `${running.baseUrl}/consultations/representations/all/new-response?representationId=${approved.id}`,
    );
    const drawer = await openedDialog(page, 'New response');
    await drawer.getByText('Response approved').waitFor({ timeout: 30_000 });
    await drawer.getByRole('button', { name: 'Create new' }).waitFor();
    expect(await axeViolations(page), 'the new-response drawer').toEqual([]);
    await drawer.getByRole('button', { name: 'Create new' }).click();
    await drawer.getByRole('heading', { name: 'Create the response' }).waitFor();
    expect(await axeViolations(page), 'the new-response drawer, step 2').toEqual([]);
  });

  it('keeps the header to a strip at 200 % zoom (1440×900 seen as 720×450)', async () => {
    const documentId = await demoDocumentId(running, await councilId(running));
    const context = await running.newContext({
      viewport: { width: 720, height: 450 },
      deviceScaleFactor: 2,
      reducedMotion: 'reduce',
    });
    try {
      const page = await context.newPage();
      await page.addInitScript(() => window.localStorage.setItem('tenantName', 'demo'));
      // An officer on a public document: the most the header carries (Download, Share,
      // Documents, the account menu), wrapped onto a second row at this width.
      await signInThroughApi(running, page, 'demo', 'officer');
      await page.goto(`${running.baseUrl}/p/document/${documentId}`);
      await page.getByRole('heading', { level: 1, name: DEMO_DOCUMENT_TITLE }).waitFor({ timeout: 30_000 });
      const header = page.locator('.public-header');
      await header.getByRole('link', { name: 'Documents' }).waitFor();
      // Part way down the document, the header covers at most 15 % of the window.
      const covered = await page.evaluate(() => {
        window.scrollTo(0, 600);
        const box = document.querySelector('.public-header')!.getBoundingClientRect();
        return { scrolled: window.scrollY, bottom: Math.max(0, box.bottom) };
      });
      expect(covered.scrolled).toBe(600);
      expect(covered.bottom).toBeLessThanOrEqual(450 * 0.15);
      // Back at the top it is there, whole.
      await page.evaluate(() => window.scrollTo(0, 0));
      expect((await header.boundingBox())?.y).toBe(0);

      // The staff screens: the header stays in view (the content scrolls under it) at 48 px.
      await page.goto(`${running.baseUrl}/table`);
      await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
      const staff = await page.locator('.app-header').boundingBox();
      expect(staff!.height).toBeLessThanOrEqual(450 * 0.15);
    } finally {
      await context.close();
    }
  });
});

/** The session's CSRF token, as the app reads it. */
async function csrfOf(page: Page): Promise<string> {
  const answer = await page
    .context()
    .request.get(`${page.url().split('/').slice(0, 3).join('/')}/api/v1/auth/is-authenticated`, {
      headers: { 'x-tenant': 'demo' },
    });
  return ((await answer.json()) as { csrfToken: string }).csrfToken;
}
