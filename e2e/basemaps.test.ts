import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vectorBaseMapColour } from '@planning/shared';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { box, writePmtilesArchive } from '../apps/server/src/modules/basemaps/basemaps.fixture';
import { findTenantByName } from '../apps/server/src/modules/tenants/tenants.queries';
import { signIn } from '../apps/server/test/sessions';
import { openAsTenant, startRunningApp, type RunningApp } from './support/running-app';
import { openMap } from './support/site-search';

let running: RunningApp;
beforeAll(async () => {
  running = await startRunningApp();
});
afterAll(() => running?.close());

/** The archive's "water" over the whole of south-east England, in the colour maps give water. */
const WATER = vectorBaseMapColour('water').fill;
const rgb = (hex: string) =>
  [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

async function upload(bytes: Buffer, name: string) {
  const admin = await signIn(running.app, 'demo', 'admin@demo.test');
  const boundary = `----planning${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="map.pmtiles"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await running.app.inject({
    method: 'POST',
    url: `/api/v1/basemaps/pmtiles?name=${encodeURIComponent(name)}`,
    headers: admin.headers({ 'content-type': `multipart/form-data; boundary=${boundary}` }),
    payload,
  });
  expect(response.statusCode).toBe(201);
  const id = (response.json() as { id: string }).id;
  return () =>
    running.app.inject({ method: 'DELETE', url: `/api/v1/basemaps/${id}`, headers: admin.headers() });
}

describe('base maps a council can use (issue 13 point 7)', () => {
  it('draws the council’s PMTiles archive on /map, read by range through the pmtiles protocol', async () => {
    const archive = writePmtilesArchive([
      { z: 0, x: 0, y: 0, layer: 'water', polygons: [box(-10, 49, 5, 60)] },
    ]);
    const remove = await upload(archive.bytes, 'Council vector map');
    try {
      const page = await openMap(running);
      const ranges: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('.pmtiles')) ranges.push(request.headers()['range'] ?? 'none');
      });
      await page.getByRole('button', { name: 'Base map' }).click();
      await page.getByRole('menuitem', { name: 'Council vector map' }).click();
      const [r, g, b] = rgb(WATER);
      const waterShare = async () => {
        const png = PNG.sync.read(await page.locator('.site-map__canvas canvas').screenshot());
        let water = 0;
        for (let i = 0; i < png.data.length; i += 4) {
          const near = (value: number, target: number) => Math.abs(value - target) <= 8;
          if (near(png.data[i]!, r) && near(png.data[i + 1]!, g) && near(png.data[i + 2]!, b)) water += 1;
        }
        return water / (png.width * png.height);
      };
      await expect.poll(waterShare, { timeout: 20_000 }).toBeGreaterThan(0.2);
      // Byte ranges, never the whole archive: the header and root directory, then the tile.
      expect(ranges.length).toBeGreaterThanOrEqual(2);
      expect(ranges.every((range) => /^bytes=\d+-\d+$/.test(range))).toBe(true);

      // Back to the offline map: the archive's layers go.
      await page.getByRole('button', { name: 'Base map' }).click();
      await page.getByRole('menuitem', { name: 'Offline map' }).click();
      await expect.poll(waterShare, { timeout: 20_000 }).toBeLessThan(0.01);
      await page.context().close();
    } finally {
      await remove();
    }
  });

  it('has a metric scale bar and the names of wards on the offline map', async () => {
    const page = await openMap(running);
    const scale = page.locator('.site-map .maplibregl-ctrl-scale');
    await expect.poll(() => scale.textContent(), { timeout: 20_000 }).toMatch(/^\d+\s?(m|km)$/);
    expect(await scale.isVisible()).toBe(true);

    const demoTenant = await findTenantByName(running.database.db, 'demo');
    const wards = await withTenant(running.database.db, demoTenant!.id, async (trx) =>
      (await sql<{ name: string }>`select name from boundaries where kind = 'ward'`.execute(trx)).rows.map(
        (row) => row.name,
      ),
    );
    const shown = page.locator('.site-map .map-label--ward:not([hidden])');
    await expect.poll(() => shown.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const names = await shown.allTextContents();
    expect(names.every((name) => wards.includes(name))).toBe(true);
    await expect.poll(() => shown.first().isVisible()).toBe(true);
    await page.context().close();
  });

  it('has the scale bar on a site’s own map too', async () => {
    const demoTenant = await findTenantByName(running.database.db, 'demo');
    const id = await withTenant(
      running.database.db,
      demoTenant!.id,
      async (trx) =>
        (
          await sql<{
            id: string;
          }>`select id::text as id from sites where not is_deleted order by id limit 1`.execute(trx)
        ).rows[0]!.id,
    );
    const page = await openAsTenant(running, 'demo', `/site/${id}/map`, 'officer');
    const scale = page.locator('.site-outline-map .maplibregl-ctrl-scale');
    await expect.poll(() => scale.textContent(), { timeout: 20_000 }).toMatch(/^\d+\s?(m|km)$/);
    await page.context().close();
  });
});
