import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchMessages } from '@planning/shared';
import { signInThroughApi, startRunningApp, type RunningApp } from './support/running-app';
import {
  ALL,
  SHOW_ON_MAP_ZOOM,
  colouredShare,
  count,
  demo,
  expectStatus,
  found,
  mapSettledAt,
  openMap,
  recordStatuses,
  recordedStatuses,
  resultsStatus,
} from './support/site-search';

let running: RunningApp;
beforeAll(async () => {
  running = await startRunningApp();
});
afterAll(() => running?.close());

describe('site search', () => {
  it('filters: the count follows the filters, the map and list agree, and the filters survive a reload', async () => {
    const page = await openMap(running);
    const suitable = demo.filter((site) => site.suitabilityAssessmentResult === 'Suitable');
    await page
      .getByRole('group', { name: 'Suitability' })
      .getByRole('checkbox', { name: 'Suitable', exact: true })
      .check();
    await recordStatuses(page);
    await page.getByRole('button', { name: 'Search Sites' }).click();
    // Spec 01 §4: the first page shows with its progress, and loading carries on, unasked,
    // until every matching site is in the list (its id; a card's data comes when it is shown).
    await expectStatus(page, found(suitable.length));
    const statuses = await recordedStatuses(page);
    // The ids come beside the first page, so its progress ('50 / n') may show or not.
    const searching = statuses.indexOf('Searching…');
    expect(searching, statuses.join(' | ')).toBeGreaterThanOrEqual(0);
    const allowed = ['Searching…', `50 / ${count(suitable.length)} sites found`, found(suitable.length)];
    expect(
      statuses.slice(searching).every((status) => allowed.includes(status)),
      statuses.join(' | '),
    ).toBe(true);
    expect(statuses.at(-1)).toBe(found(suitable.length));
    expect(await page.locator('.site-card').count()).toBeGreaterThan(0);
    // Every card shown matches the filter.
    const shown = await page.locator('.site-card').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    for (const text of shown) expect(text).toContain('Suitable');

    // Issue 25: cards far down the list load when scrolled to, a page at a time, never all.
    const cardIds = () =>
      page
        .locator('.site-card')
        .evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-site-id'))));
    const firstIds = await cardIds();
    const pagesAsked: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/search/site/flexible')) pagesAsked.push(request.postDataJSON());
    });
    await page.locator('.site-results__list').evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
    await page.waitForFunction(
      (highest) =>
        document.querySelectorAll('.site-results__pending').length === 0 &&
        [...document.querySelectorAll('.site-card')].some(
          (card) => Number(card.getAttribute('data-site-id')) > highest,
        ),
      Math.max(...firstIds),
      { timeout: 20_000 },
    );
    const later = await page.locator('.site-card').allTextContents();
    for (const text of later) expect(text).toContain('Suitable');
    expect(Math.min(...(await cardIds()))).toBeGreaterThan(Math.max(...firstIds));
    // The last page only (keyset, after the last id before it), not every page on the way.
    expect(pagesAsked.length, JSON.stringify(pagesAsked)).toBeGreaterThan(0);
    expect(pagesAsked.length).toBeLessThanOrEqual(2);
    expect(pagesAsked.every((body) => typeof (body as { after?: unknown }).after === 'string')).toBe(true);

    const big = suitable.filter((site) => site.sizeHa >= 1);
    await page.getByRole('spinbutton', { name: 'Site area from' }).fill('1');
    await page.getByRole('button', { name: 'Search Sites' }).click();
    await expectStatus(page, found(big.length));

    // Only filter values persist, in session storage: a reload keeps them.
    await page.reload();
    await expectStatus(page, found(big.length));
    expect(
      await page
        .getByRole('group', { name: 'Suitability' })
        .getByRole('checkbox', { name: 'Suitable', exact: true })
        .isChecked(),
    ).toBe(true);

    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await expectStatus(page, found(ALL));
    await page.context().close();
  });

  it('says beside a range whose minimum is above its maximum what is wrong, and does not search', async () => {
    const page = await openMap(running);
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/search/site/flexible')) searches.push(request.url());
    });
    await page.getByRole('spinbutton', { name: 'Site area from' }).fill('5');
    await page.getByRole('spinbutton', { name: 'Site area to' }).fill('1');
    const problem = page.getByRole('alert').filter({ hasText: searchMessages.rangeInverted });
    await problem.waitFor();
    expect(await page.getByRole('spinbutton', { name: 'Site area to' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await page.getByRole('button', { name: 'Search Sites' }).click();
    // The list and the map keep the last search; nothing failed and nothing was asked.
    expect(await resultsStatus(page).textContent()).toBe(found(ALL));
    expect(searches).toEqual([]);
    expect(await page.getByText(searchMessages.failed).count()).toBe(0);

    await page.getByRole('spinbutton', { name: 'Site area to' }).fill('50');
    await problem.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Search Sites' }).click();
    await expectStatus(page, found(demo.filter((site) => site.sizeHa >= 5 && site.sizeHa <= 50).length));
    await page.context().close();
  });

  it("filters by tag (in array), with each filter's description shown and read with it", async () => {
    const page = await openMap(running);
    const tags = page.getByRole('combobox', { name: 'Tags' });
    // Spec 03 §3.8: the filter's description, tied to its control.
    const hint = page.getByText('Sites with any of the chosen tags');
    await hint.waitFor();
    const hintId = await hint.getAttribute('id');
    expect(hintId).toBeTruthy();
    expect((await tags.getAttribute('aria-describedby'))?.split(' ')).toContain(hintId);

    await tags.click();
    await tags.fill('brownfield');
    await page.keyboard.press('Enter');
    await tags.fill('green-belt');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Search Sites' }).click();
    const tagged = demo.filter(
      (site) => site.tags.includes('brownfield') || site.tags.includes('green-belt'),
    );
    expect(tagged.length).toBeGreaterThan(0);
    expect(tagged.length).toBeLessThan(ALL);
    await expectStatus(page, found(tagged.length));
    const shown = await page.locator('.site-card .site-card__tags').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    for (const text of shown) expect(text).toMatch(/brownfield|green-belt/);
    await page.context().close();
  });

  it("shows 3 options of a list before 'Show more', and 'No sites found' for an empty result", async () => {
    // The council's values arrive after the list's first page; until then the list says it loads.
    const page = await running.newPage();
    await page.addInitScript(() => window.localStorage.setItem('tenantName', 'demo'));
    await signInThroughApi(running, page, 'demo', 'officer');
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/search/search-options?**', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${running.baseUrl}/map`);
    const status = page.getByRole('group', { name: 'Status' });
    await status.getByRole('status').filter({ hasText: 'Loading Status options' }).waitFor();
    expect(await status.getByRole('checkbox').count()).toBe(0);
    release();
    await status.getByRole('checkbox').first().waitFor();
    expect(await status.getByRole('status').count()).toBe(0);
    expect(await status.getByRole('checkbox').count()).toBe(3);
    await status.getByRole('button', { name: 'Show more' }).click();
    expect(await status.getByRole('checkbox').count()).toBe(5);
    await page.getByLabel('Site name').fill('no site is called this');
    await page.getByRole('button', { name: 'Search Sites' }).click();
    await expectStatus(page, 'No sites found');
    // Said once, in the status; the empty list says what to do instead.
    expect(await page.getByText('No sites found', { exact: true }).count()).toBe(1);
    await page.getByText('Try fewer filters, or Reset to see every site.').waitFor();
    await page.context().close();
  });

  it('lets an officer select sites one by one or all, and export them', async () => {
    const page = await openMap(running);
    const boxes = page.getByRole('checkbox', { name: /^Select Land/ });
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByText('2 selected').waitFor();
    // Select all asks the server for every matching id, then ticks.
    await page.getByRole('checkbox', { name: '2 selected' }).click();
    await page.getByText(`${count(ALL)} selected`).waitFor();
    await page.getByRole('checkbox', { name: `${count(ALL)} selected` }).click();
    await page.getByText('Select all').waitFor();

    await boxes.nth(0).check();
    await page.getByRole('button', { name: 'Export search results' }).click();
    await page.waitForURL(/\/data-export\?/);
    const state = await page.evaluate(() => (window.history.state as { usr?: unknown }).usr);
    expect(state).toEqual({ siteIds: [expect.stringMatching(/^\d+$/)], scenario: 'Base' });
    // Spec 01 §2: the ids and scenario are in the address too.
    const address = new URL(page.url()).searchParams;
    expect(address.get('siteIds')).toBe((state as { siteIds: string[] }).siteIds[0]);
    expect(address.get('scenario')).toBe('Base');
    await page.context().close();
  });

  it('draws the filtered sites on the map (a screenshot shows coloured site polygons)', async () => {
    const page = await openMap(running);
    // Fly in to street level (zoom 16), where sites are drawn as polygons.
    await page.getByRole('button', { name: 'Show On Map' }).first().click();
    const canvas = page.locator('.site-map__canvas canvas');
    const shareOnScreen = async () => colouredShare(PNG.sync.read(await canvas.screenshot()));
    // The base map is pale and grey; sites are filled green, amber or red.
    await expect.poll(shareOnScreen, { timeout: 20_000 }).toBeGreaterThan(0.1);

    // A filter that matches nothing leaves only the base map.
    await page.getByLabel('Site name').fill('no site is called this');
    await page.getByRole('button', { name: 'Search Sites' }).click();
    await expectStatus(page, 'No sites found');
    // Only the yellow outline of the site picked with 'Show On Map' stays (about 1 % of the
    // canvas); the fills, several times that, are gone.
    await expect.poll(shareOnScreen, { timeout: 20_000 }).toBeLessThan(0.02);
    await page.context().close();
  });

  it('opens a popup for a site clicked on the map, and its details from there', async () => {
    const page = await openMap(running);
    await page.getByRole('button', { name: 'Show On Map' }).first().click();
    await mapSettledAt(page, SHOW_ON_MAP_ZOOM);
    const box = await page.locator('.site-map__canvas').boundingBox();
    if (!box) throw new Error('no map');
    // 'Show On Map' centres the site at zoom 16: its polygon is under the centre.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const popup = page.locator('.site-popup');
    await popup.waitFor();
    const first = demo[0]!;
    await popup.getByRole('heading', { name: first.siteName }).waitFor();
    await popup.getByRole('button', { name: 'View Site Details' }).click();
    // The demo council has the scenarios feature on: the site opens in the base scenario.
    await page.waitForURL(/\/site\/\d+\?scenario=Base$/);
    await page.context().close();
  });

  it('shows the same search in the table, sortable by a column', async () => {
    const page = await openMap(running);
    await page
      .getByRole('group', { name: 'Suitability' })
      .getByRole('checkbox', { name: 'Not suitable' })
      .check();
    await page.getByRole('button', { name: 'Search Sites' }).click();
    const notSuitable = demo.filter((site) => site.suitabilityAssessmentResult === 'Not suitable');
    await expectStatus(page, found(notSuitable.length));
    await page.getByRole('menuitem', { name: 'Table' }).click();
    await page.getByRole('heading', { name: 'Site table' }).waitFor();
    await page.getByText(`${count(notSuitable.length)} sites found`).waitFor();
    // The table says which filters its results follow, and lets the user change them.
    const applied = page.getByRole('region', { name: 'Filters applied' });
    await applied.getByText('Suitability: Not suitable').waitFor();
    await applied.getByRole('button', { name: 'Change filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Change filters' });
    await drawer.getByRole('spinbutton', { name: 'Site area from' }).fill('1');
    await drawer.getByRole('button', { name: 'Search Sites' }).click();
    const bigNotSuitable = notSuitable.filter((site) => site.sizeHa >= 1);
    await page.getByText(`${count(bigNotSuitable.length)} sites found`).waitFor();
    await applied.getByText('Site area: from 1 ha').waitFor();
    await applied.getByLabel('Remove the Site area filter').click();
    await page.getByText(`${count(notSuitable.length)} sites found`).waitFor();
    expect(await applied.getByText('Site area: from 1 ha').count()).toBe(0);
    // Spec 03 §9 grid: rows and header 52 px high.
    const firstRow = await page.locator('.ant-table-tbody tr.ant-table-row').first().boundingBox();
    const header = await page.getByRole('columnheader', { name: 'Capacity' }).boundingBox();
    expect(Math.round(firstRow!.height)).toBe(52);
    expect(Math.round(header!.height)).toBe(52);
    // On a 1440 px screen every column fits: nothing cut off, no sideways scrolling.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.waitForFunction(() => {
      const body = document.querySelector('.ant-table-body');
      const tags = document.querySelector('th.ant-table-cell:last-of-type')?.getBoundingClientRect();
      return (
        body &&
        tags &&
        body.scrollWidth <= body.clientWidth &&
        tags.right <= body.getBoundingClientRect().right + 1
      );
    });
    await page.getByRole('columnheader', { name: 'Capacity' }).click();
    const smallest = Math.min(...notSuitable.map((site) => site.optimisedUnitCapacity));
    await page.waitForFunction(
      (text) => document.querySelector('.ant-table-tbody tr.ant-table-row')?.textContent?.includes(text),
      `${smallest} homes`,
    );
    await page.context().close();
  });
});
