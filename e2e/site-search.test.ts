import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { findTenantByName, upsertFlag } from '../apps/server/src/modules/tenants/tenants.queries';
import { E2E_SITE_COUNTS, demoFixtureSites } from './support/fixture';
import { openAsTenant, startRunningApp, type RunningApp } from './support/running-app';

// The demo council's sites, as the fixture seeded them: the oracle for every count on screen.
const demo = demoFixtureSites();
const ALL = E2E_SITE_COUNTS.demo;
/** Where 'Show On Map' flies to (MAP.flyToZoom in the web app's mapStyle.ts, spec 03 §9). */
const SHOW_ON_MAP_ZOOM = 16;
const count = (n: number) => n.toLocaleString('en-GB');

let running: RunningApp;
beforeAll(async () => {
  running = await startRunningApp();
});
afterAll(() => running?.close());

const resultsStatus = (page: Page) => page.locator('.site-results__count');

/** The status once every matching site is in (spec 01 §2, §4). */
const found = (n: number) => (n === 0 ? 'No sites found' : `${count(n)} ${n === 1 ? 'site' : 'sites'} found`);

type StatusWindow = Window & { statusLog?: string[]; statusObserver?: MutationObserver };

/**
 * From now on, keeps every text the results status shows, in order: a progress text such as
 * '50 / 6,512 sites found' lasts only as long as the next page takes, too short to poll for.
 */
async function recordStatuses(page: Page) {
  await page.evaluate(() => {
    const target = window as StatusWindow;
    target.statusObserver?.disconnect();
    const log: string[] = [];
    const read = () => {
      const text = document.querySelector('.site-results__count')?.textContent ?? '';
      if (text !== log.at(-1)) log.push(text);
    };
    target.statusLog = log;
    target.statusObserver = new MutationObserver(read);
    target.statusObserver.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
const recordedStatuses = (page: Page) => page.evaluate(() => (window as StatusWindow).statusLog ?? []);

/** The map's tools start with the map: clicks before that would do nothing. */
async function mapReady(page: Page) {
  await expect
    .poll(() => page.getByRole('button', { name: 'Zoom in' }).isEnabled(), { timeout: 20_000 })
    .toBe(true);
}

/** The map has stopped moving at this zoom and drawn every tile of its view (SiteMap's data-map-state). */
async function mapSettledAt(page: Page, zoom: number) {
  await page.waitForFunction(
    (expected) => {
      const box = document.querySelector('.site-map__canvas');
      return box?.getAttribute('data-map-state') === 'idle' && box.getAttribute('data-map-zoom') === expected;
    },
    zoom.toFixed(1),
    { timeout: 20_000 },
  );
}

/** The share of strongly coloured pixels: site fills, never the pale base map. */
function colouredShare(png: PNG): number {
  let coloured = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    const [r, g, b] = [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
    if (Math.max(r, g, b) - Math.min(r, g, b) > 40) coloured += 1;
  }
  return coloured / (png.width * png.height);
}

async function openMap(as: 'officer' | 'viewer' = 'officer') {
  const page = await openAsTenant(running, 'demo', '/map', as);
  await page.getByRole('heading', { name: 'Search and Filter' }).waitFor();
  await expectStatus(page, found(ALL));
  return page;
}

async function expectStatus(page: Page, text: string) {
  await page.waitForFunction(
    (expected) => document.querySelector('.site-results__count')?.textContent === expected,
    text,
    { timeout: 30_000 },
  );
}

// Each journey waits for whole results, as the screen loads them (spec 01 §4): 20,000 sites are
// 41 pages (keyset paging keeps the late ones as quick as the first), up to ~13 s here.
describe('site search', () => {
  it('filters: the count follows the filters, the map and list agree, and the filters survive a reload', async () => {
    const page = await openMap();
    const suitable = demo.filter((site) => site.suitabilityAssessmentResult === 'Suitable');
    await page
      .getByRole('group', { name: 'Suitability' })
      .getByRole('checkbox', { name: 'Suitable', exact: true })
      .check();
    await recordStatuses(page);
    await page.getByRole('button', { name: 'Search Sites' }).click();
    // Spec 01 §4: the first page shows with its progress, and loading carries on, unasked,
    // until every matching site is in.
    await expectStatus(page, found(suitable.length));
    const statuses = await recordedStatuses(page);
    const progress = statuses.indexOf(`50 / ${count(suitable.length)} sites found`);
    expect(progress, statuses.join(' | ')).toBeGreaterThanOrEqual(0);
    expect(statuses.indexOf(`550 / ${count(suitable.length)} sites found`)).toBeGreaterThan(progress);
    expect(statuses.at(-1)).toBe(found(suitable.length));
    expect(await page.locator('.site-card').count()).toBeGreaterThan(0);
    // Every card shown matches the filter.
    const shown = await page.locator('.site-card').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    for (const text of shown) expect(text).toContain('Suitable');

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

  it("filters by tag (in array), with each filter's description shown and read with it", async () => {
    const page = await openMap();
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
    const page = await openMap();
    const status = page.getByRole('group', { name: 'Status' });
    expect(await status.getByRole('checkbox').count()).toBe(3);
    await status.getByRole('button', { name: 'Show more' }).click();
    expect(await status.getByRole('checkbox').count()).toBe(5);
    await page.getByLabel('Site name').fill('no site is called this');
    await page.getByRole('button', { name: 'Search Sites' }).click();
    await expectStatus(page, 'No sites found');
    await page.context().close();
  });

  it('lets an officer select sites one by one or all, and export them', async () => {
    const page = await openMap();
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
    await page.waitForURL('**/data-export');
    const state = await page.evaluate(() => (window.history.state as { usr?: unknown }).usr);
    expect(state).toEqual({ siteIds: [expect.stringMatching(/^\d+$/)], scenario: 'Base' });
    await page.context().close();
  });

  it('draws the filtered sites on the map (a screenshot shows coloured site polygons)', async () => {
    const page = await openMap();
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
    const page = await openMap();
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
    const page = await openMap();
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
    // Spec 03 §9 grid: rows and header 52 px high.
    const firstRow = await page.locator('.ant-table-tbody tr.ant-table-row').first().boundingBox();
    const header = await page.getByRole('columnheader', { name: 'Capacity' }).boundingBox();
    expect(Math.round(firstRow!.height)).toBe(52);
    expect(Math.round(header!.height)).toBe(52);
    await page.getByRole('columnheader', { name: 'Capacity' }).click();
    const smallest = Math.min(...notSuitable.map((site) => site.optimisedUnitCapacity));
    await page.waitForFunction(
      (text) => document.querySelector('.ant-table-tbody tr.ant-table-row')?.textContent?.includes(text),
      `${smallest} homes`,
    );
    await page.context().close();
  });

  it("offers the council's OS map and satellite imagery only when it has them, drawn through our server", async () => {
    const plain = await openMap();
    await plain.getByRole('button', { name: 'Zoom in' }).waitFor();
    expect(await plain.getByRole('button', { name: 'Satellite' }).count()).toBe(0);
    await plain.context().close();

    // A map provider on this machine that answers every tile with solid red.
    const tile = new PNG({ width: 256, height: 256 });
    for (let i = 0; i < tile.data.length; i += 4) tile.data.set([220, 20, 30, 255], i);
    const red = PNG.sync.write(tile);
    const provider = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'image/png' }).end(red),
    );
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    const demoTenant = await findTenantByName(running.database.db, 'demo');
    // Tenants are writable only inside their own tenant transaction (row-level security).
    const setBaseMaps = (maps: object) =>
      withTenant(running.database.db, demoTenant!.id, (trx) =>
        trx
          .updateTable('tenants')
          .set({ base_maps: JSON.stringify(maps) })
          .where('id', '=', demoTenant!.id)
          .execute(),
      );
    try {
      await setBaseMaps({
        os: { tiles: `${url}/os/{z}/{x}/{y}.png?key=k` },
        satellite: { tiles: `${url}/sat/{z}/{x}/{y}.png` },
      });
      const page = await openMap();
      await page.getByRole('button', { name: 'Satellite' }).waitFor();
      expect(await page.getByRole('button', { name: 'Terrain' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Base map' }).click();
      await page.getByRole('menuitem', { name: 'OS map' }).click();
      const redShare = async () => {
        const png = PNG.sync.read(await page.locator('.site-map__canvas canvas').screenshot());
        let reds = 0;
        for (let i = 0; i < png.data.length; i += 4) {
          if (png.data[i]! > 180 && png.data[i + 1]! < 80 && png.data[i + 2]! < 90) reds += 1;
        }
        return reds / (png.width * png.height);
      };
      await expect.poll(redShare, { timeout: 20_000 }).toBeGreaterThan(0.2);
      await page.context().close();
    } finally {
      await setBaseMaps({});
      await new Promise((resolve) => provider.close(resolve));
    }
  });

  it('offers the scenario on each card only with the scenarios feature, and opens the site in it', async () => {
    // The demo council has the feature on.
    const page = await openMap();
    await page.getByRole('combobox', { name: 'Scenario' }).first().waitFor();
    await page.getByRole('link', { name: 'View Site Details' }).first().click();
    await page.waitForURL(/\/site\/\d+\?scenario=Base$/);
    await page.context().close();

    const demoTenant = await findTenantByName(running.database.db, 'demo');
    const setFlag = (value: boolean) =>
      withTenant(running.database.db, demoTenant!.id, (trx) =>
        upsertFlag(trx, demoTenant!.id, 'scenariosInSiteView', value),
      );
    try {
      await setFlag(false);
      const plain = await openMap();
      expect(await plain.getByRole('combobox', { name: 'Scenario' }).count()).toBe(0);
      await plain.getByRole('link', { name: 'View Site Details' }).first().click();
      await plain.waitForURL(/\/site\/\d+$/);
      await plain.context().close();
    } finally {
      await setFlag(true);
    }
  });

  it('searches in a drawn area: the count drops to the sites inside it, and Reset forgets the area', async () => {
    const page = await openMap();
    await mapReady(page);
    await page.getByRole('switch', { name: 'Search in area' }).click();
    await page.getByText('Click on the map to draw the area; double-click to finish.').waitFor();
    const box = (await page.locator('.site-map__canvas').boundingBox())!;
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    // A square about 120 px across around the middle of the district.
    for (const [dx, dy] of [
      [-60, -60],
      [60, -60],
      [60, 60],
    ]) {
      await page.mouse.click(cx + dx!, cy + dy!);
    }
    await page.mouse.dblclick(cx - 60, cy + 60);
    await page.waitForFunction(
      (all) => {
        const text = document.querySelector('.site-results__count')?.textContent ?? '';
        const total = Number(
          /\/ ([\d,]+) sites found|^([\d,]+) sites? found/
            .exec(text)
            ?.slice(1)
            .find(Boolean)
            ?.replace(/,/g, ''),
        );
        return total > 0 && total < all;
      },
      ALL,
      { timeout: 20_000 },
    );
    await page.getByText('Sites in the drawn area only. Draw again to replace it.').waitFor();
    // The oracle: the database's own count of sites meeting the drawn area (kept in session
    // storage), read again on each try so the check never races the search it checks.
    const demoTenant = await findTenantByName(running.database.db, 'demo');
    const insideDrawnArea = async () => {
      const stored = await page.evaluate(() => sessionStorage.getItem('planning.site-search.demo'));
      const area = (JSON.parse(stored!) as { area: unknown }).area;
      return withTenant(running.database.db, demoTenant!.id, async (trx) => {
        // The search covers the live sites of the base scenario; other scenarios repeat sites.
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from sites
          where scenario_name = 'Base' and not is_deleted
          and ST_Intersects(geom, ST_Transform(ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(area)}), 4326), 27700))`.execute(
          trx,
        );
        return rows[0]!.n;
      });
    };
    await expect
      .poll(
        async () => {
          const expected = found(await insideDrawnArea());
          const shown = await resultsStatus(page).textContent();
          return shown === expected ? 'agrees' : `shown "${shown}", expected "${expected}"`;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe('agrees');

    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await expectStatus(page, found(ALL));
    expect(await page.getByRole('switch', { name: 'Search in area' }).isChecked()).toBe(false);
    await page.context().close();
  });

  it('keeps a viewer from selecting: the checkboxes are there, dimmed and inert', async () => {
    const page = await openMap('viewer');
    const inert = await page.evaluate(
      () => document.querySelector('.site-card [inert] input[type="checkbox"]') !== null,
    );
    expect(inert).toBe(true);
    await page.getByRole('button', { name: 'Search Sites' }).waitFor();
    await page.context().close();
  });
  it('switches the sites layer to the cut sites, and downloads a screenshot named map-screenshot.png', async () => {
    const page = await openMap();
    await mapReady(page);
    const cut = page.getByRole('button', { name: 'Show cut sites' });
    expect(await cut.getAttribute('aria-pressed')).toBe('false');
    const cutTile = page.waitForRequest((request) =>
      request.url().includes('/api/v1/vector-tiles/cut-sites/'),
    );
    await cut.click();
    // The same search goes with the cut tiles.
    expect((await cutTile).url()).not.toContain('/vector-tiles/sites/');
    expect(await cut.getAttribute('aria-pressed')).toBe('true');
    const siteTile = page.waitForRequest((request) => request.url().includes('/api/v1/vector-tiles/sites/'));
    await cut.click();
    await siteTile;
    expect(await cut.getAttribute('aria-pressed')).toBe('false');

    // Spec 03 §2: the screenshot tool's PNG is named map-screenshot.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Screenshot' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('map-screenshot.png');
    await page.context().close();
  });

  it('keeps the filter panel 350 px wide below the 1080 px breakpoint', async () => {
    const page = await openMap();
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect.poll(async () => (await page.locator('.filter-panel').boundingBox())?.width).toBe(350);
    await page.context().close();
  });

  it("tells a failed search apart from an empty one, with the server's message when it gives one", async () => {
    const page = await openMap();
    const flexible = '**/api/v1/search/site/flexible';
    // A search the server refuses: its own message.
    await page.route(flexible, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Field "nope" cannot be searched' }),
      }),
    );
    await page.getByLabel('Site name').fill('Land');
    await page.getByRole('button', { name: 'Search Sites' }).click();
    await expectStatus(page, 'Field "nope" cannot be searched');
    expect(await page.getByText('No sites found').count()).toBe(0);

    // A server that fails: the wrapper default (after the retries a server error gets).
    await page.unroute(flexible);
    await page.route(flexible, (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByLabel('Site name').fill('Lan');
    await page.getByRole('button', { name: 'Search Sites' }).click();
    await expectStatus(page, 'Failed to search sites');
    expect(await page.getByText('No sites found').count()).toBe(0);

    // Trying again once the server is back finishes the search.
    await page.unroute(flexible);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectStatus(
      page,
      found(demo.filter((site) => site.siteName.toLowerCase().includes('lan')).length),
    );

    // 'Show On Map' whose outline cannot be fetched: a notice, not an unhandled rejection.
    const rejections: string[] = [];
    page.on('pageerror', (error) => rejections.push(error.message));
    await page.route('**/api/v1/search/sites/geometries**', (route) =>
      route.fulfill({ status: 500, body: '' }),
    );
    await page.getByRole('button', { name: 'Show On Map' }).first().click();
    const notice = page.locator('.ant-notification-notice').filter({ hasText: 'Failed to fetch geometries' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Request failed');
    expect(rejections).toEqual([]);

    // The table says so too.
    await page.route(flexible, (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('menuitem', { name: 'Table' }).click();
    await page.getByRole('heading', { name: 'Site table' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Failed to search sites' }).waitFor({ timeout: 20_000 });
    expect(await page.getByText('No sites found').count()).toBe(0);
    await page.context().close();
  });

  it("says 'Failed to fetch search options' when the filter lists cannot be filled", async () => {
    const page = await openMap();
    await page.route('**/api/v1/search/search-options**', (route) =>
      route.fulfill({ status: 500, body: '' }),
    );
    await page.reload();
    const notice = page
      .locator('.ant-notification-notice')
      .filter({ hasText: 'Failed to fetch search options' });
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.textContent()).toContain('Request failed');
    // The rest of the screen still works.
    await expectStatus(page, found(ALL));
    await page.context().close();
  });
});
