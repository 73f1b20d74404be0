import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { featureCollection, makeZip, square } from '../apps/server/src/modules/geodata/geodata.fixtures';
import { axeViolationsIn } from './support/axe';
import {
  councilId,
  openedDialog,
  openAsTenant,
  settledDialog,
  startRunningApp,
  type RunningApp,
} from './support/running-app';

let running: RunningApp;

beforeAll(async () => {
  running = await startRunningApp();
});
afterAll(() => running?.close());

// A council's zip as GIS officers send them: a GeoJSON in WGS84 and a CSV of BNG points with no
// projection, in nested folders.
const lon = -0.1276;
const lat = 51.5072;
const zip = makeZip([
  {
    name: 'constraints/2024/flood_zones.geojson',
    content: Buffer.from(
      featureCollection([
        {
          properties: { zone: 'Flood Zone 3' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [lon, lat],
                [lon + 0.01, lat],
                [lon + 0.01, lat + 0.01],
                [lon, lat + 0.01],
                [lon, lat],
              ],
            ],
          },
        },
        {
          properties: { zone: 'Flood Zone 2' },
          geometry: { type: 'Polygon', coordinates: [square(lon + 0.02, lat, 0.01)] },
        },
      ]),
    ),
  },
  {
    name: 'constraints/trees/tpo.csv',
    content: Buffer.from('ref,easting,northing\nTPO1,530000,180000\nTPO2,530100,180100\n'),
  },
]);

describe('geodata upload (issue 13 points 1 and 2)', () => {
  it('uploads a zip, confirms a projection, follows the import in the bell and finds the layers', async () => {
    const page = await openAsTenant(running, 'demo', '/admin/placemaker/geodata/upload', 'admin');
    await page.getByRole('heading', { name: 'Upload geodata' }).waitFor({ timeout: 30_000 });
    await page.locator('input[type=file]').setInputFiles({
      name: 'constraints.zip',
      mimeType: 'application/zip',
      buffer: zip,
    });
    // The reading job finds both layers; the CSV's projection is detected and waits for confirmation.
    await page.getByRole('heading', { name: 'constraints.zip' }).waitFor({ timeout: 30_000 });
    await page.getByText('Confirm the projection').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('combobox', { name: 'Projection of tpo' }).count()).toBe(1);
    await page.getByText('British National Grid (EPSG:27700) (detected)').waitFor();
    expect(await axeViolationsIn(page, '.geodata-page')).toEqual([]);

    await page.getByRole('textbox', { name: 'Title for tpo' }).fill('Tree preservation orders');
    await page.getByRole('button', { name: 'Import 2 layers' }).click();
    await page.getByText('Imported').first().waitFor({ timeout: 60_000 });

    // The bell tells of the import (it asks every 10 s).
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    const card = page.getByRole('region', { name: 'Notifications' }).getByRole('article', {
      name: 'Importing constraints.zip',
    });
    await card.getByRole('img', { name: 'Success' }).waitFor({ timeout: 20_000 });
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'See the layers' }).click();
    await page.getByRole('heading', { name: 'Layers' }).waitFor();
    const row = page.getByRole('row', { name: /Tree preservation orders/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('point');
    expect(await page.getByRole('row', { name: /flood_zones/ }).textContent()).toContain('polygon');
    expect(await axeViolationsIn(page, '.geodata-page')).toEqual([]);

    // A theme for the layer tree.
    await page.getByRole('textbox', { name: 'New theme name' }).fill('Environment');
    await page.getByRole('button', { name: 'Add theme' }).click();
    await page.getByRole('button', { name: 'Delete theme Environment' }).waitFor();

    // Its colour, checked as spec 03 §5 says, and a filter typed as JSON, then saved on its edit screen.
    await page.getByRole('link', { name: 'Edit Tree preservation orders' }).click();
    await page.getByRole('heading', { name: 'Edit Tree preservation orders' }).waitFor();
    const colour = page.getByLabel('Circle colour', { exact: true });
    await colour.fill('#abcd');
    await page.getByText('Invalid HEX color').waitFor();
    await page.locator('.filter-builder__bar').getByText('JSON', { exact: true }).click();
    const filter = page.getByLabel('Filter expression (JSON)');
    await filter.fill('["all", "yes"]');
    await page.getByText('Expression "yes" is not valid as a child').waitFor();
    await filter.fill('["==", ["get", "ref"], "TPO1"]');
    await colour.fill('#336699');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Layer saved').waitFor();
    await page.locator('.layer-page__header').getByRole('link', { name: 'Layers' }).click();
    await page.getByRole('heading', { name: 'Layers' }).waitFor();

    // Deleting asks first.
    await page.getByRole('button', { name: 'Delete Tree preservation orders' }).click();
    // Pressed once the question has finished zooming in: a press mid-zoom can miss its button.
    const question = await settledDialog(
      page,
      page.getByRole('dialog').filter({ hasText: 'Delete Tree preservation orders?' }),
    );
    await question.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Layer deleted').waitFor();
    await expect.poll(() => page.getByRole('row', { name: /Tree preservation orders/ }).count()).toBe(0);
    await page.context().close();
  });

  it('a register with latitude and longitude swapped: warned, imported only when ticked, the report says why', async () => {
    const page = await openAsTenant(running, 'demo', '/admin/placemaker/geodata/upload', 'admin');
    await page.getByRole('heading', { name: 'Upload geodata' }).waitFor({ timeout: 30_000 });
    await page.locator('input[type=file]').setInputFiles({
      name: 'brownfield.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('SiteReference,GeoX,GeoY\nBLR-1,51.4577,-0.9591\nBLR-2,51.4593,-0.9923\n'),
    });
    await page
      .getByText(/lies outside Great Britain: its latitude and longitude/)
      .waitFor({ timeout: 30_000 });
    const importButton = page.getByRole('button', { name: 'Import 1 layer' });
    expect(await importButton.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'Import it as it is' }).check();
    await importButton.click();
    const report = page.getByRole('region', { name: 'Import report' });
    await report.getByText('brownfield: 2 imported, 0 repaired, 0 dropped').waitFor({ timeout: 60_000 });
    expect(await axeViolationsIn(page, '.geodata-page')).toEqual([]);
    await page.context().close();
  });

  it('from a zip to the map: the new layer in the tree and the key, and its overlap on the site page', async () => {
    // A green wedge around site 7, in WGS84 as a GIS officer would send it.
    const [west, south, east, north] = await withTenant(
      running.database.db,
      await councilId(running),
      async (trx) => {
        const { rows } = await sql<{ box: number[] }>`
        select array[ST_XMin(e), ST_YMin(e), ST_XMax(e), ST_YMax(e)]::float8[] as box
        from (select ST_Transform(geom, 4326) as e from sites where id = 7) s`.execute(trx);
        return rows[0]!.box as [number, number, number, number];
      },
    );
    const pad = 0.005;
    const wedge = makeZip([
      {
        name: 'green_wedge.geojson',
        content: Buffer.from(
          featureCollection([
            {
              properties: { name: 'Medway green wedge' },
              geometry: {
                type: 'Polygon',
                coordinates: [
                  [
                    [west - pad, south - pad],
                    [east + pad, south - pad],
                    [east + pad, north + pad],
                    [west - pad, north + pad],
                    [west - pad, south - pad],
                  ],
                ],
              },
            },
          ]),
        ),
      },
    ]);
    const page = await openAsTenant(running, 'demo', '/admin/placemaker/geodata/upload', 'admin');
    await page.getByRole('heading', { name: 'Upload geodata' }).waitFor({ timeout: 30_000 });
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'wedge.zip', mimeType: 'application/zip', buffer: wedge });
    await page.getByRole('heading', { name: 'wedge.zip' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Import 1 layer' }).click();
    await page.getByText('Imported').first().waitFor({ timeout: 60_000 });

    // The import worked out the overlaps: the site page lists the wedge over all of site 7.
    await page.goto(`${running.baseUrl}/site/7`);
    const constraints = page.getByRole('list', { name: 'Constraint layers over this site' });
    await constraints.waitFor({ timeout: 30_000 });
    const wedgeRow = constraints.getByRole('listitem').filter({ hasText: 'green_wedge' });
    await wedgeRow.getByLabel(/: 100 % of the site$/).waitFor();

    // And the site search map offers it in the layer tree, with its key once switched on.
    await page.goto(`${running.baseUrl}/map`);
    await page.getByRole('button', { name: /^Layers/ }).click({ timeout: 30_000 });
    const panel = await openedDialog(page, 'Map layers');
    await panel.getByRole('searchbox', { name: 'Search layers' }).fill('wedge');
    const layer = panel.getByRole('checkbox', { name: /green.wedge/i });
    // The tree filters as the search is typed and is drawn again: the click waits for the one
    // checkbox left, and the state is waited for (a full run once saw the click land mid-redraw).
    await expect.poll(() => panel.getByRole('checkbox').count()).toBe(1);
    await layer.click();
    await expect.poll(() => layer.isChecked()).toBe(true);
    await panel
      .getByRole('region', { name: 'Key' })
      .getByText(/green.wedge/i)
      .waitFor();
    await page.context().close();
  });
});
