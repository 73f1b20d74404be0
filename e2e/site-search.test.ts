import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { demoDistrict, generateSites } from '../apps/server/src/modules/sites/sites.generator';
import { findTenantByName, upsertFlag } from '../apps/server/src/modules/tenants/tenants.queries';
import { openAsTenant, startRunningApp, type RunningApp } from './support/running-app';

// The demo council's sites, as the seed made them: the oracle for every count on screen.
const demo = generateSites(demoDistrict, 20_000);
const count = (n: number) => n.toLocaleString('en-GB');

let running: RunningApp;
beforeAll(async () => {
  running = await startRunningApp();
});
afterAll(() => running?.close());

const resultsStatus = (page: Page) => page.locator('.site-results__count');

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
  await expectStatus(page, `50 / ${count(20_000)} sites found`);
  return page;
}

async function expectStatus(page: Page, text: string) {
  await page.waitForFunction(
    (expected) => document.querySelector('.site-results__count')?.textContent === expected,
    text,
    { timeout: 20_000 },
  );
}

describe('site search', () => {
  it('filters: the count follows the filters, the map and list agree, and the filters survive a reload', async () => {
    const page = await openMap();
    const suitable = demo.filter((site) => site.suitabilityAssessmentResult === 'Suitable');
    await page
      .getByRole('group', { name: 'Suitability' })
      .getByRole('checkbox', { name: 'Suitable', exact: true })
      .check();
    await page.getByRole('button', { name: 'Search Sites' }).click();
    await expectStatus(page, `50 / ${count(suitable.length)} sites found`);
    // Every card shown matches the filter.
    const shown = await page.locator('.site-card').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    for (const text of shown) expect(text).toContain('Suitable');

    const big = suitable.filter((site) => site.sizeHa >= 1);
    await page.getByRole('spinbutton', { name: 'Site area from' }).fill('1');
    await page.getByRole('button', { name: 'Search Sites' }).click();
    await expectStatus(page, `${Math.min(50, big.length)} / ${count(big.length)} sites found`);

    // Only filter values persist, in session storage: a reload keeps them.
    await page.reload();
    await expectStatus(page, `${Math.min(50, big.length)} / ${count(big.length)} sites found`);
    expect(
      await page
        .getByRole('group', { name: 'Suitability' })
        .getByRole('checkbox', { name: 'Suitable', exact: true })
        .isChecked(),
    ).toBe(true);

    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await expectStatus(page, `50 / ${count(20_000)} sites found`);
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
    await page.getByText(`${count(20_000)} selected`).waitFor();
    await page.getByRole('checkbox', { name: `${count(20_000)} selected` }).click();
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
    await page.waitForTimeout(3000);
    const canvas = page.locator('.site-map__canvas canvas');
    // The base map is pale and grey; sites are filled green, amber or red.
    expect(colouredShare(PNG.sync.read(await canvas.screenshot()))).toBeGreaterThan(0.05);

    // A filter that matches nothing leaves only the base map.
    await page.getByLabel('Site name').fill('no site is called this');
    await page.getByRole('button', { name: 'Search Sites' }).click();
    await expectStatus(page, 'No sites found');
    await page.waitForTimeout(1500);
    expect(colouredShare(PNG.sync.read(await canvas.screenshot()))).toBeLessThan(0.01);
    await page.context().close();
  });

  it('opens a popup for a site clicked on the map, and its details from there', async () => {
    const page = await openMap();
    await page.getByRole('button', { name: 'Show On Map' }).first().click();
    await page.waitForTimeout(2500);
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
    await expectStatus(page, `50 / ${count(notSuitable.length)} sites found`);
    await page.getByRole('menuitem', { name: 'Table' }).click();
    await page.getByRole('heading', { name: 'Site table' }).waitFor();
    await page.getByText(`${count(notSuitable.length)} sites found`).waitFor();
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
      await page.waitForTimeout(3000);
      const png = PNG.sync.read(await page.locator('.site-map__canvas canvas').screenshot());
      let reds = 0;
      for (let i = 0; i < png.data.length; i += 4) {
        if (png.data[i]! > 180 && png.data[i + 1]! < 80 && png.data[i + 2]! < 90) reds += 1;
      }
      expect(reds / (png.width * png.height)).toBeGreaterThan(0.2);
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
    // The drawing tools start with the map: clicks before that would draw nothing.
    await expect
      .poll(() => page.getByRole('button', { name: 'Zoom in' }).isEnabled(), { timeout: 20_000 })
      .toBe(true);
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
      await page.waitForTimeout(300);
    }
    await page.mouse.dblclick(cx - 60, cy + 60);
    await page.waitForFunction(
      () => {
        const text = document.querySelector('.site-results__count')?.textContent ?? '';
        const total = Number(
          /\/ ([\d,]+) sites found|^([\d,]+) sites? found/
            .exec(text)
            ?.slice(1)
            .find(Boolean)
            ?.replace(/,/g, ''),
        );
        return total > 0 && total < 20_000;
      },
      undefined,
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
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from sites
          where ST_Intersects(geom, ST_Transform(ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(area)}), 4326), 27700))`.execute(
          trx,
        );
        return rows[0]!.n;
      });
    };
    await expect
      .poll(
        async () => {
          const inside = await insideDrawnArea();
          const expected = inside > 50 ? `50 / ${count(inside)} sites found` : `${count(inside)} sites found`;
          const shown = await resultsStatus(page).textContent();
          return shown === expected ? 'agrees' : `shown "${shown}", expected "${expected}"`;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe('agrees');

    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await expectStatus(page, `50 / ${count(20_000)} sites found`);
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
});
