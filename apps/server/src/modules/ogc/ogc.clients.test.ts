import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyMessages, type CreatedApiKey } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { demoDistrict } from '../sites/sites.generator';
import { seedSites } from '../sites/sites.seed';

/*
 * The OGC API as QGIS and GDAL use it (issue 25 point 4): the challenge and the key as Basic or
 * Bearer, limit's bounds and the queryables in the API document, CQL2 text filters, datetime,
 * and geometry that stays valid and of one type once rounded.
 */

const SITES = 30;
const run = promisify(execFile);

let t: TestApp;
let tenant: Awaited<ReturnType<typeof buildTenantWithUsers>>;
let key: string;
let dates: string[];

type Json = Record<string, unknown>;
type Page = {
  features: Array<{ id: number; geometry: { type: string; coordinates: unknown }; properties: Json }>;
  links: Array<{ rel: string; href: string }>;
  numberMatched?: number;
  numberReturned: number;
};

// A thin spike: 0.4 mm wide at its tip, so rounding coordinates to 1e-7 degrees (about 1 cm)
// folds it onto itself. Its neighbour square touches it, making the layer of two types.
const SPIKE = 'POLYGON((560000 150000, 560100 150000, 560100.0004 150100, 560100 150000.001, 560000 150000))';
const SQUARE = 'MULTIPOLYGON(((560200 150000, 560300 150000, 560300 150100, 560200 150100, 560200 150000)))';

beforeAll(async () => {
  t = await buildTestApp();
  tenant = await buildTenantWithUsers(t.database.db);
  await seedSites(t.database.db, tenant.id, demoDistrict, SITES);
  const officer = await signIn(t.app, tenant.name, tenant.email('officer'));
  key = (
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: officer.headers(),
        payload: { name: 'ogc clients test' },
      })
    ).json() as CreatedApiKey
  ).key;
  await withTenant(t.database.db, tenant.id, async (trx) => {
    const rows = await sql<{ d: string | null }>`select attributes ->> 'assessment_date' as d from sites
      where scenario_name = 'Base' and not is_deleted order by id`.execute(trx);
    dates = rows.rows.map((row) => row.d ?? '').filter(Boolean);
    const layer = await trx
      .insertInto('layers')
      .values({
        tenant_id: tenant.id,
        layer_name: 'slivers',
        title: 'Slivers',
        fields: JSON.stringify([{ name: 'name', type: 'string' }]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [name, wkt] of [
      ['spike', SPIKE],
      ['square', SQUARE],
    ])
      await sql`insert into layer_features (tenant_id, layer_id, properties, geom)
        values (${tenant.id}, ${layer.id}, ${JSON.stringify({ name })}::jsonb, ST_GeomFromText(${wkt}, 27700))`.execute(
        trx,
      );
  });
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = { 'x-api-key': key }) =>
  t.app.inject({ method: 'GET', url: `/api/v1/ogc${path}`, headers });
const items = async (collection: string, query: Record<string, string>) => {
  const answer = await get(`/collections/${collection}/items?${new URLSearchParams(query).toString()}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Page;
};

describe('Signing in as GIS clients do', () => {
  it('answers 401 with a Basic challenge when neither key nor council is sent', async () => {
    for (const path of ['', '/collections', '/api', '/collections/sites/items']) {
      const answer = await get(path, {});
      expect(answer.statusCode, path).toBe(401);
      expect(answer.headers['www-authenticate'], path).toMatch(/^Basic realm="[^"]+"/);
      expect(answer.json(), path).toEqual({ message: apiKeyMessages.required });
    }
    // A council named but no key and no session: 401 with the challenge too.
    const named = await get('/collections', { 'x-tenant': tenant.name });
    expect(named.statusCode).toBe(401);
    expect(named.headers['www-authenticate']).toMatch(/^Basic /);
    // A wrong key is 401 with the challenge, so the client asks again.
    const wrong = await get('/collections', { authorization: 'Bearer pk_nope_123' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic /);
  });

  it('takes the key as a Basic password (any user) or a Bearer token, and names its council', async () => {
    const basic = (user: string, password: string) =>
      `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    for (const authorization of [basic('qgis', key), basic('', key), `Bearer ${key}`, `bearer ${key}`]) {
      const landing = await get('', { authorization });
      expect(landing.statusCode, authorization.slice(0, 8)).toBe(200);
      // No council named: the key's own council answers.
      expect((landing.json() as { title: string }).title).toContain(tenant.name);
      expect((await get('/collections/sites/items?limit=2', { authorization })).statusCode).toBe(200);
    }
    expect((await get('', { authorization: basic('qgis', 'not-a-key') })).statusCode).toBe(401);
    expect((await get('', { authorization: basic('qgis', '') })).statusCode).toBe(401);
  });

  it('serves the sites vector tiles with the key, as a header, Bearer or in the address', async () => {
    const tile = (headers: Record<string, string>, query = '') =>
      t.app.inject({ method: 'GET', url: `/api/v1/vector-tiles/sites/14/8175/5461${query}`, headers });
    expect([200, 204]).toContain((await tile({ 'x-api-key': key })).statusCode);
    expect([200, 204]).toContain((await tile({ authorization: `Bearer ${key}` })).statusCode);
    expect([200, 204]).toContain((await tile({}, `?api_key=${encodeURIComponent(key)}`)).statusCode);
    expect((await tile({ 'x-api-key': 'pk_nope_1' })).statusCode).toBe(401);
  });
});

describe('The API document (the landing page’s service-desc)', () => {
  it('publishes limit’s bounds where QGIS reads them, and each collection’s queryables', async () => {
    const landing = (await get('')).json() as { links: Array<{ rel: string; href: string; type: string }> };
    const desc = landing.links.find((link) => link.rel === 'service-desc');
    expect(desc?.type).toBe('application/vnd.oai.openapi+json;version=3.0');
    const url = new URL(desc?.href ?? '');
    expect(url.pathname).toBe('/api/v1/ogc/api');
    const answer = await get('/api');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/vnd\.oai\.openapi\+json/);
    const api = answer.json() as {
      components: { parameters: Record<string, { schema: Json }> };
      paths: Record<string, { get: { parameters: Array<{ $ref?: string; name?: string }> } }>;
    };
    expect(api.components.parameters.limit!.schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 10_000,
      default: 100,
    });
    expect(api.paths['/collections/{collectionId}/queryables']).toBeDefined();
    const sites = api.paths['/collections/sites/items']!.get.parameters;
    expect(sites).toContainEqual({ $ref: '#/components/parameters/limit' });
    expect(sites.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['ward', 'assessment_date']),
    );
  });

  it('serves the default page, and the maximum for a larger limit; refuses a limit below 1', async () => {
    expect((await items('sites', {})).numberReturned).toBe(SITES);
    // Part 1: more than the maximum is served as the maximum, not refused (ogcapi-features#640).
    const big = await items('sites', { limit: '20000' });
    expect(big.numberReturned).toBe(SITES);
    const self = new URL(big.links.find((link) => link.rel === 'self')!.href);
    expect(self.searchParams.get('limit')).toBe('10000');
    expect((await get('/collections/sites/items?limit=-5')).statusCode).toBe(400);
    expect((await get('/collections/sites/items?limit=0')).statusCode).toBe(400);
  });
});

describe('CQL2 text filters (Part 3)', () => {
  const filter = async (text: string) =>
    (await items('sites', { filter: text, 'filter-lang': 'cql2-text', limit: '1000' })).features;

  it('filters with comparisons, AND / OR / NOT, LIKE, IN, BETWEEN and IS NULL', async () => {
    const all = (await items('sites', { limit: '1000' })).features;
    const ward = String(all[0]!.properties.ward);
    const size = Number(all[3]!.properties.size_ha);
    const byWard = all.filter((f) => f.properties.ward === ward);
    expect((await filter(`ward = '${ward.replace(/'/g, "''")}'`)).length).toBe(byWard.length);
    expect((await filter(`ward <> '${ward.replace(/'/g, "''")}'`)).length).toBe(all.length - byWard.length);
    expect((await filter(`size_ha >= ${size}`)).length).toBe(
      all.filter((f) => Number(f.properties.size_ha) >= size).length,
    );
    expect((await filter(`NOT (size_ha >= ${size}) OR size_ha >= ${size}`)).length).toBe(all.length);
    expect((await filter(`size_ha >= ${size} AND size_ha < ${size}`)).length).toBe(0);
    expect((await filter(`"ward" LIKE '${ward.slice(0, 3)}%'`)).length).toBe(
      all.filter((f) => String(f.properties.ward).startsWith(ward.slice(0, 3))).length,
    );
    expect((await filter(`ward IN ('${ward.replace(/'/g, "''")}', 'Nowhere')`)).length).toBe(byWard.length);
    expect((await filter(`ward NOT IN ('${ward.replace(/'/g, "''")}')`)).length).toBe(
      all.length - byWard.length,
    );
    expect((await filter(`size_ha BETWEEN 0 AND ${size}`)).length).toBe(
      all.filter((f) => Number(f.properties.size_ha) <= size).length,
    );
    expect((await filter('ward IS NULL')).length).toBe(all.filter((f) => f.properties.ward == null).length);
    expect((await filter('ward IS NOT NULL')).length).toBe(
      all.filter((f) => f.properties.ward != null).length,
    );
    const day = [...dates].sort()[10]!;
    expect((await filter(`assessment_date < DATE('${day}')`)).length).toBe(
      dates.filter((d) => d < day).length,
    );
    // The filter is counted on the first page.
    const first = await items('sites', { filter: `size_ha >= ${size}`, limit: '2' });
    expect(first.numberMatched).toBe(all.filter((f) => Number(f.properties.size_ha) >= size).length);
    expect(new URL(first.links.find((link) => link.rel === 'next')!.href).searchParams.get('filter')).toBe(
      `size_ha >= ${size}`,
    );
  });

  it('refuses a bad filter with 400 and a message, and no text of it reaches SQL', async () => {
    for (const bad of [
      "ward = 'x' OR 1=1",
      "ward = 'x'; drop table sites; --",
      'size_ha = 1 OR pg_sleep(1) IS NULL',
      "\"ward' OR '1'='1\" = 1",
      'secret = 1',
      "size_ha = 'big'",
      'ward LIKE 3',
      'ward =',
      '((((ward = 1',
      `${'NOT '.repeat(60)}ward IS NULL`,
      "ward = 'unclosed",
      'ward ~ 1',
    ]) {
      const answer = await get(`/collections/sites/items?${new URLSearchParams({ filter: bad }).toString()}`);
      expect(answer.statusCode, bad).toBe(400);
      expect((answer.json() as { message: string }).message, bad).toMatch(/^filter: /);
    }
    // A quote inside a string is data: it matches nothing, and breaks nothing.
    expect(await filter("ward = 'x'' OR ''1''=''1'")).toHaveLength(0);
    expect(await filter("ward = 'x'') OR (''='")).toHaveLength(0);
    expect(
      (await get('/collections/sites/items?filter=ward%20IS%20NULL&filter-lang=cql2-json')).statusCode,
    ).toBe(400);
  });
});

describe('datetime', () => {
  it('filters on the collection’s date property, as QGIS sends it', async () => {
    const sorted = [...dates].sort();
    const from = sorted[5]!;
    const to = sorted[20]!;
    const between = dates.filter((d) => d >= from && d <= to).length;
    const read = async (datetime: string) =>
      (await items('sites', { datetime, limit: '1000' })).features.map((f) =>
        String(f.properties.assessment_date),
      );
    expect(await read(`${from}/${to}`)).toHaveLength(between);
    // QGIS's open ends: a far date, or '..'.
    expect(await read(`${from}/9999-12-31T00:00:00Z`)).toHaveLength(dates.filter((d) => d >= from).length);
    expect(await read(`../${to}`)).toHaveLength(dates.filter((d) => d <= to).length);
    expect(await read(`0000-01-01T00:00:00Z/${to}T00:00:00.000`)).toHaveLength(
      dates.filter((d) => d <= to).length,
    );
    expect(await read(from)).toHaveLength(dates.filter((d) => d === from).length);
    for (const day of await read(`${from}/${to}`)) expect(day >= from && day <= to).toBe(true);
    const queryables = (await get('/collections/sites/queryables')).json() as {
      properties: Record<string, Json>;
    };
    expect(queryables.properties.assessment_date).toMatchObject({
      format: 'date',
      'x-ogc-role': 'primary-instant',
    });
  });

  it('refuses datetime on a collection without a date, and a malformed one', async () => {
    const none = await get('/collections/slivers/items?datetime=2024-01-01');
    expect(none.statusCode).toBe(400);
    expect((none.json() as { message: string }).message).toMatch(/no date property/);
    for (const bad of ['yesterday', '2024-13-45x', '2024-01-01/2023-01-01', 'a/b/c'])
      expect(
        (await get(`/collections/sites/items?datetime=${encodeURIComponent(bad)}`)).statusCode,
        bad,
      ).toBe(400);
  });
});

describe('Geometry', () => {
  it('stays valid once rounded, in CRS84 and in the grid', async () => {
    for (const crs of ['', 'http://www.opengis.net/def/crs/EPSG/0/27700']) {
      const page = await items('slivers', crs ? { crs } : {});
      expect(page.features).toHaveLength(2);
      for (const feature of page.features) {
        const { rows } = await sql<{ valid: boolean }>`
          select ST_IsValid(ST_GeomFromGeoJSON(${JSON.stringify(feature.geometry)})) as valid`.execute(
          t.database.db,
        );
        expect(rows[0]?.valid, `${crs} ${JSON.stringify(feature.properties)}`).toBe(true);
      }
    }
    // Rounded naively, the spike is not valid: the repair is what makes it so.
    const { rows } = await sql<{ valid: boolean }>`select ST_IsValid(ST_GeomFromGeoJSON(
        ST_AsGeoJSON(ST_Transform(ST_GeomFromText(${SPIKE}, 27700), 4326), 7))) as valid`.execute(
      t.database.db,
    );
    expect(rows[0]?.valid).toBe(false);
  });

  it('gives every feature of a collection one type, and says which', async () => {
    const layer = await items('slivers', {});
    expect(new Set(layer.features.map((f) => f.geometry.type))).toEqual(new Set(['MultiPolygon']));
    const sites = await items('sites', { limit: '1000' });
    expect(new Set(sites.features.map((f) => f.geometry.type))).toEqual(new Set(['MultiPolygon']));
    const one = (
      await get(`/collections/slivers/items/${layer.features[0]!.id}`)
    ).json() as Page['features'][0];
    expect(one.geometry.type).toBe('MultiPolygon');
    const queryables = (await get('/collections/slivers/queryables')).json() as {
      properties: Record<string, Json>;
    };
    expect(queryables.properties.geometry).toMatchObject({ format: 'geometry-multipolygon' });
  });
});

describe('GDAL with the key as a Basic password', () => {
  it('reads the API document, pushes a property filter to the server, and gets every site once', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/ogc`;
    const all = (await items('sites', { limit: '1000' })).features;
    const ward = String(all[0]!.properties.ward);
    const { stdout, stderr } = await run(
      'ogrinfo',
      ['-ro', '-so', '-oo', `USERPWD=gis:${key}`, '-where', `ward = '${ward}'`, `OAPIF:${base}`, 'sites'],
      { timeout: 60_000, env: { ...process.env, GDAL_HTTP_TIMEOUT: '30', CPL_DEBUG: 'ON' } },
    );
    const wanted = all.filter((feature) => feature.properties.ward === ward).length;
    expect(stdout).toMatch(new RegExp(`Feature Count: ${wanted}\\b`));
    expect(stdout).toMatch(/Geometry: Multi Polygon/);
    // The API document's type was accepted, and the filter went to the server as ?ward=.
    expect(stderr).not.toMatch(/Unexpected Content-Type/);
    expect(stderr).toMatch(
      new RegExp(`items\\?[^)]*ward=${encodeURIComponent(ward).replace(/%20/g, '(%20|\\+)')}`),
    );
  });
});
