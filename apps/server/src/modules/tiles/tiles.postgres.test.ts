// PostgreSQL only: PGlite's PostGIS has no ST_AsMVT, so the one-statement tile is never used there.
import { VectorTile } from '@mapbox/vector-tile';
import { sql } from 'kysely';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/database';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenant } from '../../../test/factories';
import { openTestDatabase } from '../../../test/database';
import { demoDistrict } from '../sites/sites.generator';
import { seedSites } from '../sites/sites.seed';
import { renderPlainTileAlone, renderSiteTile, tileBounds, type SiteTileRequest } from './tiles.render';

let database: AppDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const idsOf = (tile: Uint8Array | null) => {
  const layer = tile ? new VectorTile(new PbfReader(tile)).layers.sites : undefined;
  return Array.from({ length: layer?.length ?? 0 }, (_, i) => String(layer!.feature(i).id)).sort();
};

describe('an unfiltered tile in one statement, outside a transaction', () => {
  it("draws exactly its council's sites, as the tenant transaction does, and leaves no tenant behind", async () => {
    // Two councils with sites in the same places: the same tile holds both.
    const [mine, theirs] = [await buildTenant(database.db), await buildTenant(database.db)];
    for (const tenant of [mine, theirs]) await seedSites(database.db, tenant.id, demoDistrict, 60);
    const siteIds = (tenantId: string) =>
      withTenant(database.db, tenantId, async (trx) => {
        const { rows } = await sql<{ id: string; x: number; y: number }>`
          select id::text, ST_X(point_3857) as x, ST_Y(point_3857) as y from sites order by id`.execute(trx);
        return rows;
      });
    const ours = await siteIds(mine.id);
    const world = tileBounds(0, 0, 0);
    const size = world.size / 2 ** 14;
    const first = ours[0]!;
    const request: SiteTileRequest = {
      z: 14,
      x: Math.floor((first.x - world.minX) / size),
      y: Math.floor((world.maxY - first.y) / size),
      layer: 'sites',
      filters: [],
    };

    const [alone, setting] = await database.db.connection().execute(async (connection) => {
      const tile = await renderPlainTileAlone(connection, mine.id, request);
      // The same pooled connection afterwards: the statement's setting ended with it.
      const { rows } = await sql<{ tenant: string | null }>`
        select current_setting('app.tenant_id', true) as tenant`.execute(connection);
      return [tile, rows[0]?.tenant ?? ''] as const;
    });
    expect(setting).toBe('');
    const inTransaction = await withTenant(database.db, mine.id, (trx) =>
      renderSiteTile(trx, mine.id, request, 'postgis'),
    );
    expect(alone).not.toBeNull();
    expect(Buffer.from(alone!).equals(Buffer.from(inTransaction!))).toBe(true);

    const drawn = idsOf(alone);
    expect(drawn).toContain(first.id);
    const ourIds = new Set(ours.map((site) => site.id));
    expect(drawn.every((id) => ourIds.has(id))).toBe(true);
    // The other council has sites in this tile too, and none of them is drawn.
    const theirIds = (await siteIds(theirs.id)).map((site) => site.id);
    const theirTile = await withTenant(database.db, theirs.id, (trx) =>
      renderSiteTile(trx, theirs.id, request, 'postgis'),
    );
    expect(idsOf(theirTile).length).toBeGreaterThan(0);
    expect(drawn.some((id) => theirIds.includes(id))).toBe(false);

    // Prepared, as the endpoint sends it: PostgreSQL switches to a cached generic plan after its
    // fifth run, and the plan must still scope each run to the council it sets, alternating.
    for (let run = 0; run < 8; run += 1) {
      const tenant = run % 2 === 0 ? mine : theirs;
      const prepared = await renderPlainTileAlone(database.db, tenant.id, request, database.prepared);
      expect(idsOf(prepared)).toEqual(idsOf(tenant === mine ? alone : theirTile));
    }
  });
});
