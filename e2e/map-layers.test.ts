import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolationsIn } from './support/axe';
import { councilId, openAsTenant, startRunningApp, type RunningApp } from './support/running-app';
import { colourShare, seedFillLayer } from './support/layers';
import { mapReady, openMap } from './support/site-search';

let running: RunningApp;

beforeAll(async () => {
  running = await startRunningApp();
  const tenantId = await councilId(running);
  // A green belt over the whole district, drawn in a colour nothing else on the map has.
  await seedFillLayer(running, tenantId, {
    layerName: 'green_belt',
    title: 'Green belt',
    theme: 'Planning designations',
    color: '#ff00ff',
    values: {
      placemaker_description: 'Metropolitan Green Belt, as adopted in 2007',
      tags: ['policy', 'national', 'nppf', 'openness', 'adopted'],
    },
    fields: [
      { name: 'name', type: 'string', label: 'Name' },
      { name: 'ref', type: 'string', label: 'Reference' },
    ],
    properties: { name: 'Metropolitan Green Belt', ref: 'GB-1' },
  });
});
afterAll(() => running?.close());

const magentaShare = (png: PNG) => colourShare(png, [255, 0, 255]);

describe('geodata layers on the map (issue 13 point 4)', () => {
  it('finds a layer in the tree, shows it with its key, and opens a feature’s card', async () => {
    const page = await openMap(running);
    await mapReady(page);
    const canvas = page.locator('.site-map__canvas canvas');
    const share = async () => magentaShare(PNG.sync.read(await canvas.screenshot()));
    expect(await share()).toBe(0);

    await page.getByRole('button', { name: 'Layers' }).click();
    const panel = page.getByRole('dialog', { name: 'Map layers' });
    await panel.getByRole('searchbox', { name: 'Search layers' }).fill('belt');
    const group = panel.getByRole('region', { name: 'Planning designations' });
    await group.getByText('Green belt').waitFor();
    // Spec 03 §2: four tags, then '+1'.
    expect(await group.getByText('+1').count()).toBe(1);
    expect(await axeViolationsIn(page, '.geodata-control__panel')).toEqual([]);
    await group.getByRole('checkbox', { name: 'Green belt' }).check();
    await panel.getByRole('region', { name: 'Key' }).getByText('Green belt').waitFor();
    await expect.poll(share, { timeout: 20_000 }).toBeGreaterThan(0.2);

    // A click where the layer shows and no site is: the feature's card with its fields.
    await panel.getByRole('button', { name: 'Close map layers' }).click();
    const png = PNG.sync.read(await canvas.screenshot());
    let spot: { x: number; y: number } | null = null;
    for (let y = png.height - 40; y > 40 && !spot; y -= 10) {
      for (let x = 40; x < png.width - 120 && !spot; x += 10) {
        const at = (dx: number, dy: number) => ((y + dy) * png.width + (x + dx)) * 4;
        const magenta = [0, 8, -8].every((d) =>
          [at(d, 0), at(0, d)].every(
            (i) => png.data[i]! > 230 && png.data[i + 1]! < 40 && png.data[i + 2]! > 230,
          ),
        );
        if (magenta) spot = { x, y };
      }
    }
    expect(spot).not.toBeNull();
    await canvas.click({ position: spot! });
    const card = page.locator('.feature-card');
    await card.getByText('Metropolitan Green Belt').waitFor({ timeout: 10_000 });
    expect(await card.getByText('Reference').count()).toBe(1);
    expect(await card.getByText('GB-1').count()).toBe(1);
    if (process.env.E2E_SCREENSHOTS) {
      await page.getByRole('button', { name: /^Layers/ }).click();
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/map-layers.png` });
    }
    await page.context().close();
  });

  it('offers the same layers on the site’s full map', async () => {
    const page = await openAsTenant(running, 'demo', '/site/7/map', 'officer');
    const map = page.locator('.site-outline-map[data-ready]');
    await map.waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Layers' }).click();
    await page
      .getByRole('dialog', { name: 'Map layers' })
      .getByRole('checkbox', { name: 'Green belt' })
      .check();
    const share = async () => magentaShare(PNG.sync.read(await map.locator('canvas').screenshot()));
    await expect.poll(share, { timeout: 20_000 }).toBeGreaterThan(0.2);
    await page.context().close();
  });
});
