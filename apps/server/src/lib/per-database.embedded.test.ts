// Two apps in one process, each over its own copy of the same council (as the browser journeys run
// their files in one worker): the council has one id and one data version in both, and each must
// count and draw its own sites. Module-wide caches once served one copy's totals and tiles to the
// other. PGlite folders are the cheap way to hold two databases in one process, hence this suite.
import { rmSync } from 'node:fs';
import { cp, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { flexibleSearchRequestSchema } from '@planning/shared';
import { openDatabase, type AppDatabase } from '../db/database';
import { withTenant } from '../db/tenant-transaction';
import { buildTenant } from '../../test/factories';
import { runAsOwner } from '../../test/database';
import { flexibleSearch } from '../modules/search/search.service';
import { demoDistrict } from '../modules/sites/sites.generator';
import { seedSites } from '../modules/sites/sites.seed';
import { serveSiteTile, siteCellsSettled } from '../modules/tiles/tiles.service';
import { tileBounds } from '../modules/tiles/tiles.render';

const folders: string[] = [];
const copies: AppDatabase[] = [];
let tenantId: string;

async function copyOf(folder: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'planning-twin-'));
  await cp(folder, dir, { recursive: true });
  folders.push(dir);
  return dir;
}

beforeAll(async () => {
  // One council made once, then the folder copied: both databases know it by the same id.
  const first = await copyOf(inject('pgliteTemplateDir'));
  const setup = await openDatabase({ kind: 'embedded', dataDir: first });
  tenantId = (await buildTenant(setup.db)).id;
  await setup.close();
  const second = await copyOf(first);
  for (const [dir, count] of [
    [first, 20],
    [second, 60],
  ] as const) {
    const database = await openDatabase({ kind: 'embedded', dataDir: dir });
    await seedSites(database.db, tenantId, demoDistrict, count);
    // The same data version in both, as two copies of one seeded fixture have before either changes.
    await runAsOwner(database, [`update site_data_versions set version = 7`]);
    copies.push(database);
  }
});
afterAll(async () => {
  for (const database of copies) {
    await siteCellsSettled(database);
    await database.close();
  }
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

it('counts each copy of a council on its own database', async () => {
  const request = flexibleSearchRequestSchema.parse({ filters: [], limit: 1 });
  const totals = [];
  for (const database of copies) totals.push((await flexibleSearch(database.db, tenantId, request)).total);
  expect(totals).toEqual([20, 60]);
});

it('draws each copy of a council from its own sites', async () => {
  const [a, b] = copies as [AppDatabase, AppDatabase];
  const { rows } = await withTenant(a.db, tenantId, (trx) =>
    sql<{ x: number; y: number }>`
      select ST_X(c) as x, ST_Y(c) as y
      from (select ST_Transform(ST_Centroid(ST_Collect(geom)), 3857) as c from sites) s`.execute(trx),
  );
  const world = tileBounds(0, 0, 0);
  const z = 9;
  const size = world.size / 2 ** z;
  const tile = {
    z,
    x: Math.floor((rows[0]!.x - world.minX) / size),
    y: Math.floor((world.maxY - rows[0]!.y) / size),
  };
  const request = { ...tile, layer: 'sites' as const, filters: [] };
  const fromA = await serveSiteTile(a, tenantId, request, { version: '7' });
  const fromB = await serveSiteTile(b, tenantId, request, { version: '7' });
  expect(fromA.body?.byteLength).toBeGreaterThan(0);
  expect(fromB.body?.byteLength).toBeGreaterThan(0);
  expect(Buffer.from(fromB.body!).equals(Buffer.from(fromA.body!))).toBe(false);
});
