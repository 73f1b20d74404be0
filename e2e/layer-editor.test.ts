import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { PNG } from 'pngjs';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeSearchMessages } from '@planning/shared';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { axeViolationsIn } from './support/axe';
import {
  chooseOption,
  councilId,
  openAsTenant,
  type RunningApp,
  settledDialog,
  startRunningApp,
} from './support/running-app';

// Names no other journey uses: the layer is this journey's own.
const TITLE = 'Editor journey flood zones';
const LAYER_NAME = 'editor_journey_flood_zones';

let running: RunningApp;
let tenantId: string;
let layerId: string;

beforeAll(async () => {
  running = await startRunningApp();
  tenantId = await councilId(running);
  // Two zones side by side over the district, west 'FZ3' and east 'FZ2', in a colour nothing
  // else on the map has (magenta, fully opaque).
  layerId = await withTenant(running.database.db, tenantId, async (trx) => {
    const layer = await trx
      .insertInto('layers')
      .values({
        tenant_id: tenantId,
        layer_name: LAYER_NAME,
        title: TITLE,
        placemaker_description: 'Flood zones for the layer editor journey',
        feature_count: 2,
        style: JSON.stringify({
          type: 'fill',
          paint: { 'fill-color': '#ff00ff', 'fill-opacity': 1 },
          layout: {},
        }),
        fields: JSON.stringify([
          { name: 'name', type: 'string', label: 'Name' },
          { name: 'zone', type: 'string', label: 'Zone' },
        ]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      with centre as (select ST_Centroid(ST_Collect(geom)) as c from sites)
      insert into layer_features (tenant_id, layer_id, properties, geom)
      select ${tenantId}, ${layer.id}, properties::jsonb, ST_MakeEnvelope(x0, ST_Y(c) - 7500, x1, ST_Y(c) + 7500, 27700)
      from centre, (values
        ('{"name": "West zone", "zone": "FZ3"}', -15000, 0),
        ('{"name": "East zone", "zone": "FZ2"}', 0, 15000)
      ) as zones (properties, dx0, dx1),
      lateral (select ST_X(c) + dx0 as x0, ST_X(c) + dx1 as x1) x`.execute(trx);
    return layer.id;
  });
});
afterAll(() => running?.close());

type Rgb = [number, number, number];
const near = (data: Buffer, at: number, [r, g, b]: Rgb) =>
  Math.abs(data[at]! - r) < 40 && Math.abs(data[at + 1]! - g) < 40 && Math.abs(data[at + 2]! - b) < 40;

/**
 * The share of pixels in a colour, in a band of the map's canvas (from `left` to `right`, as
 * parts of its width, in the middle fifth of its height), or in the whole canvas.
 */
async function shareOf(map: Locator, colour: Rgb, [left, right] = [0, 1], [top, bottom] = [0, 1]) {
  const png = PNG.sync.read(await map.locator('canvas').screenshot());
  let hits = 0;
  let all = 0;
  for (let y = Math.floor(png.height * top); y < Math.floor(png.height * bottom); y += 1)
    for (let x = Math.floor(png.width * left); x < Math.floor(png.width * right); x += 1) {
      all += 1;
      if (near(png.data, (y * png.width + x) * 4, colour)) hits += 1;
    }
  return hits / all;
}

/** The zones split the map at its middle: pixels well inside the west one, and the east one. */
const WEST = [0.2, 0.3] as const;
const EAST = [0.7, 0.8] as const;
const MIDDLE = [0.45, 0.55] as const;
const westShare = (map: Locator, colour: Rgb) => shareOf(map, colour, [...WEST], [...MIDDLE]);
const eastShare = (map: Locator, colour: Rgb) => shareOf(map, colour, [...EAST], [...MIDDLE]);

const MAGENTA: Rgb = [255, 0, 255];
const GREEN: Rgb = [0, 255, 0];

describe('the layer editor (issue 13): style, filter builder, preview, view', () => {
  it(
    'builds a filter and a colour, previews them, saves, and shows them again',
    { timeout: 120_000 },
    async () => {
      const page = await openAsTenant(running, 'demo', '/admin/placemaker/geodata/layers', 'admin');
      await page.getByRole('heading', { name: 'Layers' }).waitFor({ timeout: 30_000 });
      const row = page.getByRole('row', { name: new RegExp(TITLE) });
      await row.waitFor();
      expect(await row.getByRole('link', { name: `View ${TITLE}` }).count()).toBe(1);
      await row.getByRole('link', { name: `Edit ${TITLE}` }).click();

      await page.getByRole('heading', { name: `Edit ${TITLE}` }).waitFor({ timeout: 30_000 });
      expect(page.url()).toContain(`/admin/placemaker/geodata/layers/edit?layerId=${layerId}`);
      const preview = page.getByRole('region', { name: `Preview of ${TITLE}` });
      await page.locator('.layer-preview-map[data-ready]').waitFor({ timeout: 30_000 });
      // Fitted to the layer: both zones fill much of the preview, in the stored magenta.
      await expect.poll(() => shareOf(preview, MAGENTA), { timeout: 20_000 }).toBeGreaterThan(0.2);
      expect(await westShare(preview, MAGENTA)).toBeGreaterThan(0.8);
      expect(await eastShare(preview, MAGENTA)).toBeGreaterThan(0.8);

      // A colour checked as spec 03 §5 says, under its field, then corrected.
      const colour = page.getByLabel('Fill colour', { exact: true });
      await colour.fill('#12345');
      await page.getByText('Invalid HEX color').waitFor();
      await colour.fill('#00ff00');
      await expect.poll(() => page.getByText('Invalid HEX color').count()).toBe(0);
      // The preview draws the unsaved colour: the west zone's pixels turn from magenta to green.
      await expect.poll(() => westShare(preview, GREEN), { timeout: 10_000 }).toBeGreaterThan(0.8);
      expect(await shareOf(preview, MAGENTA)).toBe(0);

      // The filter, built in the tree: equals, the 'zone' column, the text 'FZ3'.
      await page.getByText('No filter: every feature is drawn.').waitFor();
      await page.getByRole('button', { name: 'Add a filter' }).click();
      await chooseOption(
        page,
        page.getByRole('combobox', { name: 'Operator of the filter' }),
        '!= (does not equal)',
      );
      await chooseOption(page, page.getByRole('combobox', { name: 'Operator of the filter' }), '== (equals)');
      await chooseOption(page, page.getByRole('combobox', { name: 'Column of value 1' }), 'Zone (zone)');
      // An empty value is still a valid filter; the spec's messages show as the tree is built.
      await page.getByRole('textbox', { name: 'Text of value 2' }).fill('FZ3');
      await page.getByText('Draws the features where zone == "FZ3"').waitFor();
      // Only the west zone is drawn now.
      await expect.poll(() => eastShare(preview, GREEN), { timeout: 10_000 }).toBeLessThan(0.05);
      expect(await westShare(preview, GREEN)).toBeGreaterThan(0.8);
      expect(await axeViolationsIn(page, '.layer-edit')).toEqual([]);
      if (process.env.E2E_SCREENSHOTS)
        await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/layer-edit.png`, fullPage: true });

      // Leaving with the change unsaved asks first.
      await page.locator('.layer-page__header').getByRole('link', { name: 'Layers' }).click();
      const leave = await settledDialog(
        page,
        page.getByRole('dialog').filter({ hasText: 'Leave without saving?' }),
      );
      await leave.getByRole('button', { name: 'Stay' }).click();
      expect(page.url()).toContain('/layers/edit?');

      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Layer saved').waitFor();
      const stored = await withTenant(running.database.db, tenantId, (trx) =>
        trx.selectFrom('layers').select('style').where('id', '=', layerId).executeTakeFirstOrThrow(),
      );
      expect(stored.style).toMatchObject({
        paint: { 'fill-color': '#00ff00', 'fill-opacity': 1 },
        filter: ['==', ['get', 'zone'], 'FZ3'],
      });

      // After a reload the screen shows what was saved: the colour, and the filter in the tree.
      await page.reload();
      await page.getByRole('heading', { name: `Edit ${TITLE}` }).waitFor({ timeout: 30_000 });
      expect(await page.getByLabel('Fill colour', { exact: true }).inputValue()).toBe('#00ff00');
      const filter = page.getByRole('group', { name: 'The filter' });
      expect(await filter.locator('.filter-node__operator').textContent()).toBe('== (equals)');
      expect(await filter.locator('.filter-child__column').textContent()).toBe('Zone (zone)');
      expect(await page.getByRole('textbox', { name: 'Text of value 2' }).inputValue()).toBe('FZ3');
      await page.getByText('Draws the features where zone == "FZ3"').waitFor();
      await page.locator('.layer-preview-map[data-ready]').waitFor({ timeout: 30_000 });
      const reloaded = page.getByRole('region', { name: `Preview of ${TITLE}` });
      await expect.poll(() => westShare(reloaded, GREEN), { timeout: 20_000 }).toBeGreaterThan(0.8);
      expect(await eastShare(reloaded, GREEN)).toBeLessThan(0.05);

      // The view: metadata, key with the filter, columns, the map and the first features.
      await page.getByRole('link', { name: 'View the layer' }).click();
      await page.getByRole('heading', { name: TITLE, exact: true }).waitFor();
      expect(page.url()).toContain(`/admin/placemaker/geodata/layers/view?layerId=${layerId}`);
      const key = page.getByRole('group', { name: 'Key' });
      await key.getByText('Fill #00ff00, opacity 1').waitFor();
      await key.getByText('zone == "FZ3"').waitFor();
      await page.getByText('Flood zones for the layer editor journey').waitFor();
      await page.getByRole('cell', { name: 'zone', exact: true }).waitFor();
      const map = page.getByRole('region', { name: `Map of ${TITLE}` });
      await expect.poll(() => westShare(map, GREEN), { timeout: 20_000 }).toBeGreaterThan(0.8);
      await page.getByRole('cell', { name: 'West zone' }).waitFor({ timeout: 20_000 });
      await page.getByRole('cell', { name: 'East zone' }).waitFor();
      // A search reads the features endpoint's matches only.
      await page.getByRole('searchbox', { name: 'Search the features' }).fill('East');
      await page.getByRole('searchbox', { name: 'Search the features' }).press('Enter');
      await page.getByText('Features whose values contain “East”').waitFor();
      await expect.poll(() => page.getByRole('cell', { name: 'West zone' }).count()).toBe(0);
      await page.getByRole('cell', { name: 'East zone' }).waitFor();
      expect(await axeViolationsIn(page, '.layer-view')).toEqual([]);
      if (process.env.E2E_SCREENSHOTS)
        await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/layer-view.png`, fullPage: true });
      await page.context().close();
    },
  );

  it("puts a field's values in the public place search, and takes them out again (issue 27)", async () => {
    /** What the public maps' place search finds for `q`, signed out. */
    const placesFor = async (q: string) => {
      const answer = await running.app.inject({
        method: 'GET',
        url: `/api/v1/public/places?q=${encodeURIComponent(q)}`,
        headers: { 'x-tenant': 'demo' },
      });
      expect(answer.statusCode).toBe(200);
      return (answer.json() as { places: { name: string; kind: string }[] }).places;
    };
    const stored = () =>
      withTenant(running.database.db, tenantId, (trx) =>
        trx
          .selectFrom('layers')
          .select(['place_field', 'place_kind'])
          .where('id', '=', layerId)
          .executeTakeFirstOrThrow(),
      );
    expect(await placesFor('West zone')).not.toContainEqual(expect.objectContaining({ name: 'West zone' }));

    const page = await openAsTenant(
      running,
      'demo',
      `/admin/placemaker/geodata/layers/edit?layerId=${layerId}`,
      'admin',
    );
    await page.getByRole('heading', { name: `Edit ${TITLE}` }).waitFor({ timeout: 30_000 });
    const field = page.getByRole('combobox', { name: placeSearchMessages.layerField });
    const kind = page.getByRole('combobox', { name: placeSearchMessages.layerKind });
    await page.getByText(placeSearchMessages.layerFieldHint).waitFor();
    // Nothing is searched until someone chooses a field: the kind waits for it.
    expect(await kind.isDisabled()).toBe(true);
    await chooseOption(page, field, 'Name (name)');
    await expect.poll(() => kind.isDisabled()).toBe(false);
    expect(await page.locator('.ant-form-item').filter({ has: kind }).textContent()).toContain(
      placeSearchMessages.layerKinds.name,
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Layer saved').waitFor();
    expect(await stored()).toEqual({ place_field: 'name', place_kind: 'name' });
    expect(await placesFor('West zone')).toContainEqual(
      expect.objectContaining({ name: 'West zone', kind: 'feature' }),
    );

    // Shown again after a reload, then cleared: the names leave the public search.
    await page.reload();
    await page.getByRole('heading', { name: `Edit ${TITLE}` }).waitFor({ timeout: 30_000 });
    const fieldItem = page.locator('.ant-form-item').filter({ has: field });
    await fieldItem.getByText('Name (name)').waitFor();
    await fieldItem.locator('.ant-select').hover();
    await fieldItem.locator('.ant-select-clear').click();
    await expect.poll(() => kind.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Layer saved').last().waitFor();
    await expect.poll(stored).toEqual({ place_field: null, place_kind: null });
    expect(await placesFor('West zone')).not.toContainEqual(expect.objectContaining({ name: 'West zone' }));
    await page.context().close();
  });

  it('says so when the address names no layer', async () => {
    const page = await openAsTenant(
      running,
      'demo',
      `/admin/placemaker/geodata/layers/edit?layerId=${randomUUID()}`,
      'admin',
    );
    await page.getByRole('heading', { name: 'Layer not found' }).waitFor({ timeout: 30_000 });
    await page.goto(`${running.baseUrl}/admin/placemaker/geodata/layers/view`);
    await page.getByRole('heading', { name: 'Layer not found' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Back to the layers' }).click();
    await page.getByRole('heading', { name: 'Layers' }).waitFor();
    await page.context().close();
  });
});
