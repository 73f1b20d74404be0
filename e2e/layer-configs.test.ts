import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { axeViolations, axeViolationsIn } from './support/axe';
import {
  chooseOption,
  councilId,
  openAsTenant,
  type RunningApp,
  startRunningApp,
} from './support/running-app';
import { colourShare, seedFillLayer } from './support/layers';
import { mapReady, openMap } from './support/site-search';

let running: RunningApp;
const LAYER = 'Aircraft noise contours';
const TOOLTIP = 'Lden contours from the 2023 strategic noise map';
const GROUP = 'Noise and air quality';

beforeAll(async () => {
  running = await startRunningApp();
  const tenantId = await councilId(running);
  // The demo seed gives every council a document of each config type (issue 16); this journey
  // starts where a council without its Layer tree tooltips document does.
  await withTenant(running.database.db, tenantId, (trx) =>
    trx
      .updateTable('configs')
      .set({ deleted_at: new Date() })
      .where('config_type', '=', 'layer-tree-tooltips')
      .where('deleted_at', 'is', null)
      .execute(),
  );
  // Noise contours over the whole district, drawn in a cyan nothing else on the map has.
  await seedFillLayer(running, tenantId, {
    layerName: 'lc_aircraft_noise',
    title: LAYER,
    theme: 'Environmental health',
    color: '#00ffff',
    fields: [
      { name: 'band', type: 'string', label: 'Noise band' },
      { name: 'db_level', type: 'number' },
      { name: 'survey_ref', type: 'string' },
    ],
    properties: { band: '57-60 dB', db_level: 57.349, survey_ref: 'NM-23-114' },
  });
});
afterAll(() => running?.close());

const cyanShare = (png: PNG) => colourShare(png, [0, 255, 255]);

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
};

describe('layer configs (issue 13): tooltips and feature cards set by an admin, on every map', () => {
  it(
    'an admin sets a tooltip and a card field; the map’s tree and feature card show them',
    { timeout: 120_000 },
    async () => {
      // Layer tree tooltips, from the placemaker admin.
      const admin = await openAsTenant(running, 'demo', '/admin/placemaker/layer-tree-tooltips', 'admin');
      await admin.getByRole('heading', { name: 'Layer tree tooltips' }).waitFor({ timeout: 30_000 });
      // Spec 03 §8: the council has none yet; saving creates it.
      await admin.getByText('Layer tree tooltips config does not exist').waitFor();
      await admin.getByRole('textbox', { name: `Tooltip for ${LAYER}` }).fill(TOOLTIP);
      expect(await axeViolations(admin)).toEqual([]);
      await shot(admin, 'layer-tree-tooltips');
      await admin.getByRole('button', { name: 'Save' }).click();
      await admin.getByText('Changes saved').waitFor();
      await expect.poll(() => admin.getByText('Layer tree tooltips config does not exist').count()).toBe(0);

      // Map metadata card, from the consultations admin: the same document.
      await admin.goto(`${running.baseUrl}/admin/consultations/map-info-card`);
      await admin.getByRole('heading', { name: 'Map metadata card' }).waitFor({ timeout: 30_000 });
      await chooseOption(
        admin,
        admin.getByRole('combobox', { name: 'Layer' }),
        `${LAYER} (Environmental health)`,
      );
      await admin.getByRole('heading', { name: `Card of ${LAYER}` }).waitFor();
      await admin.getByRole('button', { name: 'Add field' }).click();
      await chooseOption(admin, admin.getByRole('combobox', { name: 'Property 1' }), 'db_level');
      await admin.getByRole('textbox', { name: 'Label 1' }).fill('Noise level (dB)');
      // A second line left without a label is refused, with the field marked.
      await admin.getByRole('button', { name: 'Add field' }).click();
      await admin.getByRole('button', { name: 'Save' }).click();
      await admin.getByRole('alert').filter({ hasText: 'Config is invalid' }).waitFor();
      expect(await admin.getByText('Enter a label').count()).toBe(1);
      expect(await admin.getByText('Choose a property').count()).toBeGreaterThan(0);
      expect(await axeViolations(admin)).toEqual([]);
      await shot(admin, 'map-info-card-invalid');
      await admin.getByRole('button', { name: 'Remove field 2' }).click();
      await admin.getByRole('button', { name: 'Save' }).click();
      await admin.getByText('Changes saved').waitFor();
      await shot(admin, 'map-info-card');

      // Layers order: the layer in a group of the admin's own, which every map's tree shows first.
      await admin.goto(`${running.baseUrl}/admin/placemaker/geodata/layers-order`);
      await admin.getByRole('heading', { name: 'Layers order' }).waitFor({ timeout: 30_000 });
      await admin.getByRole('button', { name: 'Add group' }).click();
      await admin.getByRole('textbox', { name: 'Group 1 name' }).fill(GROUP);
      await chooseOption(
        admin,
        admin.getByRole('combobox', { name: `Add a layer to ${GROUP}` }),
        `${LAYER} (Environmental health)`,
      );
      await admin
        .getByRole('list', { name: `Layers of ${GROUP}` })
        .getByText(LAYER)
        .waitFor();
      expect(await axeViolations(admin)).toEqual([]);
      await shot(admin, 'layers-order');
      await admin.getByRole('button', { name: 'Save' }).click();
      await admin.getByText('Changes saved').waitFor();
      await admin.context().close();

      // The placemaker map: the tooltip beside the layer's name, on hover and on keyboard focus.
      const page = await openMap(running);
      await mapReady(page);
      await page.getByRole('button', { name: 'Layers' }).click();
      const panel = page.getByRole('dialog', { name: 'Map layers' });
      const group = panel.getByRole('region', { name: GROUP });
      const info = group.getByRole('button', { name: `About ${LAYER}` });
      await info.hover();
      await page.getByRole('tooltip').filter({ hasText: TOOLTIP }).waitFor();
      // Described for screen readers whether or not the tooltip shows.
      const describedBy = (await info.getAttribute('aria-describedby')) ?? '';
      const description = await page.evaluate(
        (ids) => ids.split(' ').map((id) => document.getElementById(id)?.textContent ?? ''),
        describedBy,
      );
      expect(description).toContain(TOOLTIP);
      await page.mouse.move(0, 0);
      await expect.poll(() => page.getByRole('tooltip').filter({ hasText: TOOLTIP }).isVisible()).toBe(false);
      await group.getByRole('checkbox', { name: LAYER }).focus();
      await page.keyboard.press('Tab');
      expect(await info.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.getByRole('tooltip').filter({ hasText: TOOLTIP }).waitFor();
      expect(await axeViolationsIn(page, '.geodata-control__panel')).toEqual([]);
      // The layer's theme has no other layer: no heading of its own.
      expect(await panel.getByRole('region', { name: 'Environmental health' }).count()).toBe(0);
      await shot(page, 'layer-tree-tooltip');

      // A feature's card shows exactly the configured field, the number to 2 decimals.
      await group.getByRole('checkbox', { name: LAYER }).check();
      const canvas = page.locator('.site-map__canvas canvas');
      await expect
        .poll(async () => cyanShare(PNG.sync.read(await canvas.screenshot())), { timeout: 20_000 })
        .toBeGreaterThan(0.2);
      await panel.getByRole('button', { name: 'Close map layers' }).click();
      const png = PNG.sync.read(await canvas.screenshot());
      let spot: { x: number; y: number } | null = null;
      for (let y = png.height - 40; y > 40 && !spot; y -= 10) {
        for (let x = 40; x < png.width - 120 && !spot; x += 10) {
          const at = (dx: number, dy: number) => ((y + dy) * png.width + (x + dx)) * 4;
          const cyan = [0, 8, -8].every((d) =>
            [at(d, 0), at(0, d)].every(
              (i) => png.data[i]! < 40 && png.data[i + 1]! > 230 && png.data[i + 2]! > 230,
            ),
          );
          if (cyan) spot = { x, y };
        }
      }
      expect(spot).not.toBeNull();
      await canvas.click({ position: spot! });
      const card = page.locator('.feature-card');
      await card.getByText('Noise level (dB)').waitFor({ timeout: 10_000 });
      expect(await card.locator('dt').allTextContents()).toEqual(['Noise level (dB)']);
      expect(await card.locator('dd').allTextContents()).toEqual(['57.35']);
      await shot(page, 'map-feature-card');
      await page.context().close();
    },
  );
});
