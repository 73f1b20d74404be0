import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { axeViolationsIn } from './support/axe';
import { FIRST_LOAD, screenshot, sessionApi } from './support/consultations';
import { seedFillLayer } from './support/layers';
import {
  councilId,
  openAsTenant,
  signInThroughApi,
  type RunningApp,
  startRunningApp,
} from './support/running-app';

/**
 * Issue 27, a site's boundary drawn on the map: a landowner on a phone draws an outline whose
 * edges cross (refused, in words), draws the field, adds a second area (a MultiPolygon), stops
 * drawing with Escape, moves a corner, removes the boundary and draws it again; a second area
 * sharing an edge is refused, one apart is kept, and the server saves the MultiPolygon. The call's
 * public layer is in the map's key; the page stays axe clean and never scrolls sideways. First the
 * landowner finds the place by name with the keyboard (issue 27 point 2) and the map goes there.
 */

let running: RunningApp;
let callId = '';
const CALL = 'Boundary map journey call';
const LAYER = 'Boundary map journey green belt';
const HOURS = 3_600_000;

beforeAll(async () => {
  running = await startRunningApp();
  const tenantId = await councilId(running);
  const layerId = await seedFillLayer(running, tenantId, {
    layerName: 'boundary_map_journey_green_belt',
    title: LAYER,
    color: '#85994b',
    fields: [],
  });
  await withTenant(running.database.db, tenantId, (trx) =>
    trx.updateTable('layers').set({ public_webmap_visibility: true }).where('id', '=', layerId).execute(),
  );
  const configId = await withTenant(running.database.db, tenantId, async (trx) => {
    const { rows } = await sql<{
      id: string;
    }>`insert into configs (tenant_id, config_type, label, config, assignment)
      values (${tenantId}, 'call-for-sites-questionnaire', 'Boundary journey questions', ${JSON.stringify({ topics: [] })}::jsonb, null)
      returning id`.execute(trx);
    return rows[0]!.id;
  });
  const admin = await openAsTenant(running, 'demo', '/admin/cfs/calls', 'admin');
  const api = await sessionApi(running, admin);
  const call = await api.post('/admin/cfs/calls', {
    name: CALL,
    startsAt: new Date(Date.now() - HOURS).toISOString(),
    endsAt: new Date(Date.now() + 30 * 24 * HOURS).toISOString(),
    questionnaireConfigId: configId,
    layerIds: [layerId],
  });
  callId = call.id as string;
  await admin.context().close();
});
afterAll(() => running?.close());

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('a site’s boundary drawn on the map (issue 27)', () => {
  it('refuses a crossing outline, then draws, extends, edits, removes and redraws the boundary on a phone', async () => {
    const context = await running.newContext({
      viewport: { width: 375, height: 812 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await page.addInitScript(() => window.localStorage.setItem('tenantName', 'demo'));
    await signInThroughApi(running, page, 'demo', 'resident');
    await page.goto(`${running.baseUrl}/calls-for-sites/${callId}`);
    await page.getByRole('heading', { level: 1, name: CALL }).waitFor(FIRST_LOAD);
    await page.getByRole('button', { name: 'Start now' }).click();
    await page.getByRole('heading', { level: 1, name: 'Submit sites' }).waitFor(FIRST_LOAD);
    await page.goto(`${page.url()}/sites`);
    await page.getByRole('button', { name: 'Add a site' }).click();
    await page.getByRole('heading', { level: 1, name: 'Site 1' }).waitFor();

    const field = page.locator('.boundary-map');
    await field.scrollIntoViewIfNeeded();
    await field.locator('.boundary-map__body[data-ready]').waitFor({ timeout: 30_000 });
    const summary = field.locator('.boundary-map__summary');
    expect(await summary.textContent()).toBe('No boundary yet');
    // The map is a named region; the way without a pointer is said to screen readers.
    const map = field.getByRole('region', { name: 'Boundary of site 1' });
    const hint = await map.getAttribute('aria-describedby');
    expect(hint).toBeTruthy();
    const described = await page.evaluate(
      (ids) => ids.split(' ').map((id) => document.getElementById(id)?.textContent ?? ''),
      hint!,
    );
    expect(described).toContain('You can also enter grid references or upload a boundary file below.');
    await field.getByText('Key').click();
    await field.getByRole('checkbox', { name: LAYER }).waitFor();

    // Issue 27 point 2: the place found by name and chosen with the keyboard; the map goes there
    // (at once, motion being reduced) and says so.
    const canvas = field.locator('.boundary-map__canvas');
    const centre = async () => ((await canvas.getAttribute('data-centre')) ?? '').split(',').map(Number);
    const [startLon, startLat] = await centre();
    const placeBox = field.getByRole('combobox', { name: 'Search for a place or postcode' });
    await placeBox.pressSequentially('west mall');
    await field.getByRole('option', { name: /^West Malling/ }).waitFor();
    await placeBox.press('ArrowDown');
    expect(await placeBox.getAttribute('aria-activedescendant')).toBeTruthy();
    await screenshot(page, 'cfs-place-search-375');
    await placeBox.press('Enter');
    await field.getByText('Map moved to West Malling').waitFor();
    expect(await placeBox.inputValue()).toBe('West Malling');
    expect(await placeBox.getAttribute('aria-expanded')).toBe('false');
    const [lon, lat] = await centre();
    expect(Math.abs(lon! - 0.409)).toBeLessThan(0.01);
    expect(Math.abs(lat! - 51.293)).toBeLessThan(0.01);
    expect(Math.abs(lon! - startLon!) + Math.abs(lat! - startLat!)).toBeGreaterThan(0.01);

    // The page scrolls as a button is pressed: the map's middle is found afresh before each drawing.
    let [cx, cy] = [0, 0];
    const findMap = async () => {
      await map.scrollIntoViewIfNeeded();
      const box = (await map.boundingBox())!;
      [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    };
    const draw = async (corners: number[][]) => {
      for (const [dx, dy] of corners.slice(0, -1)) await page.mouse.click(cx + dx!, cy + dy!);
      const [lx, ly] = corners.at(-1)!;
      await page.mouse.dblclick(cx + lx!, cy + ly!);
    };
    const drawButton = field.getByRole('button', { name: 'Draw boundary' });

    // A bow tie: refused in words, nothing kept, the tool still on.
    await drawButton.click();
    expect(await drawButton.getAttribute('aria-pressed')).toBe('true');
    await findMap();
    await draw([
      [-60, -60],
      [60, 60],
      [60, -60],
      [-60, 60],
    ]);
    await field
      .getByRole('alert')
      .getByText('Self intersection errors have been detected in the polygon. Please draw again.')
      .waitFor();
    expect(await summary.textContent()).toBe('No boundary yet');
    expect(await drawButton.getAttribute('aria-pressed')).toBe('true');

    // The field: a square, its area shown as it is drawn.
    for (const [dx, dy] of [
      [-50, -50],
      [50, -50],
      [50, 50],
    ])
      await page.mouse.click(cx + dx!, cy + dy!);
    await page.mouse.move(cx - 50, cy + 50);
    await expect
      .poll(() => field.locator('.boundary-map__measure').textContent())
      .toMatch(/[1-9]\d*\.\d\d ha$/);
    await page.mouse.dblclick(cx - 50, cy + 50);
    await expect.poll(() => summary.textContent()).toMatch(/^Boundary: 1 area, \d+\.\d\d ha$/);
    const one = (await summary.textContent())!;

    // A second area beside it: two areas.
    await drawButton.click();
    await findMap();
    await draw([
      [70, -50],
      [120, -50],
      [120, 0],
      [70, 0],
    ]);
    await expect.poll(() => summary.textContent()).toMatch(/^Boundary: 2 areas, \d+\.\d\d ha$/);
    await screenshot(page, 'cfs-boundary-two-areas-375');

    // Escape stops drawing.
    await drawButton.click();
    await page.keyboard.press('Escape');
    await expect.poll(() => drawButton.getAttribute('aria-pressed')).toBe('false');

    // A corner moved outwards: a larger area.
    const two = (await summary.textContent())!;
    await field.getByRole('button', { name: 'Edit boundary' }).click();
    await findMap();
    await page.mouse.click(cx, cy); // select the first area
    await page.mouse.move(cx - 50, cy - 50);
    await page.mouse.down();
    await page.mouse.move(cx - 70, cy - 70, { steps: 5 });
    await page.mouse.move(cx - 90, cy - 90, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => summary.textContent()).not.toBe(two);
    await screenshot(page, 'cfs-boundary-edited-375');
    await field.getByRole('button', { name: 'Edit boundary' }).click();

    expect(await axeViolationsIn(page, 'html')).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // Removed, then drawn again.
    await field.getByRole('button', { name: 'Remove boundary' }).click();
    await expect.poll(() => summary.textContent()).toBe('No boundary yet');
    await drawButton.click();
    await findMap();
    await draw([
      [-50, -50],
      [50, -50],
      [50, 50],
      [-50, 50],
    ]);
    await expect.poll(() => summary.textContent()).toBe(one);
    // A second area sharing its edge is refused (PostGIS would call the MultiPolygon invalid) …
    await drawButton.click();
    await findMap();
    await draw([
      [50, -50],
      [110, -50],
      [110, 50],
      [50, 50],
    ]);
    await field
      .getByRole('alert')
      .getByText(/shares an edge with it/)
      .waitFor();
    expect(await summary.textContent()).toBe(one);
    // … one a little apart is kept, and the server takes the MultiPolygon and gives its area.
    await draw([
      [60, -50],
      [110, -50],
      [110, 50],
      [60, 50],
    ]);
    await expect.poll(() => summary.textContent()).toMatch(/^Boundary: 2 areas, \d+\.\d\d ha$/);
    expect(await field.getByRole('alert').count()).toBe(0);
    await page.getByLabel('Site name').fill('Land by the mill');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your sites' }).waitFor();
    // The site list gives the server's area of the saved boundary.
    await page.getByText(/^Boundary: \d+(\.\d+)? ha$/).waitFor();
  });
});
