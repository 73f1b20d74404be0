import { VectorTile } from '@mapbox/vector-tile';
import { sql } from 'kysely';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: SignedIn;
let officer: SignedIn;
let resident: SignedIn;
let tenantName: string;
let otherName: string;
const ids: Record<'published' | 'staffOnly' | 'draft', { layer: string; feature: string }> = {
  published: { layer: '', feature: '' },
  staffOnly: { layer: '', feature: '' },
  draft: { layer: '', feature: '' },
};

// Every layer is a 500 m square at 560000 E, 150000 N (near Tonbridge, about 0.28°E, 51.19°N).
const Z = 12;
const { x: X, y: Y } = tileOf(0.28, 51.19, Z);

/** The z/x/y tile holding a WGS84 point. */
function tileOf(lon: number, lat: number, z: number) {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lon + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
}

async function makeLayer(
  tenantId: string,
  layerName: string,
  visibility: { placemaker: boolean; public: boolean },
): Promise<{ layer: string; feature: string }> {
  return withTenant(t.database.db, tenantId, async (trx) => {
    const layer = await trx
      .insertInto('layers')
      .values({
        tenant_id: tenantId,
        layer_name: layerName,
        title: layerName.replace(/_/g, ' '),
        placemaker_visibility: visibility.placemaker,
        public_webmap_visibility: visibility.public,
        placemaker_description: 'For officers only',
        source: JSON.stringify({ importJobId: 'job-1', file: 'upload.zip' }),
        fields: JSON.stringify([{ name: 'name', type: 'string' }]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { rows } = await sql<{ id: string }>`
      insert into layer_features (tenant_id, layer_id, properties, geom)
      values (${tenantId}, ${layer.id}, ${JSON.stringify({ name: layerName })}::jsonb,
        ST_MakeEnvelope(560000, 150000, 560500, 150500, 27700))
      returning id::text`.execute(trx);
    return { layer: layer.id, feature: rows[0]?.id ?? '' };
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  const tenant = await buildTenantWithUsers(t.database.db);
  const other = await buildTenantWithUsers(t.database.db);
  tenantName = tenant.name;
  otherName = other.name;
  [admin, officer, resident] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('admin')),
    signIn(t.app, tenant.name, tenant.email('officer')),
    signIn(t.app, tenant.name, tenant.email('resident')),
  ]);
  ids.published = await makeLayer(tenant.id, 'conservation_areas', { placemaker: true, public: true });
  ids.staffOnly = await makeLayer(tenant.id, 'officer_notes', { placemaker: true, public: false });
  ids.draft = await makeLayer(tenant.id, 'draft_allocations', { placemaker: false, public: false });
}, 60_000);
afterAll(() => t?.close());

const anonymous = (url: string, tenant = tenantName) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { 'x-tenant': tenant } });
const asUser = (who: SignedIn, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who.headers() });
const titles = (body: { layers: Array<{ title: string }> }) => body.layers.map((layer) => layer.title).sort();

describe("the viewer's layer set (spec 03 §6)", () => {
  it('gives staff the placemaker set by default, the public set on asking, and admins every layer', async () => {
    expect(titles((await asUser(officer, '/layers')).json())).toEqual([
      'conservation areas',
      'officer notes',
    ]);
    expect(titles((await asUser(officer, '/layers?audience=public')).json())).toEqual(['conservation areas']);
    const grouped = (await asUser(officer, '/layers/grouped?audience=public')).json();
    expect(
      grouped.groups.flatMap((group: { layers: Array<{ id: string }> }) => group.layers.map((l) => l.id)),
    ).toEqual([ids.published.layer]);
    expect(titles((await asUser(admin, '/layers?scope=admin')).json())).toEqual([
      'conservation areas',
      'draft allocations',
      'officer notes',
    ]);
    expect((await asUser(officer, '/layers?audience=everyone')).statusCode).toBe(400);
  });
});

describe('the public web map’s layers, with no sign-in', () => {
  it('lists only layers with public web map visibility, without staff-only details', async () => {
    const answer = await anonymous('/public/layers');
    expect(answer.statusCode, answer.body).toBe(200);
    const { layers } = answer.json();
    expect(layers).toHaveLength(1);
    expect(layers[0]).toMatchObject({
      id: ids.published.layer,
      publicWebmapVisibility: true,
      placemakerDescription: null,
      source: {},
    });
    const grouped = (await anonymous('/public/layers/grouped')).json();
    expect(grouped).toEqual({ groups: [{ theme: null, layers }] });
    // Another council's public map does not show them.
    expect((await anonymous('/public/layers', otherName)).json()).toEqual({ layers: [] });
    // A signed-in resident (no staff grants) reads the same.
    expect(titles((await asUser(resident, '/public/layers')).json())).toEqual(['conservation areas']);
    expect((await asUser(resident, '/layers')).statusCode).toBe(403);
  });

  it('serves a public layer’s tiles and features to anyone', async () => {
    const tile = await anonymous(`/public/layers/${ids.published.layer}/tiles/${Z}/${X}/${Y}`);
    expect(tile.statusCode, tile.body).toBe(200);
    const decoded = new VectorTile(new PbfReader(tile.rawPayload));
    expect(decoded.layers.conservation_areas?.feature(0).properties.name).toBe('conservation_areas');

    const feature = await anonymous(
      `/public/layers/${ids.published.layer}/features/${ids.published.feature}`,
    );
    expect(feature.statusCode, feature.body).toBe(200);
    expect(feature.json()).toMatchObject({
      layerId: ids.published.layer,
      properties: { name: 'conservation_areas' },
    });
  });

  it('answers 404 for every other layer’s tiles and features, and for another council’s', async () => {
    for (const hidden of [ids.staffOnly, ids.draft]) {
      const tile = await anonymous(`/public/layers/${hidden.layer}/tiles/${Z}/${X}/${Y}`);
      expect(tile.statusCode).toBe(404);
      expect(tile.json()).toEqual({ message: 'Non-existing id' });
      expect(tile.rawPayload.byteLength).toBeLessThan(100);
      const feature = await anonymous(`/public/layers/${hidden.layer}/features/${hidden.feature}`);
      expect(feature.statusCode).toBe(404);
      expect(feature.json()).toEqual({ message: 'Non-existing id' });
      // Signed in as a resident changes nothing.
      expect(
        (await asUser(resident, `/public/layers/${hidden.layer}/features/${hidden.feature}`)).statusCode,
      ).toBe(404);
      // The staff routes still need a sign-in.
      expect((await anonymous(`/layers/${hidden.layer}/tiles/${Z}/${X}/${Y}`)).statusCode).toBe(401);
      expect((await anonymous(`/layers/${hidden.layer}/features/${hidden.feature}`)).statusCode).toBe(401);
    }
    const elsewhere = await anonymous(
      `/public/layers/${ids.published.layer}/features/${ids.published.feature}`,
      otherName,
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(
      (await anonymous(`/public/layers/${ids.published.layer}/tiles/${Z}/${X}/${Y}`, otherName)).statusCode,
    ).toBe(404);
  });

  it('hides a layer from the public as soon as it is taken off the public web map', async () => {
    const url = `/public/layers/${ids.published.layer}/tiles/${Z}/${X}/${Y}`;
    expect((await anonymous(url)).statusCode).toBe(200);
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/layers/${ids.published.layer}`,
      headers: admin.headers(),
      payload: { publicWebmapVisibility: false },
    });
    expect(change.statusCode, change.body).toBe(200);
    // The tile cache must not hand it out any more.
    expect((await anonymous(url)).statusCode).toBe(404);
    expect((await anonymous('/public/layers')).json()).toEqual({ layers: [] });
    expect((await anonymous('/public/layers/grouped')).json()).toEqual({ groups: [] });
  });

  it('refuses bad input with 400', async () => {
    expect((await anonymous('/public/layers/not-an-id/tiles/1/0/0')).statusCode).toBe(400);
    expect((await anonymous(`/public/layers/${ids.published.layer}/tiles/2/9/0`)).statusCode).toBe(400);
    expect((await anonymous(`/public/layers/${ids.published.layer}/features/abc`)).statusCode).toBe(400);
    expect((await anonymous('/public/layers', 'no-such-council')).statusCode).toBe(404);
  });
});
