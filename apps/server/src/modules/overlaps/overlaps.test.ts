import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Transaction } from 'kysely';
import { OVERLAPS_JOB_KIND, type LayerOverlap } from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { insertTestLayer } from './overlaps.testing';

let t: TestApp;
let tenantId: string;
let officer: SignedIn;
let admin: SignedIn;
let resident: SignedIn;
let otherOfficer: SignedIn;
const site: Record<'a' | 'b' | 'gone', string> = { a: '', b: '', gone: '' };
const layer: Record<'flood' | 'greenBelt' | 'trees', string> = { flood: '', greenBelt: '', trees: '' };

// Site A: a 100 m square at (600000, 200000); site B: the same 200 m east; a deleted site over both.
const square = (x: number, y: number, size = 100) =>
  sql`ST_MakeEnvelope(${x}, ${y}, ${x + size}, ${y + size}, 27700)`;

async function insertSite(
  trx: Transaction<Database>,
  ref: string,
  geometry: ReturnType<typeof sql>,
  deleted = false,
) {
  const { rows } = await sql<{ id: string }>`
    insert into sites (tenant_id, id_unique, scenario_name, site_name, size_ha, geom, is_deleted)
    values (${tenantId}, ${ref}, 'Base', ${ref}, ST_Area(${geometry}) / 10000, ST_Multi(${geometry}), ${deleted})
    returning id::text as id`.execute(trx);
  return rows[0]?.id ?? '';
}

const insertLayer = (trx: Transaction<Database>, name: string, geometries: ReturnType<typeof sql>[]) =>
  insertTestLayer(trx, tenantId, { name, title: name.replace('_', ' ') }, geometries);

beforeAll(async () => {
  t = await buildTestApp();
  const tenant = await buildTenantWithUsers(t.database.db);
  tenantId = tenant.id;
  const other = await buildTenantWithUsers(t.database.db);
  [officer, admin, resident, otherOfficer] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('officer')),
    signIn(t.app, tenant.name, tenant.email('admin')),
    signIn(t.app, tenant.name, tenant.email('resident')),
    signIn(t.app, other.name, other.email('officer')),
  ]);
  await withTenant(t.database.db, tenantId, async (trx) => {
    await sql`insert into scenarios (tenant_id, name, is_default) values (${tenantId}, 'Base', true)
      on conflict do nothing`.execute(trx);
    site.a = await insertSite(trx, 'OV-A', square(600000, 200000));
    site.b = await insertSite(trx, 'OV-B', square(600200, 200000));
    site.gone = await insertSite(trx, 'OV-GONE', square(600000, 200000, 300), true);
    // Flood: two features over A's western 25 m and 50 m; they overlap, so A is 50 % covered, not 75 %.
    layer.flood = await insertLayer(trx, 'flood_zone', [
      sql`ST_MakeEnvelope(599900, 199900, 600025, 200150, 27700)`,
      sql`ST_MakeEnvelope(599950, 199950, 600050, 200100, 27700)`,
    ]);
    // Green belt: all of B and beyond; nothing of A.
    layer.greenBelt = await insertLayer(trx, 'green_belt', [
      sql`ST_MakeEnvelope(600150, 199950, 600400, 200150, 27700)`,
    ]);
    // Trees: one protected tree inside A (a point: it meets the site but covers no area).
    layer.trees = await insertLayer(trx, 'tpo_trees', [sql`ST_SetSRID(ST_MakePoint(600070, 200070), 27700)`]);
  });
});
afterAll(() => t.close());

const overlapsOf = async (siteId: string, who: SignedIn = officer) => {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/v1/site/${siteId}/intersected-layers`,
    headers: who.headers(),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { layers: LayerOverlap[] }).layers;
};

describe('constraint overlaps (issue 13 point 5)', () => {
  it('works out each site’s cover by every layer, counting overlapping features once', async () => {
    const { jobId } = await t.app.jobs.enqueue(t.database.db, { tenantId, kind: OVERLAPS_JOB_KIND });
    expect(await t.app.jobs.waitFor(jobId)).toMatchObject({
      status: 'succeeded',
      result: { layers: 3, overlaps: 3 },
    });

    expect(await overlapsOf(site.a)).toEqual([
      {
        layerId: layer.flood,
        layerName: 'flood_zone',
        layerTitle: 'flood zone',
        layerOverlapPercent: 50,
        overlapAreaM2: 5000,
      },
      {
        layerId: layer.trees,
        layerName: 'tpo_trees',
        layerTitle: 'tpo trees',
        layerOverlapPercent: 0,
        overlapAreaM2: 0,
      },
    ]);
    expect(await overlapsOf(site.b)).toEqual([
      {
        layerId: layer.greenBelt,
        layerName: 'green_belt',
        layerTitle: 'green belt',
        layerOverlapPercent: 100,
        overlapAreaM2: 10000,
      },
    ]);
    // A deleted site is not assessed.
    const rows = await withTenant(t.database.db, tenantId, (trx) =>
      trx.selectFrom('site_layer_overlaps').select('site_id').where('site_id', '=', site.gone).execute(),
    );
    expect(rows).toEqual([]);
  });

  it('follows a boundary edit at once, in the same transaction as the edit', async () => {
    const current = await t.app.inject({
      method: 'GET',
      url: `/api/v1/site/${site.b}`,
      headers: officer.headers(),
    });
    const version = (current.json() as { version: number }).version;
    // B moved 75 m west: its western 25 m now lies in the gap, 75 m stays in the green belt.
    const moved = await withTenant(t.database.db, tenantId, async (trx) => {
      const { rows } = await sql<{ geojson: string }>`
        select ST_AsGeoJSON(ST_Transform(${square(600125, 200000)}, 4326), 9) as geojson`.execute(trx);
      return JSON.parse(rows[0]?.geojson ?? 'null') as { type: string; coordinates: unknown[] };
    });
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/site/${site.b}/geometry`,
      headers: officer.headers(),
      payload: { wkbGeometry: moved, version },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [greenBelt] = await overlapsOf(site.b);
    expect(greenBelt?.layerName).toBe('green_belt');
    // Reprojected through WGS84 and back: within a square metre of three quarters.
    expect(greenBelt?.layerOverlapPercent).toBeCloseTo(75, 0);
  });

  it('recalculates a layer on an administrator’s request, and keeps the answers to the council’s staff', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/layers/${layer.flood}/overlaps`,
      headers: resident.headers(),
    });
    expect(refused.statusCode).toBe(403);
    const queued = await t.app.inject({
      method: 'POST',
      url: `/api/v1/layers/${layer.flood}/overlaps`,
      headers: admin.headers(),
    });
    expect(queued.statusCode, queued.body).toBe(202);
    expect(await t.app.jobs.waitFor(queued.json().jobId)).toMatchObject({
      status: 'succeeded',
      result: { layers: 1 },
    });
    expect((await overlapsOf(site.a))[0]?.layerOverlapPercent).toBe(50);

    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/site/${site.a}/intersected-layers`,
      headers: otherOfficer.headers(),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('finds the sites a layer covers by at least n % (the search filter overlapsLayer)', async () => {
    const { jobId } = await t.app.jobs.enqueue(t.database.db, { tenantId, kind: OVERLAPS_JOB_KIND });
    await t.app.jobs.waitFor(jobId);
    const found = async (layerName: string, value: number) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/v1/search/site/flexible',
        headers: officer.headers(),
        payload: { filters: [{ type: 'overlapsLayer', layerName, value }], limit: 50 },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json() as { sites: { id: string | number }[] }).sites.map((s) => String(s.id)).sort();
    };
    expect(await found('flood_zone', 40)).toEqual([site.a]);
    expect(await found('flood_zone', 60)).toEqual([]);
    expect(await found('green_belt', 50)).toEqual([site.b]);
    // 0: any contact, a protected tree's point included.
    expect(await found('tpo_trees', 0)).toEqual([site.a]);
    expect(await found('no_such_layer', 0)).toEqual([]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/search/site/flexible',
      headers: officer.headers(),
      payload: { filters: [{ type: 'overlapsLayer', layerName: 'flood_zone', value: 101 }] },
    });
    expect(refused.statusCode).toBe(400);
  });
});
