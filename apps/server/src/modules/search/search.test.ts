import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FlexibleSearchRequest, SearchFilter } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { DEMO_SCENARIO, demoDistrict, generateSites, type GeneratedSite } from '../sites/sites.generator';
import { seedSites } from '../sites/sites.seed';
import { loadDictionary, matchingSites, readsOnlySearchRows } from './search.service';

const COUNT = 300;
// The oracle: the very sites the generator made, filtered in plain JavaScript.
const generated = generateSites(demoDistrict, COUNT);
const expectCount = (keep: (site: GeneratedSite) => boolean) => generated.filter(keep).length;
// Thresholds taken from the data, so each filter splits it rather than matching all or nothing.
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * q)]!;
const sizeLow = quantile(
  generated.map((site) => site.sizeHa),
  0.25,
);
const sizeHigh = quantile(
  generated.map((site) => site.sizeHa),
  0.75,
);
const capacity = quantile(
  generated.map((site) => site.optimisedUnitCapacity),
  0.5,
);

let t: TestApp;
let viewer: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  const tenant = await buildTenantWithUsers(t.database.db);
  await seedSites(t.database.db, tenant.id, demoDistrict, COUNT);
  viewer = await signIn(t.app, tenant.name, tenant.email('viewer'));
});
afterAll(() => t.close());

const search = (body: FlexibleSearchRequest | Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/search/site/flexible',
    headers: viewer.headers(),
    payload: body,
  });
const total = async (filters: unknown[]) => {
  const response = await search({ filters, limit: 1 });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().total as number;
};

describe('POST /search/site/flexible: every filter type against known answers', () => {
  it('returns every site without filters', async () => {
    expect(await total([])).toBe(COUNT);
  });

  it.each<[string, unknown, (site: GeneratedSite) => boolean]>([
    [
      'range',
      { type: 'range', dbPropertyName: 'size_ha', value: { min: sizeLow, max: sizeHigh } },
      (s) => s.sizeHa >= sizeLow && s.sizeHa <= sizeHigh,
    ],
    [
      'range, open top',
      { type: 'range', dbPropertyName: 'size_ha', value: { min: sizeHigh } },
      (s) => s.sizeHa >= sizeHigh,
    ],
    [
      'number GE',
      { type: 'number', dbPropertyName: 'optimised_unit_capacity', equality: 'GE', value: capacity },
      (s) => s.optimisedUnitCapacity >= capacity,
    ],
    [
      'number GT',
      { type: 'number', dbPropertyName: 'optimised_unit_capacity', equality: 'GT', value: capacity },
      (s) => s.optimisedUnitCapacity > capacity,
    ],
    [
      'number LE',
      { type: 'number', dbPropertyName: 'optimised_unit_capacity', equality: 'LE', value: capacity },
      (s) => s.optimisedUnitCapacity <= capacity,
    ],
    [
      'number LT',
      { type: 'number', dbPropertyName: 'optimised_unit_capacity', equality: 'LT', value: capacity },
      (s) => s.optimisedUnitCapacity < capacity,
    ],
    [
      'number EQ',
      { type: 'number', dbPropertyName: 'optimised_unit_capacity', equality: 'EQ', value: capacity },
      (s) => s.optimisedUnitCapacity === capacity,
    ],
    [
      'number NE',
      { type: 'number', dbPropertyName: 'optimised_unit_capacity', equality: 'NE', value: capacity },
      (s) => s.optimisedUnitCapacity !== capacity,
    ],
    [
      'select EQ',
      { type: 'select', dbPropertyName: 'suitability_assessment_result', equality: 'EQ', value: 'Suitable' },
      (s) => s.suitabilityAssessmentResult === 'Suitable',
    ],
    [
      'select NE',
      { type: 'select', dbPropertyName: 'suitability_assessment_result', equality: 'NE', value: 'Suitable' },
      (s) => s.suitabilityAssessmentResult !== 'Suitable',
    ],
    [
      'text, any case',
      { type: 'text', dbPropertyName: 'site_name', value: 'CHURCH' },
      (s) => s.siteName.toLowerCase().includes('church'),
    ],
    [
      'checkbox',
      { type: 'checkbox', dbPropertyName: 'public_map_visibility', value: true },
      (s) => s.publicMapVisibility,
    ],
    [
      'checkboxes list',
      { type: 'checkboxesList', dbPropertyName: 'accessibility_band', value: ['A', 'B'] },
      (s) => ['A', 'B'].includes(s.accessibilityBand),
    ],
    [
      'text NE (does not contain)',
      { type: 'text', dbPropertyName: 'site_name', equality: 'NE', value: 'church' },
      (s) => !s.siteName.toLowerCase().includes('church'),
    ],
    [
      'checkbox NE',
      { type: 'checkbox', dbPropertyName: 'public_map_visibility', equality: 'NE', value: true },
      (s) => !s.publicMapVisibility,
    ],
    [
      'checkboxes list NE (none of)',
      { type: 'checkboxesList', dbPropertyName: 'accessibility_band', equality: 'NE', value: ['A', 'B'] },
      (s) => !['A', 'B'].includes(s.accessibilityBand),
    ],
    [
      'checkboxes list of numbers, some sent as text',
      {
        type: 'checkboxesList',
        dbPropertyName: 'optimised_unit_capacity',
        value: [capacity, String(capacity + 1)],
      },
      (s) => s.optimisedUnitCapacity === capacity || s.optimisedUnitCapacity === capacity + 1,
    ],
    [
      'select on a number field, the value sent as text',
      { type: 'select', dbPropertyName: 'optimised_unit_capacity', equality: 'EQ', value: String(capacity) },
      (s) => s.optimisedUnitCapacity === capacity,
    ],
    [
      'number GE with a fraction on a whole-number field',
      { type: 'number', dbPropertyName: 'optimised_unit_capacity', equality: 'GE', value: capacity + 0.5 },
      (s) => s.optimisedUnitCapacity >= capacity + 0.5,
    ],
    [
      'number LT a value beyond any whole-number column',
      { type: 'number', dbPropertyName: 'optimised_unit_capacity', equality: 'LT', value: 1e20 },
      () => true,
    ],
    [
      'range with EQ sent by habit',
      { type: 'range', dbPropertyName: 'size_ha', equality: 'EQ', value: { max: sizeLow } },
      (s) => s.sizeHa <= sizeLow,
    ],
    [
      'date range (an attribute)',
      {
        type: 'dateRange',
        dbPropertyName: 'assessment_date',
        value: { from: '2022-01-01', to: '2023-06-30' },
      },
      (s) => s.assessmentDate >= '2022-01-01' && s.assessmentDate <= '2023-06-30',
    ],
    [
      'date range, open end',
      { type: 'dateRange', dbPropertyName: 'assessment_date', value: { from: '2024-03-01' } },
      (s) => s.assessmentDate >= '2024-03-01',
    ],
    [
      'in array (a list attribute)',
      { type: 'inArray', dbPropertyName: 'constraints', value: ['Green belt', 'Flood zone 3'] },
      (s) => s.constraints.some((c) => ['Green belt', 'Flood zone 3'].includes(c)),
    ],
    [
      'in array NE (none of the tags)',
      { type: 'inArray', dbPropertyName: 'tags', equality: 'NE', value: ['brownfield'] },
      (s) => !s.tags.includes('brownfield'),
    ],
    [
      'in array (tags)',
      { type: 'inArray', dbPropertyName: 'tags', value: ['brownfield', 'green-belt'] },
      (s) => s.tags.some((tag) => ['brownfield', 'green-belt'].includes(tag)),
    ],
    [
      'group _or',
      {
        type: 'group',
        operator: '_or',
        filters: [
          { type: 'select', dbPropertyName: 'accessibility_band', equality: 'EQ', value: 'A' },
          { type: 'number', dbPropertyName: 'optimised_unit_capacity', equality: 'GE', value: capacity },
        ],
      },
      (s) => s.accessibilityBand === 'A' || s.optimisedUnitCapacity >= capacity,
    ],
    [
      'group _and inside _or',
      {
        type: 'group',
        operator: '_or',
        filters: [
          {
            type: 'group',
            operator: '_and',
            filters: [
              { type: 'select', dbPropertyName: 'accessibility_band', equality: 'EQ', value: 'B' },
              { type: 'checkbox', dbPropertyName: 'public_map_visibility', value: false },
            ],
          },
          { type: 'text', dbPropertyName: 'site_name', value: 'mill' },
        ],
      },
      (s) =>
        (s.accessibilityBand === 'B' && !s.publicMapVisibility) || s.siteName.toLowerCase().includes('mill'),
    ],
  ])('%s', async (_label, filter, keep) => {
    const expected = expectCount(keep);
    expect(expected).toBeGreaterThan(0);
    expect(await total([filter])).toBe(expected);
  });

  it('treats % and _ in text as letters', async () => {
    expect(await total([{ type: 'text', dbPropertyName: 'site_name', value: '%' }])).toBe(0);
    expect(
      await total([{ type: 'text', dbPropertyName: 'site_name', value: "O'Brien'); drop table sites;--" }]),
    ).toBe(0);
    expect(await total([])).toBe(COUNT);
  });

  it('finds the sites in an area, and refuses an area that is not a polygon', async () => {
    const area = (w: number, s: number, e: number, n: number) => ({
      type: 'inArea',
      value: {
        type: 'Polygon',
        coordinates: [
          [
            [w, s],
            [e, s],
            [e, n],
            [w, n],
            [w, s],
          ],
        ],
      },
    });
    const everywhere = await total([area(-1, 50, 2, 52)]);
    const part = await total([area(0.2, 51.2, 0.36, 51.3)]);
    expect(everywhere).toBe(COUNT);
    expect(part).toBeGreaterThan(0);
    expect(part).toBeLessThan(COUNT);
    const bowtie = await search({
      filters: [
        {
          type: 'inArea',
          value: {
            type: 'Polygon',
            coordinates: [
              [
                [0.2, 51.2],
                [0.4, 51.3],
                [0.4, 51.2],
                [0.2, 51.3],
                [0.2, 51.2],
              ],
            ],
          },
        },
      ],
    });
    expect(bowtie.statusCode).toBe(400);
    expect(bowtie.json()).toEqual({ message: 'The search area must be a valid polygon' });
  });
});

describe('POST /search/site/flexible: pages, fields and sort', () => {
  it('pages without overlap and sorts by an allowed field', async () => {
    const first = (
      await search({
        attributes: ['size_ha', 'site_name'],
        sort: { field: 'size_ha', direction: 'desc' },
        limit: 10,
      })
    ).json();
    const second = (
      await search({
        attributes: ['size_ha'],
        sort: { field: 'size_ha', direction: 'desc' },
        limit: 10,
        offset: 10,
      })
    ).json();
    expect(first.total).toBe(COUNT);
    expect(first.sites).toHaveLength(10);
    const ids = new Set(first.sites.map((site: { id: string }) => site.id));
    for (const site of second.sites) expect(ids.has(site.id)).toBe(false);
    const sizes = [...first.sites, ...second.sites].map((site: { size_ha: number }) => site.size_ha);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(sizes[0]).toBe(Math.max(...generated.map((site) => site.sizeHa)));
    expect(first.sites[0]).toHaveProperty('site_tags');
    expect(typeof first.sites[0].size_ha).toBe('number');
  });

  it('narrows to named sites, so the screen can tell whether a new site matches the search', async () => {
    const page = (await search({ attributes: ['suitability_assessment_result'], limit: 50 })).json();
    const suitable = page.sites.find(
      (site: { suitability_assessment_result: string }) => site.suitability_assessment_result === 'Suitable',
    );
    const other = page.sites.find(
      (site: { suitability_assessment_result: string }) => site.suitability_assessment_result !== 'Suitable',
    );
    const siteIds = [suitable.id, other.id];
    const both = (await search({ siteIds, attributes: ['site_name'] })).json();
    expect(both.total).toBe(2);
    expect(both.sites.map((site: { id: string }) => site.id).sort()).toEqual([...siteIds].sort());
    const filters = [
      { type: 'select', dbPropertyName: 'suitability_assessment_result', equality: 'EQ', value: 'Suitable' },
    ];
    const matching = (await search({ siteIds, filters })).json();
    expect(matching.total).toBe(1);
    expect(matching.sites.map((site: { id: string }) => site.id)).toEqual([suitable.id]);
    expect((await search({ siteIds: ['x'] })).statusCode).toBe(400);
  });

  it('pages after a site id (keyset) exactly as by offset, and refuses it with a sort', async () => {
    const filters = [
      { type: 'select', dbPropertyName: 'suitability_assessment_result', equality: 'EQ', value: 'Suitable' },
    ];
    const byOffset = (await search({ filters, limit: 30, offset: 30 })).json();
    const first = (await search({ filters, limit: 30 })).json();
    const byKey = (await search({ filters, limit: 30, after: first.sites.at(-1).id })).json();
    expect(byKey.sites.map((site: { id: string }) => site.id)).toEqual(
      byOffset.sites.map((site: { id: string }) => site.id),
    );
    expect(byKey.total).toBe(first.total);
    const sorted = await search({ after: '1', sort: { field: 'size_ha', direction: 'asc' } });
    expect(sorted.statusCode).toBe(400);
    expect(sorted.json().issues[0].message).toBe('Paging after a site id needs the default order (no sort)');
    expect((await search({ after: '1 or 1=1' })).statusCode).toBe(400);
  });

  it.each([
    [
      'an unknown field',
      { filters: [{ type: 'text', dbPropertyName: 'owner_phone', value: 'x' }] },
      'Field "owner_phone" cannot be searched',
    ],
    [
      'a filter of the wrong kind',
      { filters: [{ type: 'text', dbPropertyName: 'size_ha', value: '1' }] },
      'A text filter cannot be used on "size_ha"',
    ],
    [
      'a date filter on a number',
      { filters: [{ type: 'dateRange', dbPropertyName: 'size_ha', value: { from: '2025-01-01' } }] },
      'A dateRange filter cannot be used on "size_ha"',
    ],
    ['an unknown attribute', { attributes: ['password_hash'] }, 'Field "password_hash" cannot be searched'],
    [
      'a word where a number field needs a number',
      { filters: [{ type: 'select', dbPropertyName: 'optimised_unit_capacity', value: 'lots' }] },
      '"optimised_unit_capacity" is a number field: its values must be numbers',
    ],
    [
      'a list with a word for a number field',
      { filters: [{ type: 'checkboxesList', dbPropertyName: 'size_ha', value: [1, ' '] }] },
      '"size_ha" is a number field: its values must be numbers',
    ],
    [
      'sorting by an unknown field',
      { sort: { field: 'geom', direction: 'asc' } },
      'Field "geom" cannot be searched',
    ],
  ])('refuses %s with 400 and a message', async (_label, body, message) => {
    const response = await search(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it.each([
    ['SQL in a sort field', { sort: { field: 'size_ha desc; drop table sites', direction: 'asc' } }],
    ['SQL in a field name', { filters: [{ type: 'text', dbPropertyName: 'site_name)--', value: 'x' }] }],
    ['a sort direction that is not one', { sort: { field: 'size_ha', direction: 'sideways' } }],
    ['a page too large', { limit: 100_000 }],
    [
      'a comparison on a range',
      { filters: [{ type: 'range', dbPropertyName: 'size_ha', equality: 'GT', value: { min: 1 } }] },
    ],
    [
      'a comparison no filter has',
      { filters: [{ type: 'text', dbPropertyName: 'site_name', equality: 'LIKE', value: 'x' }] },
    ],
  ])('rejects %s as invalid payload', async (_label, body) => {
    const response = await search(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Payload data is invalid');
  });
});

describe('search totals: the narrow copy and the totals cache follow every change', () => {
  const SMALL = 40;
  let tenantId: string;
  let officer: SignedIn;
  beforeAll(async () => {
    const tenant = await buildTenantWithUsers(t.database.db);
    tenantId = tenant.id;
    await seedSites(t.database.db, tenant.id, demoDistrict, SMALL);
    officer = await signIn(t.app, tenant.name, tenant.email('viewer'));
  });
  const totalOf = async (filters: unknown[], scenario?: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/search/site/flexible',
      headers: officer.headers(),
      payload: { filters, scenario, limit: 1 },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().total as number;
  };
  /** The same count straight from `sites`, bypassing the narrow copy and the cache. */
  const countOnSites = (filters: SearchFilter[], scenario?: string) =>
    withTenant(t.database.db, tenantId, async (trx) => {
      const dictionary = await loadDictionary(trx);
      const row = await (
        await matchingSites(trx, tenantId, dictionary, filters, scenario)
      )
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      return row.n;
    });
  const allocated: SearchFilter = {
    type: 'select',
    dbPropertyName: 'status',
    equality: 'EQ',
    value: 'Allocated',
  };

  it('counts narrow-column filters on the copy, with the same answers as on sites', async () => {
    const filterSets: SearchFilter[][] = [
      [allocated],
      [{ type: 'range', dbPropertyName: 'size_ha', value: { min: sizeLow } }],
      [
        {
          type: 'group',
          operator: '_or',
          filters: [allocated, { type: 'checkbox', dbPropertyName: 'public_map_visibility', value: false }],
        },
      ],
    ];
    const dictionary = await withTenant(t.database.db, tenantId, loadDictionary);
    for (const filters of filterSets) {
      expect(readsOnlySearchRows(filters, dictionary)).toBe(true);
      expect(await totalOf(filters)).toBe(await countOnSites(filters));
    }
    expect(readsOnlySearchRows([{ type: 'text', dbPropertyName: 'site_name', value: 'x' }], dictionary)).toBe(
      false,
    );
  });

  it('sees an edit, a soft delete and a new site on the very next search', async () => {
    const before = await totalOf([allocated]);
    const everything = await totalOf([]);
    const site = await withTenant(t.database.db, tenantId, (trx) =>
      trx
        .selectFrom('sites')
        .select('id')
        .where('status', '<>', 'Allocated')
        .where('scenario_name', '=', 'Base')
        .orderBy('id')
        .executeTakeFirstOrThrow(),
    );
    await withTenant(t.database.db, tenantId, (trx) =>
      trx.updateTable('sites').set({ status: 'Allocated' }).where('id', '=', site.id).execute(),
    );
    expect(await totalOf([allocated])).toBe(before + 1);

    await withTenant(t.database.db, tenantId, (trx) =>
      trx.updateTable('sites').set({ is_deleted: true }).where('id', '=', site.id).execute(),
    );
    expect(await totalOf([allocated])).toBe(before);
    expect(await totalOf([])).toBe(everything - 1);

    await withTenant(t.database.db, tenantId, (trx) =>
      trx
        .insertInto('sites')
        .values({
          tenant_id: tenantId,
          id_unique: 'NEW-1',
          status: 'Allocated',
          geom: sql`ST_Multi(ST_Buffer(ST_MakePoint(564565, 155359), 20)::geometry(Polygon, 27700))`,
        })
        .execute(),
    );
    expect(await totalOf([allocated])).toBe(before + 1);
    expect(await totalOf([allocated])).toBe(await countOnSites([allocated]));
  });

  it('counts each scenario on its own', async () => {
    const copies = generateSites(demoDistrict, SMALL).filter((s) => s.scenarios.length > 0).length;
    expect(copies).toBeGreaterThan(0);
    expect(await totalOf([], DEMO_SCENARIO)).toBe(copies);
  });
});
