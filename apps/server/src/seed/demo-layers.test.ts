import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { withTenant } from '../db/tenant-transaction';
import { getConfig, seedConfig } from '../modules/content/content.service';
import { demoDistrict } from '../modules/sites/sites.generator';
import { seedSites } from '../modules/sites/sites.seed';
import { buildTenantWithUsers } from '../../test/factories';
import { signIn, type SignedIn } from '../../test/sessions';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { districtOutlineWkt, seedDemoLayers, withDemoOverlapFilters } from './demo-layers';
import { defaultSiteSearchConfig } from '../modules/content/content.defaults';
import { seedDemoConfigs } from '../modules/content/content.seed';
import { DEMO_CALL_NAME, seedDemoCall } from '../modules/cfs/cfs.seed';
import { publicCallListSchema, publicCallSchema } from '@planning/shared';

let t: TestApp;
let tenantId: string;
let tenantName: string;
let officer: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  const tenant = await buildTenantWithUsers(t.database.db);
  tenantId = tenant.id;
  tenantName = tenant.name;
  officer = await signIn(t.app, tenant.name, tenant.email('officer'));
  await seedSites(t.database.db, tenantId, demoDistrict, 600);
  await seedDemoLayers(t.database.db, tenantId, demoDistrict);
  await seedConfig(t.database.db, tenantId, 'site-search', withDemoOverlapFilters(defaultSiteSearchConfig));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the demo constraint layers', () => {
  it('gives the council five constraint layers in one theme, each with features inside the district', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/layers/grouped',
      headers: officer.headers(),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { groups } = answer.json() as {
      groups: { theme: { name: string } | null; layers: { layerName: string; featureCount: number }[] }[];
    };
    const constraints = groups.find((group) => group.theme?.name === 'Constraints');
    expect(constraints?.layers.map((layer) => layer.layerName)).toEqual([
      'demo_green_belt',
      'demo_flood_zone_3',
      'demo_flood_zone_2',
      'demo_conservation_areas',
      'demo_tree_preservation_orders',
    ]);
    for (const layer of constraints?.layers ?? [])
      expect(layer.featureCount, layer.layerName).toBeGreaterThan(0);
    // Every feature lies inside the district's outline (the flood zone is cut to it).
    const outside = await withTenant(t.database.db, tenantId, (trx) =>
      sql<{ n: number }>`
        select count(*)::int as n from layer_features f
        where not ST_Covers(ST_Buffer(ST_GeomFromText(${districtOutlineWkt(demoDistrict)}, 27700), 1), f.geom)`.execute(
        trx,
      ),
    );
    expect(outside.rows[0]?.n).toBe(0);
  });

  it('works out every site overlap, and flood zone 3 lies within flood zone 2', async () => {
    const rows = await withTenant(t.database.db, tenantId, (trx) =>
      sql<{ layer_name: string; n: number }>`
        select l.layer_name, count(*)::int as n from site_layer_overlaps o join layers l on l.id = o.layer_id
        group by l.layer_name`.execute(trx),
    );
    const count = Object.fromEntries(rows.rows.map((row) => [row.layer_name, row.n]));
    expect(count.demo_green_belt).toBeGreaterThan(0);
    expect(count.demo_flood_zone_3).toBeGreaterThan(0);
    // Zone 2 is the wider buffer of the same river: every site touching zone 3 touches zone 2.
    expect(count.demo_flood_zone_2).toBeGreaterThanOrEqual(count.demo_flood_zone_3 ?? 0);
    const recomputed = await withTenant(t.database.db, tenantId, (trx) =>
      sql<{ n: number }>`
        select count(*)::int as n from site_layer_overlaps o
        join sites s on s.id = o.site_id
        cross join lateral (
          select ST_Area(ST_Intersection(s.geom, ST_UnaryUnion(ST_Collect(f.geom)))) as area
          from layer_features f where f.layer_id = o.layer_id and ST_Intersects(f.geom, s.geom)
        ) a
        where abs(a.area - o.overlap_area_m2) > 0.01`.execute(trx),
    );
    expect(recomputed.rows[0]?.n).toBe(0);
  });

  it('offers "In flood zone 3" in the Site search config, and the filter finds those sites', async () => {
    const config = await getConfig(t.database.db, tenantId, 'site-search');
    const filter = (
      config.config as { filters: { type: string; label: string; layerName?: string }[] }
    ).filters.find(
      (candidate) => candidate.type === 'overlapsLayer' && candidate.layerName === 'demo_flood_zone_3',
    );
    expect(filter?.label).toBe('In flood zone 3');
    const expected = await withTenant(t.database.db, tenantId, (trx) =>
      sql<{ id: string }>`
        select o.site_id::text as id from site_layer_overlaps o join layers l on l.id = o.layer_id
        where l.layer_name = 'demo_flood_zone_3' and o.overlap_percent >= 50 order by 1`.execute(trx),
    );
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/search/site/flexible',
      headers: officer.headers(),
      payload: {
        filters: [{ type: 'overlapsLayer', layerName: 'demo_flood_zone_3', value: 50 }],
        limit: 500,
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const found = (answer.json() as { sites: { id: string | number }[] }).sites
      .map((site) => String(site.id))
      .sort();
    expect(found.length).toBeGreaterThan(0);
    expect(found).toEqual(expected.rows.map((row) => row.id).sort());
  });

  it('gives a demo site the same constraints in its panel, its export row and its tags (issue 25 point 6)', async () => {
    // Sites the demo tagged 'green-belt' or 'flood-zone-…' at random, and sites the layers meet.
    const picked = await withTenant(t.database.db, tenantId, (trx) =>
      sql<{ id: string }>`
        (select st.site_id::text as id from site_tags st join tags g on g.id = st.tag_id
          where g.tag_name in ('green-belt', 'flood-zone-2', 'flood-zone-3') order by st.site_id limit 6)
        union
        (select o.site_id::text from site_layer_overlaps o order by o.site_id limit 6)`.execute(trx),
    );
    const ids = picked.rows.map((row) => row.id);
    expect(ids.length).toBeGreaterThan(3);
    const exported = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/site/export',
      headers: officer.headers(),
      payload: { site_ids: ids.map(Number), selected_fields: ['constraint_layers'], file_type: 'xlsx' },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Constraint layers');
    const cellOf = new Map<string, string>();
    sheet.eachRow((row, index) => {
      if (index > 1) cellOf.set(String(row.getCell(1).value), String(row.getCell(2).value ?? ''));
    });
    const layerTags = new Set(
      ['Green Belt', 'Flood zone 3', 'Flood zone 2', 'Conservation areas', 'Tree preservation orders'].map(
        (title) => title.toLowerCase().replace(/ /g, '-'),
      ),
    );
    for (const id of ids) {
      const panel = await t.app.inject({
        method: 'GET',
        url: `/api/v1/site/${id}/intersected-layers`,
        headers: officer.headers(),
      });
      const layers = (panel.json() as { layers: { layerTitle: string; layerOverlapPercent: number }[] })
        .layers;
      const record = await t.app.inject({
        method: 'GET',
        url: `/api/v1/site/${id}`,
        headers: officer.headers(),
      });
      const tags = (record.json() as { site_tags: { name: string }[] }).site_tags.map((tag) => tag.name);
      expect(tags.filter((tag) => layerTags.has(tag)).sort(), id).toEqual(
        layers.map((layer) => layer.layerTitle.toLowerCase().replace(/ /g, '-')).sort(),
      );
      expect(cellOf.get(id), id).toBe(
        layers.map((layer) => `${layer.layerTitle} (${layer.layerOverlapPercent} %)`).join('; '),
      );
    }
  });

  it('leaves a council that has layers of its own as it is', async () => {
    const before = await withTenant(t.database.db, tenantId, (trx) =>
      sql<{ n: number }>`select count(*)::int as n from layer_features`.execute(trx),
    );
    await seedDemoLayers(t.database.db, tenantId, demoDistrict);
    const after = await withTenant(t.database.db, tenantId, (trx) =>
      sql<{ n: number }>`select count(*)::int as n from layer_features`.execute(trx),
    );
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});

describe('the demo call for sites (issue 27)', () => {
  it('opens one call on the demo questionnaire with the top two public layers, once', async () => {
    await seedDemoConfigs(t.database.db, tenantId, 'demo');
    await seedDemoCall(t.database.db, tenantId);
    await seedDemoCall(t.database.db, tenantId);
    const visitor = { 'x-tenant': tenantName };
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/public/cfs/calls', headers: visitor });
    expect(list.statusCode, list.body).toBe(200);
    const { open, upcoming } = publicCallListSchema.parse(list.json());
    expect(upcoming).toEqual([]);
    expect(open.map((call) => call.name)).toEqual([DEMO_CALL_NAME]);
    // Open now, and for weeks yet: a demo started next month still has a call to answer.
    expect(Date.parse(open[0]!.endsAt) - Date.now()).toBeGreaterThan(60 * 24 * 3600 * 1000);

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/v1/public/cfs/calls/${open[0]!.id}`,
      headers: visitor,
    });
    expect(one.statusCode, one.body).toBe(200);
    const call = publicCallSchema.parse(one.json());
    expect(call.layers.map((layer) => layer.title)).toEqual(['Green Belt', 'Flood zone 3']);
    expect(call.guidance).toContain('<h2>Before you start</h2>');
    expect(call.questionnaire.topics.length).toBeGreaterThan(0);
  });
});
