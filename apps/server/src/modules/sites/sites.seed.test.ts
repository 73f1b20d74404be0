import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenant } from '../../../test/factories';
import { openTestDatabase } from '../../../test/database';
import type { AppDatabase } from '../../db/database';
import { DEMO_SCENARIO, demoDistrict, generateSites, northfieldDistrict, ringArea } from './sites.generator';
import { seedSites } from './sites.seed';

describe('generateSites', () => {
  it('gives the same sites for the same district and count', () => {
    expect(generateSites(demoDistrict, 50)).toEqual(generateSites(demoDistrict, 50));
    expect(generateSites(demoDistrict, 50)).not.toEqual(generateSites(northfieldDistrict, 50));
  });

  it('makes exactly the count asked for, with unique references and plausible attributes', () => {
    const sites = generateSites(demoDistrict, 2_000);
    expect(sites).toHaveLength(2_000);
    expect(new Set(sites.map((site) => site.helaaReference)).size).toBe(2_000);
    for (const site of sites) {
      expect(site.ring[0]).toEqual(site.ring.at(-1));
      expect(site.sizeHa).toBeCloseTo(ringArea(site.ring) / 10_000, 1);
      expect(site.suitableArea).toBeLessThanOrEqual(site.sizeHa);
      expect(site.ward).toBeTruthy();
      expect(site.parish).toBeTruthy();
      expect(site.neighbourhoodAreaName).toBeTruthy();
    }
  });
});

describe('seedSites', () => {
  let database: AppDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('stores valid, non-overlapping polygons with their tags, in one council only', async () => {
    const tenant = await buildTenant(database.db);
    const other = await buildTenant(database.db);
    expect(await seedSites(database.db, tenant.id, demoDistrict, 400)).toBe(400);
    // A second run adds nothing.
    expect(await seedSites(database.db, tenant.id, demoDistrict, 400)).toBe(0);

    const stats = await withTenant(database.db, tenant.id, async (trx) => {
      const { rows } = await sql<{
        sites: number;
        invalid: number;
        overlaps: number;
        mercator: number;
        tagged: number;
        fields: number;
        cut: number;
        cutOutside: number;
        copies: number;
        searchRows: number;
      }>`
        select
          (select count(*)::int from sites where scenario_name = 'Base') as sites,
          (select count(*)::int from sites where not ST_IsValid(geom)) as invalid,
          (select count(*)::int from sites a join sites b on a.id < b.id and a.scenario_name = b.scenario_name
            and ST_Intersects(a.geom, b.geom)) as overlaps,
          (select count(*)::int from sites where scenario_name = 'Base' and ST_SRID(geom_3857) = 3857) as mercator,
          (select count(*)::int from sites where scenario_name = 'Base' and geom_cut is not null) as cut,
          (select count(*)::int from sites where geom_cut is not null and not ST_Within(geom_cut, geom)) as "cutOutside",
          (select count(*)::int from sites where scenario_name = ${DEMO_SCENARIO}) as copies,
          (select count(*)::int from site_search_rows) as "searchRows",
          (select count(distinct site_id)::int from site_tags) as tagged,
          (select count(*)::int from site_fields) as fields`.execute(trx);
      return rows[0];
    });
    const generated = generateSites(demoDistrict, 400);
    expect(stats).toMatchObject({
      sites: 400,
      invalid: 0,
      overlaps: 0,
      mercator: 400,
      cut: generated.filter((site) => site.cutRing).length,
      cutOutside: 0,
      copies: generated.filter((site) => site.scenarios.length > 0).length,
    });
    // Every row, in every scenario, has its narrow copy for counting searches.
    expect(stats?.searchRows).toBe((stats?.sites ?? 0) + (stats?.copies ?? 0));
    expect(stats?.cut).toBeGreaterThan(50);
    expect(stats?.tagged).toBeGreaterThan(100);
    expect(stats?.fields).toBeGreaterThan(10);

    const seenByOther = await withTenant(database.db, other.id, (trx) =>
      trx
        .selectFrom('sites')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow(),
    );
    expect(seenByOther.n).toBe(0);
  });

  it('places the demo district around the spec map centre', async () => {
    const tenant = await buildTenant(database.db);
    await seedSites(database.db, tenant.id, demoDistrict, 100);
    const extent = await withTenant(database.db, tenant.id, async (trx) => {
      const { rows } = await sql<{ x: number; y: number }>`
        select ST_X(ST_Centroid(ST_Collect(geom))) as x, ST_Y(ST_Centroid(ST_Collect(geom))) as y from sites`.execute(
        trx,
      );
      return rows[0];
    });
    expect(Math.abs((extent?.x ?? 0) - 564_565)).toBeLessThan(8_000);
    expect(Math.abs((extent?.y ?? 0) - 155_359)).toBeLessThan(8_000);
  });
});
