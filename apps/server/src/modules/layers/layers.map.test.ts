import { randomUUID } from 'node:crypto';
import { VectorTile } from '@mapbox/vector-tile';
import { sql } from 'kysely';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let officer: SignedIn;
let resident: SignedIn;
let otherOfficer: SignedIn;
let layerId: string;
let featureIds: string[];
let tenantId: string;

// Two flood-zone polygons near Tonbridge (British National Grid), 500 m squares side by side.
const squares = [
  { x: 560000, y: 150000, zone: 'Flood Zone 3', ref: 'FZ3-001', note: '100% of the site' },
  { x: 560600, y: 150000, zone: 'Flood Zone 2', ref: 'FZ2-017', note: 'Near the Medway' },
];

beforeAll(async () => {
  t = await buildTestApp();
  const tenant = await buildTenantWithUsers(t.database.db);
  tenantId = tenant.id;
  const other = await buildTenantWithUsers(t.database.db);
  [officer, resident, otherOfficer] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('officer')),
    signIn(t.app, tenant.name, tenant.email('resident')),
    signIn(t.app, other.name, other.email('officer')),
  ]);
  ({ layerId, featureIds } = await withTenant(t.database.db, tenant.id, async (trx) => {
    const layer = await trx
      .insertInto('layers')
      .values({
        tenant_id: tenant.id,
        layer_name: 'flood_zones',
        title: 'Flood zones',
        fields: JSON.stringify([
          { name: 'zone', type: 'string' },
          { name: 'ref', type: 'string' },
          { name: 'note', type: 'string' },
        ]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids: string[] = [];
    for (const square of squares) {
      const { rows } = await sql<{ id: string }>`
        insert into layer_features (tenant_id, layer_id, properties, geom)
        values (${tenant.id}, ${layer.id},
          ${JSON.stringify({ note: square.note, ref: square.ref, zone: square.zone })}::jsonb,
          ST_MakeEnvelope(${square.x}, ${square.y}, ${square.x + 500}, ${square.y + 500}, 27700))
        returning id::text`.execute(trx);
      ids.push(rows[0]?.id ?? '');
    }
    return { layerId: layer.id, featureIds: ids };
  }));
});
afterAll(() => t.close());

const get = (who: SignedIn, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who.headers(headers) });

/** The z/x/y tile holding a WGS84 point. */
function tileOf(lon: number, lat: number, z: number) {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { x, y };
}

describe('layer tiles (issue 13 point 3)', () => {
  it('draws the layer’s features in a tile named after it, with their attributes', async () => {
    const extent = (await get(officer, `/layers/${layerId}/extent`)).json() as {
      bbox: [number, number, number, number];
      featureCount: number;
    };
    expect(extent.featureCount, JSON.stringify(extent)).toBe(2);
    const [west, south, east, north] = extent.bbox;
    // 560000..561100 E, 150000..150500 N is about 0.27–0.29°E, 51.19–51.2°N.
    expect(west).toBeGreaterThan(0.2);
    expect(east).toBeLessThan(0.35);
    expect(south).toBeGreaterThan(51.1);
    expect(north).toBeLessThan(51.3);

    for (const z of [10, 15]) {
      const { x, y } = tileOf((west + east) / 2, (south + north) / 2, z);
      const answer = await get(officer, `/layers/${layerId}/tiles/${z}/${x}/${y}`);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
      const tile = new VectorTile(new PbfReader(answer.rawPayload));
      const layer = tile.layers.flood_zones;
      if (!layer) throw new Error(`layers in the tile: ${Object.keys(tile.layers).join(', ')}`);
      expect(layer.length, JSON.stringify(Object.keys(layer))).toBe(2);
      const zones = [0, 1].map((i) => layer?.feature(i).properties.zone).sort();
      expect(zones).toEqual(['Flood Zone 2', 'Flood Zone 3']);
      expect(layer?.feature(0).type).toBe(3);

      // Unchanged layer: the browser's copy is still good.
      const again = await get(officer, `/layers/${layerId}/tiles/${z}/${x}/${y}`, {
        'if-none-match': String(answer.headers.etag),
      });
      expect(again.statusCode).toBe(304);
    }
  });

  it('answers an empty tile with 204, a new layer version with a new ETag, and bad input with 4xx', async () => {
    expect((await get(officer, `/layers/${layerId}/tiles/10/0/0`)).statusCode).toBe(204);
    const { x, y } = tileOf(0.28, 51.19, 12);
    const before = await get(officer, `/layers/${layerId}/tiles/12/${x}/${y}`);
    await withTenant(t.database.db, tenantId, (trx) =>
      trx
        .updateTable('layers')
        .set({ version: sql`version + 1` })
        .where('id', '=', layerId)
        .execute(),
    );
    const after = await get(officer, `/layers/${layerId}/tiles/12/${x}/${y}`);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await get(officer, `/layers/${layerId}/tiles/3/8/0`)).statusCode).toBe(400);
    expect((await get(officer, `/layers/${randomUUID()}/tiles/10/0/0`)).statusCode).toBe(404);
    expect((await get(officer, `/layers/not-a-layer/tiles/10/0/0`)).statusCode).toBe(400);
  });

  it('keeps a council’s layers to its own staff', async () => {
    expect((await get(otherOfficer, `/layers/${layerId}/extent`)).statusCode).toBe(404);
    expect((await get(otherOfficer, `/layers/${layerId}/tiles/10/0/0`)).statusCode).toBe(404);
    expect((await get(resident, `/layers/${layerId}/extent`)).statusCode).toBe(403);
  });
});

describe('layer features (issue 13 point 3)', () => {
  it('gives a feature’s data in the layer’s field order, or only the fields asked for', async () => {
    const all = (await get(officer, `/layers/${layerId}/features/${featureIds[0]}`)).json();
    expect(Object.keys(all.properties)).toEqual(['zone', 'ref', 'note']);
    expect(all).toMatchObject({ layerName: 'flood_zones', layerTitle: 'Flood zones', id: featureIds[0] });
    const some = (
      await get(officer, `/layers/${layerId}/features/${featureIds[1]}?fields=ref,missing`)
    ).json();
    expect(some.properties).toEqual({ ref: 'FZ2-017' });
    expect((await get(officer, `/layers/${layerId}/features/999999999`)).statusCode).toBe(404);
  });

  it('finds features by any attribute, taking % and _ literally', async () => {
    const medway = (await get(officer, `/layers/${layerId}/search?q=medway`)).json();
    expect(medway.features).toHaveLength(1);
    expect(medway.features[0]).toMatchObject({ id: featureIds[1], field: 'note', value: 'Near the Medway' });
    const percent = (await get(officer, `/layers/${layerId}/search?q=${encodeURIComponent('100%')}`)).json();
    expect(percent.features.map((f: { id: string }) => f.id)).toEqual([featureIds[0]]);
    const underscore = (await get(officer, `/layers/${layerId}/search?q=FZ_`)).json();
    expect(underscore.features).toEqual([]);
    expect((await get(officer, `/layers/${layerId}/search?q=`)).statusCode).toBe(400);
  });
});
