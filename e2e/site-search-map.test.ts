import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { findTenantByName, upsertFlag } from '../apps/server/src/modules/tenants/tenants.queries';
import { startRunningApp, type RunningApp } from './support/running-app';
import { ALL, demo, expectStatus, found, mapReady, openMap, resultsStatus } from './support/site-search';

let running: RunningApp;
beforeAll(async () => {
  running = await startRunningApp();
});
afterAll(() => running?.close());

// The second half of the site search journeys (a file of their own so the two halves run side
// by side): base maps, scenarios, drawn areas, layers and failures.
describe('site search: the map, its layers and failures', () => {
  it("offers the council's OS map and satellite imagery only when it has them, drawn through our server", async () => {
    const plain = await openMap(running);
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
      const page = await openMap(running);
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
    const page = await openMap(running);
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
      const plain = await openMap(running);
      expect(await plain.getByRole('combobox', { name: 'Scenario' }).count()).toBe(0);
      await plain.getByRole('link', { name: 'View Site Details' }).first().click();
      await plain.waitForURL(/\/site\/\d+$/);
      await plain.context().close();
    } finally {
      await setFlag(true);
    }
  });

  it('searches in a drawn area: the count drops to the sites inside it, and Reset forgets the area', async () => {
    const page = await openMap(running);
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
    // Like every filter, the area waits for 'Search Sites'.
    await page.getByText('Search Sites to search in the drawn area. Draw again to replace it.').waitFor();
    expect(await resultsStatus(page).textContent()).toBe(found(ALL));
    await page.getByRole('button', { name: 'Search Sites' }).click();
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

    // Switching the area off waits for 'Search Sites' too; switched on again, the drawn area is back.
    const inArea = await resultsStatus(page).textContent();
    await page.getByRole('switch', { name: 'Search in area' }).click();
    await page.getByText('Search Sites to search everywhere again.').waitFor();
    expect(await resultsStatus(page).textContent()).toBe(inArea);
    await page.getByRole('switch', { name: 'Search in area' }).click();
    await page.getByText('Sites in the drawn area only. Draw again to replace it.').waitFor();

    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await expectStatus(page, found(ALL));
    expect(await page.getByRole('switch', { name: 'Search in area' }).isChecked()).toBe(false);
    await page.context().close();
  });

  it('keeps a viewer from selecting: the checkboxes are there, dimmed and inert', async () => {
    const page = await openMap(running, 'viewer');
    const inert = await page.evaluate(
      () => document.querySelector('.site-card [inert] input[type="checkbox"]') !== null,
    );
    expect(inert).toBe(true);
    await page.getByRole('button', { name: 'Search Sites' }).waitFor();
    await page.context().close();
  });
  it('switches the sites layer to the cut sites, and downloads a screenshot named map-screenshot.png', async () => {
    const page = await openMap(running);
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

  it('below the 1080 px breakpoint collapses the side menu and makes the 350 px filter panel a drawer', async () => {
    const page = await openMap(running);
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect.poll(async () => (await page.locator('.side-nav').boundingBox())?.width).toBe(46);
    expect(await page.locator('.filter-panel').count()).toBe(0);
    await page.getByRole('button', { name: 'Search and Filter' }).click();
    const drawer = page.getByRole('dialog', { name: 'Search and Filter' });
    await expect.poll(async () => (await drawer.locator('.filter-panel').boundingBox())?.width).toBe(350);
    await drawer.getByLabel('Site name').fill('no site is called this');
    await drawer.getByRole('button', { name: 'Search Sites' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await expectStatus(page, 'No sites found');
    // Wide again: the panel is beside the map, as the search left it.
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await page.locator('.filter-panel').getByLabel('Site name').inputValue()).toBe(
      'no site is called this',
    );
    await page.context().close();
  });

  it("tells a failed search apart from an empty one, with the server's message when it gives one", async () => {
    const page = await openMap(running);
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
    const page = await openMap(running);
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
