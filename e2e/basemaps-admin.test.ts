import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basemapMessages, vectorBaseMapColour } from '@planning/shared';
import { box, writePmtilesArchive } from '../apps/server/src/modules/basemaps/basemaps.fixture';
import { signIn } from '../apps/server/test/sessions';
import {
  animationsSettled,
  openAsTenant,
  settledDialog,
  startRunningApp,
  type RunningApp,
} from './support/running-app';
import { openMap } from './support/site-search';

let running: RunningApp;
let folder: string;
beforeAll(async () => {
  running = await startRunningApp();
  folder = await mkdtemp(path.join(os.tmpdir(), 'planning-basemaps-'));
});
afterAll(async () => {
  await running?.close();
  await rm(folder, { recursive: true, force: true });
});

const SCREEN = '/admin/placemaker/geodata/basemaps';
const NAME = 'Journey water map';
const RENAMED = 'Council water map';
/** The archive's "water" over south-east England, in the colour maps give water. */
const WATER = vectorBaseMapColour('water').fill;

/** The share of a canvas's pixels within a few levels of the water colour. */
async function waterShare(page: Page, canvas: string): Promise<number> {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(WATER.slice(i, i + 2), 16)) as [number, number, number];
  const png = PNG.sync.read(await page.locator(canvas).screenshot());
  let water = 0;
  const near = (value: number, target: number) => Math.abs(value - target) <= 8;
  for (let i = 0; i < png.data.length; i += 4)
    if (near(png.data[i]!, r) && near(png.data[i + 1]!, g) && near(png.data[i + 2]!, b)) water += 1;
  return water / (png.width * png.height);
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

describe('the base maps admin (issue 13 point 7)', () => {
  it('uploads the council’s archive, shows it on /map from the Base map menu, renames and removes it', async () => {
    const archive = writePmtilesArchive(
      [{ z: 0, x: 0, y: 0, layer: 'water', polygons: [box(-10, 49, 5, 60)] }],
      {
        name: NAME,
        attribution: '© Journey Mapping',
      },
    );
    const good = path.join(folder, 'water.pmtiles');
    await writeFile(good, archive.bytes);
    // A file that is no archive at all, and one that starts like an archive and then breaks off.
    const wrong = path.join(folder, 'photo.pmtiles');
    await writeFile(wrong, Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    const damaged = path.join(folder, 'damaged.pmtiles');
    await writeFile(damaged, archive.bytes.subarray(0, archive.bytes.length - 40));

    const page = await openAsTenant(running, 'demo', SCREEN, 'admin');
    await expect.poll(() => row(page, 'Offline map').count(), { timeout: 20_000 }).toBe(1);
    const file = page.locator('.basemaps-admin input[type=file]');

    await file.setInputFiles(wrong);
    const alert = page.getByRole('alert').filter({ hasText: 'PMTiles' });
    await expect.poll(() => alert.textContent()).toBe(basemapMessages.notPmtiles);

    // The server's own check, and its message, for a file that only begins like an archive.
    await file.setInputFiles(damaged);
    await expect.poll(() => alert.textContent()).toMatch(/^This PMTiles archive is damaged: /);

    const uploaded = page.waitForResponse((response) => response.url().endsWith('/basemaps/pmtiles'));
    await file.setInputFiles(good);
    expect((await uploaded).status()).toBe(201);
    await expect.poll(() => page.getByRole('status').filter({ hasText: NAME }).count()).toBe(1);
    const listed = row(page, NAME);
    await expect.poll(() => listed.count()).toBe(1);
    expect(await listed.textContent()).toMatch(
      /PMTiles archive.*vector · zoom 0–0.*Covers 180.00° W to 180.00° E/,
    );
    expect(await listed.textContent()).toContain('© Journey Mapping');
    // The new archive is previewed at once, drawn from its byte ranges.
    await expect
      .poll(() => waterShare(page, '.basemaps-admin__preview-map canvas'), { timeout: 20_000 })
      .toBeGreaterThan(0.2);

    // Renamed through the dialog.
    await listed.getByRole('button', { name: `Rename ${NAME}` }).click();
    const input = page.getByLabel('New name');
    await input.fill(RENAMED);
    const rename = await settledDialog(page, page.getByRole('dialog').filter({ has: input }));
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect.poll(() => row(page, RENAMED).count()).toBe(1);

    // On the map, it is one of the Base map menu's choices, and draws its water.
    const map = await openMap(running);
    await map.getByRole('button', { name: 'Base map' }).click();
    await map.getByRole('menuitem', { name: RENAMED }).click();
    await expect
      .poll(() => waterShare(map, '.site-map__canvas canvas'), { timeout: 20_000 })
      .toBeGreaterThan(0.2);
    await map.context().close();

    // Removed, after confirming: gone from the list and from the council's base maps.
    await row(page, RENAMED)
      .getByRole('button', { name: `Remove ${RENAMED}` })
      .click();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => row(page, RENAMED).count()).toBe(0);
    const admin = await signIn(running.app, 'demo', 'admin@demo.test');
    const left = await running.app.inject({
      method: 'GET',
      url: '/api/v1/basemaps',
      headers: admin.headers(),
    });
    expect(left.body).not.toContain(RENAMED);
    await page.context().close();
  });

  it('adds an XYZ service with its attribution, and says what is wrong with an address', async () => {
    const page = await openAsTenant(running, 'demo', SCREEN, 'admin');
    const form = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Add an XYZ tile service' }) });
    await form.getByLabel('Name').fill('Aerial');
    await form
      .getByLabel('Tile address (https, with {z}, {x} and {y})')
      .fill('http://tiles.example.net/{z}/{x}/{y}.png');
    await form.getByRole('button', { name: 'Add XYZ service' }).click();
    await expect.poll(() => form.textContent()).toContain(basemapMessages.attributionMissing);
    await form.getByLabel('Attribution').fill('© Aerial Survey');
    // The message folds away as the field is filled, moving the button up: pressed mid-fold, the
    // press can land where the button was (seen in a full run).
    await expect.poll(() => form.textContent()).not.toContain(basemapMessages.attributionMissing);
    await animationsSettled(page);
    await form.getByRole('button', { name: 'Add XYZ service' }).click();
    await expect.poll(() => form.textContent()).toContain(basemapMessages.httpsOnly);
    await form
      .getByLabel('Tile address (https, with {z}, {x} and {y})')
      .fill('https://tiles.example.net/{z}/{x}/{y}.png');
    await form.getByRole('button', { name: 'Add XYZ service' }).click();
    const added = row(page, 'Aerial');
    await expect.poll(() => added.count()).toBe(1);
    expect(await added.textContent()).toContain('https://tiles.example.net/{z}/{x}/{y}.png');
    expect(await added.textContent()).toContain('© Aerial Survey');
    await added.getByRole('button', { name: 'Remove Aerial' }).click();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => row(page, 'Aerial').count()).toBe(0);
    await page.context().close();
  });

  it('is for administrators only', async () => {
    // An officer is sent on to a screen they may see, never shown this one.
    const page = await openAsTenant(running, 'demo', SCREEN, 'officer');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).not.toBe(SCREEN);
    expect(await page.locator('.basemaps-admin').count()).toBe(0);
    await page.context().close();
  });
});
