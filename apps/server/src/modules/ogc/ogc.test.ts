import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { VectorTile } from '@mapbox/vector-tile';
import { sql } from 'kysely';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { demoDistrict } from '../sites/sites.generator';
import { seedSites } from '../sites/sites.seed';
import { CONFORMANCE, CRS84, EPSG_27700 } from './ogc.links';

const run = promisify(execFile);
const SITES = 25;

let t: TestApp;
let tenant: Awaited<ReturnType<typeof buildTenantWithUsers>>;
let officer: SignedIn;
let resident: SignedIn;
let key: string;
let wards: Map<string, number>;

// Three flood-zone squares near Tonbridge (British National Grid), 500 m each.
const squares = [
  { x: 560000, y: 150000, zone: 'Flood Zone 3', depth: 2 },
  { x: 560600, y: 150000, zone: 'Flood Zone 2', depth: 1 },
  { x: 562000, y: 151000, zone: 'Flood Zone 3', depth: 3 },
];

beforeAll(async () => {
  t = await buildTestApp();
  tenant = await buildTenantWithUsers(t.database.db);
  await seedSites(t.database.db, tenant.id, demoDistrict, SITES);
  officer = await signIn(t.app, tenant.name, tenant.email('officer'));
  resident = await signIn(t.app, tenant.name, tenant.email('resident'));
  key = (
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: officer.headers(),
        payload: { name: 'ogc test' },
      })
    ).json() as CreatedApiKey
  ).key;
  wards = new Map();
  await withTenant(t.database.db, tenant.id, async (trx) => {
    // The sites collection is the live sites of the Base scenario (a site's copy in another
    // scenario shares its ward); read in a fixed order, so the ward the test picks is the same on
    // every run.
    const rows = await trx
      .selectFrom('sites')
      .select('ward')
      .where('is_deleted', '=', false)
      .where('scenario_name', '=', 'Base')
      .orderBy('id')
      .execute();
    for (const { ward } of rows) if (ward) wards.set(ward, (wards.get(ward) ?? 0) + 1);
    const layer = await trx
      .insertInto('layers')
      .values({
        tenant_id: tenant.id,
        layer_name: 'flood_zones',
        title: 'Flood zones',
        fields: JSON.stringify([
          { name: 'zone', type: 'string', label: 'Zone' },
          { name: 'depth', type: 'number' },
        ]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const square of squares) {
      await sql`insert into layer_features (tenant_id, layer_id, properties, geom)
        values (${tenant.id}, ${layer.id}, ${JSON.stringify({ zone: square.zone, depth: square.depth, secret: 'x' })}::jsonb,
          ST_GeomFromText(${`POLYGON((${square.x} ${square.y}, ${square.x + 500} ${square.y}, ${square.x + 500} ${square.y + 500}, ${square.x} ${square.y + 500}, ${square.x} ${square.y}))`}, 27700))`.execute(
        trx,
      );
    }
    await sql`update layers set extent = (select ST_Envelope(ST_Extent(geom)::geometry) from layer_features where layer_id = ${layer.id}),
      feature_count = 3 where id = ${layer.id}`.execute(trx);
    // A layer hidden from staff maps is no collection.
    await trx
      .insertInto('layers')
      .values({
        tenant_id: tenant.id,
        layer_name: 'hidden_layer',
        title: 'Hidden',
        placemaker_visibility: false,
      })
      .execute();
  });
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
type Collection = {
  type: string;
  features: Array<{ id: number; geometry: { coordinates: unknown }; properties: Json }>;
  links: Array<{ rel: string; href: string }>;
  numberMatched: number;
  numberReturned: number;
};

const ogc = async (path: string, query = '') => {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/v1/ogc${path}${query ? `?${query}` : ''}`,
    headers: { 'x-api-key': key },
  });
  return answer;
};
const items = async (collection: string, query = '') => {
  const answer = await ogc(`/collections/${collection}/items`, query);
  expect(answer.statusCode, answer.body).toBe(200);
  return { answer, body: answer.json() as Collection };
};

/** Every coordinate of a GeoJSON geometry's nested arrays. */
function positions(coordinates: unknown): number[][] {
  if (Array.isArray(coordinates) && typeof coordinates[0] === 'number') return [coordinates as number[]];
  return Array.isArray(coordinates) ? coordinates.flatMap(positions) : [];
}

describe('OGC API Features (issue 13 point 6)', () => {
  it('has a landing page, conformance classes and the collections', async () => {
    const landing = (await ogc('')).json() as { links: Array<{ rel: string; href: string }> };
    const rels = landing.links.map((link) => link.rel);
    expect(rels).toEqual(expect.arrayContaining(['self', 'service-desc', 'conformance', 'data']));
    for (const link of landing.links) expect(link.href).toMatch(/^http:\/\/localhost(:\d+)?\/api\/v1\//);

    const { conformsTo } = (await ogc('/conformance')).json() as { conformsTo: string[] };
    expect(conformsTo).toEqual(
      expect.arrayContaining([
        'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
        'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
        'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
        'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs',
        'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/core',
      ]),
    );
    expect(conformsTo).toEqual([...CONFORMANCE]);

    const { collections } = (await ogc('/collections')).json() as {
      collections: Array<Json & { id: string }>;
    };
    expect(collections.map((collection) => collection.id)).toEqual(['sites', 'flood_zones']);
    const flood = collections[1];
    expect(flood).toMatchObject({ title: 'Flood zones', crs: [CRS84, EPSG_27700], storageCrs: EPSG_27700 });
    const [[west, south, east, north]] = (flood?.extent as { spatial: { bbox: number[][] } }).spatial
      .bbox as [number[]];
    expect(west).toBeGreaterThan(0.2);
    expect(east).toBeLessThan(0.35);
    expect(south).toBeGreaterThan(51.1);
    expect(north).toBeLessThan(51.3);
    expect((await ogc('/collections/sites')).json()).toMatchObject({ id: 'sites', itemType: 'feature' });
    expect((await ogc('/collections/hidden_layer')).statusCode).toBe(404);
    expect((await ogc('/collections/Not-A-Name')).statusCode).toBe(400);
  });

  it('pages the items by a cursor on the id: each feature once, the total on the first page only', async () => {
    const first = await items('sites', 'limit=10');
    expect(first.answer.headers['content-type']).toMatch(/^application\/geo\+json/);
    expect(first.answer.headers['content-crs']).toBe(`<${CRS84}>`);
    expect(first.body).toMatchObject({ type: 'FeatureCollection', numberMatched: SITES, numberReturned: 10 });
    const next = first.body.links.find((link) => link.rel === 'next');
    expect(next?.href).toMatch(/^http:\/\/localhost(:\d+)?\/api\/v1\/ogc\/collections\/sites\/items\?/);
    const url = new URL(next?.href ?? '');
    expect(url.searchParams.get('after')).toBe(String(first.body.features.at(-1)?.id));
    expect(url.searchParams.get('limit')).toBe('10');
    // The key came as a header: it is not put into the links.
    expect(url.searchParams.has('api_key')).toBe(false);

    // Following the next links walks every site exactly once, in id order.
    const ids: number[] = [];
    let href: string | undefined = `http://localhost/api/v1/ogc/collections/sites/items?limit=7`;
    let pages = 0;
    while (href) {
      const page = new URL(href);
      const { body } = await items('sites', page.searchParams.toString());
      if (pages > 0) expect(body.numberMatched).toBeUndefined();
      ids.push(...body.features.map((feature) => feature.id));
      href = body.links.find((link) => link.rel === 'next')?.href;
      pages++;
    }
    expect(pages).toBe(Math.ceil(SITES / 7));
    expect(ids).toHaveLength(SITES);
    expect(new Set(ids).size).toBe(SITES);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    // A page that ends exactly at the last feature has no next link.
    const exact = await items('sites', `limit=${SITES}`);
    expect(exact.body.links.find((link) => link.rel === 'next')).toBeUndefined();
    // offset still works for a client that sends it.
    expect((await items('sites', 'limit=5&offset=20')).body.features.map((f) => f.id)).toEqual(ids.slice(20));

    // Default 100; more than the maximum is served as the maximum.
    expect((await items('sites')).body.numberReturned).toBe(SITES);
    expect((await items('sites', 'limit=50000')).body.numberReturned).toBe(SITES);
    for (const bad of [
      'limit=0',
      'limit=abc',
      'limit=1.5',
      'offset=-1',
      'after=abc',
      'after=-1',
      'bbox=1,2,3',
      'bbox=3,0,1,1',
      'crs=EPSG:4326',
      'nosuchfield=1',
      'size_ha=big',
      'public_map_visibility=maybe',
    ])
      expect((await ogc('/collections/sites/items', bad)).statusCode, bad).toBe(400);
  });

  it('keeps the api_key of the address in every link, so QGIS can page', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/v1/ogc/collections/sites/items?limit=5&api_key=${key}`,
    });
    expect(answer.statusCode).toBe(200);
    const { links } = answer.json() as Collection;
    for (const link of links) expect(new URL(link.href).searchParams.get('api_key'), link.rel).toBe(key);
    const collections = (
      await t.app.inject({ method: 'GET', url: `/api/v1/ogc/collections?api_key=${key}` })
    ).json() as {
      collections: Array<{ links: Array<{ href: string }> }>;
    };
    for (const link of collections.collections.flatMap((c) => c.links))
      expect(link.href).toContain(`api_key=${key}`);
  });

  it('gives coordinates in CRS84 by default and in British National Grid on request', async () => {
    const wgs = (await items('sites', 'limit=5')).body;
    for (const [lon = 0, lat = 0] of wgs.features.flatMap((f) => positions(f.geometry.coordinates))) {
      expect(lon).toBeGreaterThan(0.1);
      expect(lon).toBeLessThan(0.6);
      expect(lat).toBeGreaterThan(51.1);
      expect(lat).toBeLessThan(51.4);
    }
    const grid = await items('sites', `limit=5&crs=${encodeURIComponent(EPSG_27700)}`);
    expect(grid.answer.headers['content-crs']).toBe(`<${EPSG_27700}>`);
    const coordinates = grid.body.features.flatMap((f) => positions(f.geometry.coordinates));
    expect(coordinates.length).toBeGreaterThan(0);
    // The demo district: eastings 552,000–580,000, northings 140,000–165,000.
    for (const [easting = 0, northing = 0] of coordinates) {
      expect(easting).toBeGreaterThan(550_000);
      expect(easting).toBeLessThan(582_000);
      expect(northing).toBeGreaterThan(138_000);
      expect(northing).toBeLessThan(168_000);
    }
    const one = grid.body.features[0];
    const single = await ogc(`/collections/sites/items/${one?.id}`, `crs=${encodeURIComponent(EPSG_27700)}`);
    expect(single.statusCode).toBe(200);
    expect(single.headers['content-crs']).toBe(`<${EPSG_27700}>`);
    expect(single.json()).toMatchObject({ type: 'Feature', id: one?.id, geometry: one?.geometry });
    expect((await ogc('/collections/sites/items/999999999')).statusCode).toBe(404);
  });

  it('filters by bbox in either CRS, and by property', async () => {
    const layer = (await items('flood_zones')).body;
    expect(layer.numberMatched).toBe(3);
    expect(layer.features[0]?.properties).toEqual({ zone: 'Flood Zone 3', depth: 2 });
    // The first two squares only, in the grid...
    const gridBox = encodeURIComponent('559900,149900,561200,150600');
    const inGrid = (await items('flood_zones', `bbox=${gridBox}&bbox-crs=${encodeURIComponent(EPSG_27700)}`))
      .body;
    expect(inGrid.features.map((f) => f.properties.zone)).toEqual(['Flood Zone 3', 'Flood Zone 2']);
    // ... and in WGS84, around the third square (562,000–562,500 E, 151,000–151,500 N).
    const [west, south] = await lonLat(562_100, 151_100);
    const [east, north] = await lonLat(562_400, 151_400);
    const inWgs = (await items('flood_zones', `bbox=${west},${south},${east},${north}`)).body;
    expect(inWgs.features.map((f) => f.properties.depth)).toEqual([3]);
    // Far from Britain: nothing, and no error.
    expect((await items('flood_zones', 'bbox=100,0,101,1')).body.numberMatched).toBe(0);

    expect(
      (await items('flood_zones', `zone=${encodeURIComponent('Flood Zone 3')}`)).body.numberMatched,
    ).toBe(2);
    expect((await items('flood_zones', 'depth=1')).body.features.map((f) => f.properties.zone)).toEqual([
      'Flood Zone 2',
    ]);
    expect((await ogc('/collections/flood_zones/items', 'depth=deep')).statusCode).toBe(400);
    // Only the layer's listed fields are properties: others are neither shown nor filterable.
    expect((await ogc('/collections/flood_zones/items', 'secret=x')).statusCode).toBe(400);

    const [ward, count] = [...wards.entries()][0] ?? ['', 0];
    const byWard = (await items('sites', `ward=${encodeURIComponent(ward)}`)).body;
    expect(byWard.numberMatched).toBe(count);
    expect(byWard.features.every((f) => f.properties.ward === ward)).toBe(true);
  });

  it('needs a key or a session, and read on sites', async () => {
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ogc/collections',
      headers: { 'x-tenant': tenant.name },
    });
    expect(none.statusCode).toBe(401);
    // A signed-in officer reads it with the session, as the web app could.
    const bySession = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ogc/collections',
      headers: officer.headers(),
    });
    expect(bySession.statusCode).toBe(200);
    const byResident = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ogc/collections',
      headers: resident.headers(),
    });
    expect(byResident.statusCode).toBe(403);
  });
});

describe('Queryables (OGC API Features Part 3)', () => {
  type Queryables = {
    $schema: string;
    $id: string;
    type: string;
    title: string;
    properties: Record<string, Record<string, string>>;
    additionalProperties: boolean;
  };

  it('describes each collection’s filterable properties as a JSON Schema, linked from the collection', async () => {
    const { collections } = (await ogc('/collections')).json() as {
      collections: Array<{ id: string; links: Array<{ rel: string; href: string; type?: string }> }>;
    };
    for (const collection of collections) {
      const link = collection.links.find(
        (candidate) => candidate.rel === 'http://www.opengis.net/def/rel/ogc/1.0/queryables',
      );
      expect(link?.type, collection.id).toBe('application/schema+json');
      expect(new URL(link?.href ?? '').pathname).toBe(`/api/v1/ogc/collections/${collection.id}/queryables`);
    }

    const answer = await ogc('/collections/flood_zones/queryables');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/schema\+json/);
    const schema = answer.json() as Queryables;
    expect(schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      title: 'Flood zones',
      additionalProperties: false,
    });
    expect(schema.$id).toMatch(
      /^http:\/\/localhost(:\d+)?\/api\/v1\/ogc\/collections\/flood_zones\/queryables$/,
    );
    // The layer's listed fields with their types and labels, and its geometry; nothing else.
    expect(schema.properties).toEqual({
      geometry: {
        title: 'Geometry',
        format: 'geometry-multipolygon',
        'x-ogc-role': 'primary-geometry',
      },
      zone: { title: 'Zone', type: 'string' },
      depth: { title: 'depth', type: 'number' },
    });

    const sites = (await ogc('/collections/sites/queryables')).json() as Queryables;
    expect(sites.properties.geometry).toMatchObject({
      format: 'geometry-multipolygon',
      'x-ogc-role': 'primary-geometry',
    });
    expect(sites.properties.ward).toMatchObject({ type: 'string' });
    expect(sites.properties.id_unique).toEqual({ title: 'Site id', type: 'string' });
    for (const [name, property] of Object.entries(sites.properties)) {
      if (name === 'geometry') continue;
      expect(['string', 'number', 'boolean'], name).toContain(property.type);
      expect(property.title, name).toBeTruthy();
    }

    const { conformsTo } = (await ogc('/conformance')).json() as { conformsTo: string[] };
    expect(conformsTo).toEqual(
      expect.arrayContaining([
        'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables',
        'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables-query-parameters',
      ]),
    );
    expect((await ogc('/collections/hidden_layer/queryables')).statusCode).toBe(404);
  });

  it('filters items by every queryable it lists, and refuses what it does not list', async () => {
    const sites = (await ogc('/collections/sites/queryables')).json() as Queryables;
    // Each site's own value of a text queryable finds it (and the sites sharing that value).
    const [one] = (await items('sites', 'limit=1')).body.features;
    for (const [name, property] of Object.entries(sites.properties)) {
      const value = one?.properties[name];
      if (property.type !== 'string' || typeof value !== 'string') continue;
      const found = (await items('sites', `${name}=${encodeURIComponent(value)}`)).body;
      expect(found.numberMatched, name).toBeGreaterThanOrEqual(1);
      expect(
        found.features.every((feature) => feature.properties[name] === value),
        name,
      ).toBe(true);
    }
    expect((await items('flood_zones', 'depth=3')).body.numberMatched).toBe(1);
    expect(
      (await items('flood_zones', `zone=${encodeURIComponent('Flood Zone 2')}&depth=1`)).body.numberMatched,
    ).toBe(1);
    expect(
      (await items('flood_zones', `zone=${encodeURIComponent('Flood Zone 2')}&depth=3`)).body.numberMatched,
    ).toBe(0);

    const unknown = await ogc('/collections/flood_zones/items', 'colour=red');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      'Unknown query parameter: colour is neither a parameter of this request nor one of the collection’s queryables (see /collections/flood_zones/queryables)',
    );
    const wrongType = await ogc('/collections/flood_zones/items', 'depth=deep');
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('depth is a number: deep is not');
    const geometry = await ogc('/collections/flood_zones/items', 'geometry=POINT(0 0)');
    expect(geometry.statusCode).toBe(400);
    expect(geometry.json().message).toMatch(/bbox/);
  });
});

async function lonLat(easting: number, northing: number): Promise<[number, number]> {
  const { rows } = await sql<{ x: number; y: number }>`
    select ST_X(p) as x, ST_Y(p) as y from (select ST_Transform(ST_SetSRID(ST_MakePoint(${easting}::float8, ${northing}::float8), 27700), 4326) as p) q`.execute(
    t.database.db,
  );
  return [Number(rows[0]?.x), Number(rows[0]?.y)];
}

describe('OGC API Tiles (issue 13 point 6)', () => {
  it('lists the tiling scheme and serves each collection as vector tiles (y before x)', async () => {
    const sets = (await ogc('/tileMatrixSets')).json() as { tileMatrixSets: Array<{ id: string }> };
    expect(sets.tileMatrixSets.map((set) => set.id)).toEqual(['WebMercatorQuad']);
    const tms = (await ogc('/tileMatrixSets/WebMercatorQuad')).json() as {
      tileMatrices: Array<{ matrixWidth: number }>;
    };
    expect(tms.tileMatrices[3]?.matrixWidth).toBe(8);
    const tilesets = (await ogc('/collections/flood_zones/tiles')).json() as {
      tilesets: Array<{ links: Array<{ rel: string; href: string }> }>;
    };
    const template = tilesets.tilesets[0]?.links.find((link) => link.rel === 'item')?.href;
    expect(template).toMatch(
      /\/collections\/flood_zones\/tiles\/WebMercatorQuad\/\{tileMatrix\}\/\{tileRow\}\/\{tileCol\}$/,
    );

    // The tile holding the first square at z14.
    const [lon, lat] = await lonLat(560_250, 150_250);
    const z = 14;
    const col = Math.floor(((lon + 180) / 360) * 2 ** z);
    const rad = (lat * Math.PI) / 180;
    const row = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z);
    const answer = await ogc(`/collections/flood_zones/tiles/WebMercatorQuad/${z}/${row}/${col}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    const layer = new VectorTile(new PbfReader(answer.rawPayload)).layers.flood_zones;
    expect(layer?.length).toBeGreaterThanOrEqual(1);
    // x and y swapped is another tile, far away: empty.
    expect((await ogc(`/collections/flood_zones/tiles/WebMercatorQuad/${z}/${col}/${row}`)).statusCode).toBe(
      204,
    );

    // The sites' tile, by the site map's own renderer.
    const sitesTile = await ogc(
      `/collections/sites/tiles/WebMercatorQuad/8/${Math.floor(row / 64)}/${Math.floor(col / 64)}`,
    );
    expect(sitesTile.statusCode, sitesTile.body).toBe(200);
    expect(new VectorTile(new PbfReader(sitesTile.rawPayload)).layers.sites?.length).toBeGreaterThan(0);
    expect((await ogc('/collections/sites/tiles/WebMercatorQuad/3/8/0')).statusCode).toBe(400);
    expect((await ogc('/collections/nothing_here/tiles/WebMercatorQuad/3/0/0')).statusCode).toBe(404);
  });
});

describe('GDAL’s OAPIF driver as the client', () => {
  let base = '';
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/ogc`;
  });

  const ogrinfo = async (...args: string[]) => {
    const { stdout } = await run('ogrinfo', ['-ro', ...args], {
      timeout: 60_000,
      env: { ...process.env, GDAL_HTTP_TIMEOUT: '30', CPL_DEBUG: 'OFF' },
    });
    return stdout;
  };

  it('lists the collections with only the key in the address', async () => {
    const out = await ogrinfo('-so', `OAPIF:${base}?api_key=${key}`);
    expect(out).toMatch(/1: sites/);
    expect(out).toMatch(/2: flood_zones/);
  });

  it('reads every site, paging through the key-carrying links', async () => {
    // A page of 10 makes GDAL follow two next links.
    const out = await ogrinfo('-al', '-so', '-oo', 'PAGE_SIZE=10', `OAPIF:${base}?api_key=${key}`, 'sites');
    expect(out).toMatch(new RegExp(`Feature Count: ${SITES}\\b`));
    expect(out).toMatch(/WGS 84|CRS84|OGC:CRS84/);
    expect(out).toMatch(/ward: String/);
    const all = await ogrinfo('-al', '-oo', 'PAGE_SIZE=10', `OAPIF:${base}?api_key=${key}`, 'sites');
    expect(all.match(/^OGRFeature\(sites\):/gm)?.length).toBe(SITES);
  });

  it('filters a layer by an attribute, and still reads the API document the landing page links', async () => {
    // GDAL 3.6 learns which item parameters exist from the OpenAPI document, not from /queryables:
    // it filters on its side here, and the document must answer for it to get that far.
    const out = await ogrinfo(
      '-al',
      '-where',
      "zone = 'Flood Zone 3'",
      `OAPIF:${base}?api_key=${key}`,
      'flood_zones',
    );
    expect(out.match(/^OGRFeature\(flood_zones\):/gm)?.length).toBe(2);
    expect(out).not.toMatch(/Flood Zone 2/);
    const document = await fetch(`${base.replace(/\/ogc$/, '')}/openapi.json?api_key=${key}`);
    expect(document.status).toBe(200);
    expect(((await document.json()) as { paths: Record<string, unknown> }).paths).toHaveProperty(
      '/api/v1/ogc/collections/{collectionId}/queryables',
    );
  });

  it('reads a layer with the key and council as headers', async () => {
    const out = await ogrinfo(
      '--config',
      'GDAL_HTTP_HEADERS',
      `X-API-Key: ${key}\r\nX-Tenant: ${tenant.name}`,
      '-al',
      `OAPIF:${base}`,
      'flood_zones',
    );
    expect(out.match(/^OGRFeature\(flood_zones\):/gm)?.length).toBe(3);
    expect(out).toMatch(/zone \(String\) = Flood Zone 2/);
  });
});
