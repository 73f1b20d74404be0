import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Transaction } from 'kysely';
import { type LayerOverlap } from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { computeLayerOverlaps } from './overlaps.service';
import { insertTestLayer } from './overlaps.testing';

/**
 * Issue 25 point 6: one site's constraints read the same in the Constraints panel, the export and
 * the site's constraint tags (same layers, same figures).
 */
let t: TestApp;
let tenantId: string;
let officer: SignedIn;
let admin: SignedIn;
let siteId = '';
const layer: Record<'flood' | 'greenBelt' | 'trees' | 'hidden', string> = {
  flood: '',
  greenBelt: '',
  trees: '',
  hidden: '',
};

/** A layer named after its title, holding one geometry. */
const insertLayer = (
  trx: Transaction<Database>,
  title: string,
  geometry: ReturnType<typeof sql>,
  placemakerVisibility = true,
) =>
  insertTestLayer(
    trx,
    tenantId,
    { name: title.toLowerCase().replace(/\s+/g, '_'), title, placemakerVisibility },
    [geometry],
  );

beforeAll(async () => {
  t = await buildTestApp();
  const tenant = await buildTenantWithUsers(t.database.db);
  tenantId = tenant.id;
  officer = await signIn(t.app, tenant.name, tenant.email('officer'));
  admin = await signIn(t.app, tenant.name, tenant.email('admin'));
  await withTenant(t.database.db, tenantId, async (trx) => {
    await sql`insert into scenarios (tenant_id, name, is_default) values (${tenantId}, 'Base', true)
      on conflict do nothing`.execute(trx);
    // A 300 m by 100 m site at (610000, 210000).
    const { rows } = await sql<{ id: string }>`
      insert into sites (tenant_id, id_unique, scenario_name, site_name, size_ha, geom)
      values (${tenantId}, 'CN-1', 'Base', 'Constraint site', 3,
        ST_Multi(ST_MakeEnvelope(610000, 210000, 610300, 210100, 27700)))
      returning id::text as id`.execute(trx);
    siteId = rows[0]!.id;
    // Flood zone 3 covers the western 100 m: a third of the site (33.33 %), 10,000 m².
    layer.flood = await insertLayer(
      trx,
      'Flood zone 3',
      sql`ST_MakeEnvelope(609900, 209900, 610100, 210200, 27700)`,
    );
    // A green belt well away from the site, although the site was tagged 'green-belt' by hand.
    layer.greenBelt = await insertLayer(
      trx,
      'Green Belt',
      sql`ST_MakeEnvelope(620000, 220000, 620500, 220500, 27700)`,
    );
    // One protected tree in the site: it meets the site but covers none of it.
    layer.trees = await insertLayer(
      trx,
      'Tree preservation orders',
      sql`ST_SetSRID(ST_MakePoint(610250, 210050), 27700)`,
    );
    // A layer staff do not see on the map covers all of it: it is nobody's constraint on the site page.
    layer.hidden = await insertLayer(
      trx,
      'Draft allocations',
      sql`ST_MakeEnvelope(609000, 209000, 611000, 211000, 27700)`,
      false,
    );
  });
  for (const name of ['green-belt', 'brownfield']) {
    const tagged = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tag/${siteId}`,
      headers: officer.headers(),
      payload: { created_tag_name: name },
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
  }
  // As an upload does: every site's overlap with each layer, layer by layer.
  for (const id of Object.values(layer))
    await withTenant(t.database.db, tenantId, (trx) => computeLayerOverlaps(trx, tenantId, id));
});
afterAll(() => t.close());

async function panel(): Promise<LayerOverlap[]> {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/v1/site/${siteId}/intersected-layers`,
    headers: officer.headers(),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { layers: LayerOverlap[] }).layers;
}

const cells = (line: string) =>
  [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)]
    .slice(0, -1)
    .map(([, cell]) => (cell!.startsWith('"') ? cell!.slice(1, -1).replace(/""/g, '"') : cell!));

async function exportedConstraints(): Promise<string> {
  const answer = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/site/export',
    headers: officer.headers(),
    payload: { site_ids: [Number(siteId)], selected_fields: ['constraint_layers'], file_type: 'csv' },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  // One line each (no cell here holds a line break); quoted cells may hold commas.
  const [header, row] = answer.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map(cells);
  expect(header?.slice(0, 2)).toEqual(['Site ID', 'Constraint layers']);
  return row![1]!;
}

async function tags(): Promise<string[]> {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/v1/site/${siteId}`,
    headers: officer.headers(),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { site_tags: Array<{ name: string }> }).site_tags.map((tag) => tag.name).sort();
}

describe('a site’s constraints, one computation (issue 25 point 6)', () => {
  it('names the same layers with the same figures in the panel, the export and the tags', async () => {
    const shown = await panel();
    expect(shown).toEqual([
      {
        layerId: layer.flood,
        layerName: 'flood_zone_3',
        layerTitle: 'Flood zone 3',
        layerOverlapPercent: 33.33,
        overlapAreaM2: 10000,
      },
      {
        layerId: layer.trees,
        layerName: 'tree_preservation_orders',
        layerTitle: 'Tree preservation orders',
        layerOverlapPercent: 0,
        overlapAreaM2: 0,
      },
    ]);
    expect(await exportedConstraints()).toBe('Flood zone 3 (33.33 %); Tree preservation orders (0 %)');
    // The layers' tags follow the same list: the hand-made 'green-belt' goes, other tags stay.
    expect(await tags()).toEqual(['brownfield', 'flood-zone-3', 'tree-preservation-orders']);
  });

  it('moves with a boundary edit: panel, export and tags all lose the flood zone together', async () => {
    const current = await t.app.inject({
      method: 'GET',
      url: `/api/v1/site/${siteId}`,
      headers: officer.headers(),
    });
    const version = (current.json() as { version: number }).version;
    // The site keeps its eastern 150 m, clear of flood zone 3 and still round the tree.
    const moved = await withTenant(t.database.db, tenantId, async (trx) => {
      const { rows } = await sql<{ geojson: string }>`
        select ST_AsGeoJSON(ST_Transform(ST_MakeEnvelope(610150, 210000, 610300, 210100, 27700), 4326), 9)
          as geojson`.execute(trx);
      return JSON.parse(rows[0]?.geojson ?? 'null') as { type: string; coordinates: unknown[] };
    });
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/site/${siteId}/geometry`,
      headers: officer.headers(),
      payload: { wkbGeometry: moved, version },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await panel()).map((c) => c.layerTitle)).toEqual(['Tree preservation orders']);
    expect(await exportedConstraints()).toBe('Tree preservation orders (0 %)');
    expect(await tags()).toEqual(['brownfield', 'tree-preservation-orders']);
  });

  it('follows the layer: hidden from staff, shown again under a new title, then deleted', async () => {
    const change = (method: 'PUT' | 'DELETE', payload?: Record<string, unknown>) =>
      t.app.inject({
        method,
        url: `/api/v1/layers/${layer.trees}`,
        headers: admin.headers(),
        ...(payload ? { payload } : {}),
      });
    const hidden = await change('PUT', { placemakerVisibility: false });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await panel()).toEqual([]);
    expect(await exportedConstraints()).toBe('');
    expect(await tags()).toEqual(['brownfield']);

    const shown = await change('PUT', { placemakerVisibility: true, title: 'Protected trees' });
    expect(shown.statusCode, shown.body).toBe(200);
    expect((await panel()).map((c) => c.layerTitle)).toEqual(['Protected trees']);
    expect(await exportedConstraints()).toBe('Protected trees (0 %)');
    expect(await tags()).toEqual(['brownfield', 'protected-trees']);

    const deleted = await change('DELETE');
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await panel()).toEqual([]);
    expect(await tags()).toEqual(['brownfield']);
  });
});
