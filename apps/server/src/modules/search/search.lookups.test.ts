import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { defaultSiteSearchConfig } from '../content/content.defaults';
import { seedConfig } from '../content/content.service';
import {
  demoConstraints,
  demoDistrict,
  demoTagNames,
  generateSites,
  northfieldDistrict,
} from '../sites/sites.generator';
import { seedSites } from '../sites/sites.seed';

const COUNT = 200;
const generated = generateSites(demoDistrict, COUNT);

let t: TestApp;
let viewer: SignedIn;
let officer: SignedIn;
let resident: SignedIn;
let otherTenantSiteId: string;
let tenantId: string;
let siteIds: string[];

beforeAll(async () => {
  t = await buildTestApp();
  const tenant = await buildTenantWithUsers(t.database.db);
  tenantId = tenant.id;
  await seedSites(t.database.db, tenant.id, demoDistrict, COUNT);
  const other = await buildTenantWithUsers(t.database.db);
  await seedSites(t.database.db, other.id, northfieldDistrict, 5);
  viewer = await signIn(t.app, tenant.name, tenant.email('viewer'));
  officer = await signIn(t.app, tenant.name, tenant.email('officer'));
  resident = await signIn(t.app, tenant.name, tenant.email('resident'));
  siteIds = await withTenant(t.database.db, tenant.id, async (trx) =>
    (
      await trx.selectFrom('sites').select('id').where('scenario_name', '=', 'Base').orderBy('id').execute()
    ).map((row) => String(row.id)),
  );
  otherTenantSiteId = await withTenant(t.database.db, other.id, async (trx) =>
    String((await trx.selectFrom('sites').select('id').executeTakeFirstOrThrow()).id),
  );
});
afterAll(() => t.close());

const get = (url: string, as: SignedIn = viewer) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: as.headers() });
const send = (method: 'POST' | 'PUT', url: string, payload: unknown, as: SignedIn = viewer) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: as.headers(), payload: payload as object });

describe('POST /search/site/ids', () => {
  it('gives every matching id, as many as the search total', async () => {
    const filters = [{ type: 'checkboxesList', dbPropertyName: 'status', value: [generated[0]!.status] }];
    const response = await send('POST', '/search/site/ids', { filters });
    expect(response.statusCode, response.body).toBe(200);
    const expected = generated.filter((s) => s.status === generated[0]!.status).length;
    expect(response.json().ids).toHaveLength(expected);
    expect(response.json().total).toBe(expected);
    expect((await send('POST', '/search/site/ids', {})).json().ids).toEqual(siteIds);
  });
});

describe('GET /search/site', () => {
  it('finds sites by part of their name or reference, and treats % and _ as letters', async () => {
    const word = generated[0]!.siteName.split(',')[1]!.trim();
    const byName = await get(`/search/site?q=${encodeURIComponent(word)}&limit=50`);
    expect(byName.statusCode, byName.body).toBe(200);
    const expected = generated.filter((s) => s.siteName.toLowerCase().includes(word.toLowerCase())).length;
    expect(byName.json().sites).toHaveLength(Math.min(50, expected));
    const byReference = await get(`/search/site?q=${generated[7]!.helaaReference}`);
    expect(byReference.json().sites.map((s: { id_unique: string }) => s.id_unique)).toEqual([
      generated[7]!.idUnique,
    ]);
    expect((await get('/search/site?q=%25')).json().sites).toEqual([]);
    expect((await get('/search/site?q=')).statusCode).toBe(400);
  });
});

describe('GET /search/sites/geometries', () => {
  it('gives outlines in WGS84 for the ids asked, never another council’s', async () => {
    const response = await get(
      `/search/sites/geometries?ids=${siteIds[0]},${siteIds[1]},${otherTenantSiteId}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.type).toBe('FeatureCollection');
    expect(body.features.map((f: { id: string }) => f.id)).toEqual([siteIds[0], siteIds[1]]);
    const [lon, lat] = body.features[0].geometry.coordinates[0][0][0];
    // Tonbridge and Malling: about 0.3° E, 51.3° N.
    expect(lon).toBeGreaterThan(0.1);
    expect(lon).toBeLessThan(0.6);
    expect(lat).toBeGreaterThan(51.1);
    expect(lat).toBeLessThan(51.5);
  });

  it('refuses ids that are not numbers', async () => {
    const response = await get('/search/sites/geometries?ids=1,abc');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Payload data is invalid');
  });
});

describe('GET /search/extent/{id}', () => {
  it('gives the extent in British National Grid, or in WGS84 when asked', async () => {
    const site = generated[0]!;
    const xs = site.ring.map(([x]) => x);
    const ys = site.ring.map(([, y]) => y);
    const bng = await get(`/search/extent/${siteIds[0]}`);
    expect(bng.statusCode, bng.body).toBe(200);
    expect(bng.json().projection).toBe('27700');
    const [minX, minY, maxX, maxY] = bng.json().extent;
    expect(minX).toBeCloseTo(Math.min(...xs), 1);
    expect(minY).toBeCloseTo(Math.min(...ys), 1);
    expect(maxX).toBeCloseTo(Math.max(...xs), 1);
    expect(maxY).toBeCloseTo(Math.max(...ys), 1);
    const wgs = (await get(`/search/extent/${siteIds[0]}?projection=4326`)).json();
    expect(wgs.extent[0]).toBeGreaterThan(0.1);
    expect(wgs.extent[1]).toBeGreaterThan(51.1);
  });

  it('answers 404 for an unknown site or another council’s, 400 for a bad projection', async () => {
    expect((await get('/search/extent/999999999')).json()).toEqual({ message: 'Non-existing id' });
    expect((await get(`/search/extent/${otherTenantSiteId}`)).statusCode).toBe(404);
    expect((await get(`/search/extent/${siteIds[0]}?projection=3857`)).statusCode).toBe(400);
  });
});

describe('GET /search/search-options', () => {
  it('lists the distinct values of each field asked for, sorted, or the dictionary’s options in order', async () => {
    const response = await get('/search/search-options?fields=ward,status,optimised_unit_capacity');
    expect(response.statusCode, response.body).toBe(200);
    const { options } = response.json();
    expect(options.ward).toEqual([...new Set(generated.map((s) => s.ward))].sort());
    expect(options.status).toEqual(['Submitted', 'Under assessment', 'Assessed', 'Allocated', 'Rejected']);
    expect(options.optimised_unit_capacity).toEqual(
      [...new Set(generated.map((s) => s.optimisedUnitCapacity))].sort((a, b) => a - b).slice(0, 500),
    );
  });

  it("offers the council's tags, and the entries of a list field without listed options", async () => {
    const tags = (await get('/search/search-options?fields=tags')).json().options.tags;
    expect(tags).toEqual([...demoTagNames].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    // Listed options first; without them, what the sites hold.
    expect((await get('/search/search-options?fields=constraints')).json().options.constraints).toEqual([
      ...demoConstraints,
    ]);
    await withTenant(t.database.db, tenantId, (trx) =>
      trx.updateTable('site_fields').set({ options: null }).where('name', '=', 'constraints').execute(),
    );
    const held = (await get('/search/search-options?fields=constraints')).json().options.constraints;
    expect(held).toEqual([...new Set(generated.flatMap((s) => s.constraints))].sort());
    await withTenant(t.database.db, tenantId, (trx) =>
      trx
        .updateTable('site_fields')
        .set({ options: JSON.stringify([...demoConstraints]) })
        .where('name', '=', 'constraints')
        .execute(),
    );
    expect((await get('/search/search-options?fields=assessment_date')).statusCode).toBe(400);
  });

  it('refuses fields the dictionary does not list, with the field named', async () => {
    for (const field of ['password_hash', 'tenant_id', 'geom']) {
      const response = await get(`/search/search-options?fields=ward,${field}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(`Field "${field}" cannot be searched`);
    }
    expect((await get('/search/search-options?fields=ward;drop')).statusCode).toBe(400);
  });
});

describe('GET /search/boundaries', () => {
  it('gives the district and its wards, each site lying in the ward it is labelled with', async () => {
    const all = (await get('/search/boundaries')).json();
    const kinds = new Set(all.features.map((f: { properties: { kind: string } }) => f.properties.kind));
    expect([...kinds].sort()).toEqual(['district', 'neighbourhood', 'parish', 'ward']);
    const wards = (await get('/search/boundaries?kind=ward')).json();
    expect(wards.features.map((f: { properties: { name: string } }) => f.properties.name).sort()).toEqual(
      [...new Set(demoDistrict.wards)].sort(),
    );
    const outside = await withTenant(t.database.db, tenantId, async (trx) => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from sites s join boundaries b on b.kind = 'ward' and b.name = s.ward
        where not ST_Intersects(b.geom, s.geom)`.execute(trx);
      return rows[0]!.n;
    });
    expect(outside).toBe(0);
    expect((await get('/search/boundaries?kind=county')).statusCode).toBe(400);
  });
});

describe('site search templates', () => {
  const filters = [{ type: 'checkbox', dbPropertyName: 'public_map_visibility', value: true }];

  it('saves, lists and updates a user’s own templates; colleagues see only shared ones', async () => {
    const created = await send(
      'POST',
      '/search/site-search-templates',
      { name: 'Visible sites', filters },
      officer,
    );
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json();
    expect(template).toMatchObject({ name: 'Visible sites', filters, shared: false, mine: true });
    expect((await get('/search/site-search-templates/available', viewer)).json()).not.toContainEqual(
      expect.objectContaining({ id: template.id }),
    );

    const shared = await send(
      'PUT',
      `/search/site-search-templates/${template.id}`,
      { name: 'Visible sites (shared)', filters, shared: true },
      officer,
    );
    expect(shared.statusCode, shared.body).toBe(200);
    const seenByViewer = (await get('/search/site-search-templates/available', viewer)).json();
    expect(seenByViewer).toContainEqual(
      expect.objectContaining({ id: template.id, mine: false, shared: true }),
    );

    const notTheirs = await send(
      'PUT',
      `/search/site-search-templates/${template.id}`,
      { name: 'Taken over', filters, shared: true },
      viewer,
    );
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual({ message: 'Search template is not found' });
  });

  it('lets a read-only user keep private templates, but not share one or change a shared one', async () => {
    const url = '/search/site-search-templates';
    const mine = await send('POST', url, { name: 'My private search', filters });
    expect(mine.statusCode, mine.body).toBe(201);
    const id = mine.json().id as string;
    const renamed = await send('PUT', `${url}/${id}`, { name: 'Renamed', filters, shared: false });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed', shared: false });

    const refused = { message: 'Not authorized' };
    const sharedAtOnce = await send('POST', url, { name: 'For everyone', filters, shared: true });
    expect(sharedAtOnce.statusCode).toBe(403);
    expect(sharedAtOnce.json()).toEqual(refused);
    const sharedLater = await send('PUT', `${url}/${id}`, { name: 'Renamed', filters, shared: true });
    expect(sharedLater.statusCode).toBe(403);
    expect(sharedLater.json()).toEqual(refused);

    // A template they shared while they could write on sites stays as it is once they only read.
    await withTenant(t.database.db, tenantId, (trx) =>
      trx.updateTable('site_search_templates').set({ shared: true }).where('id', '=', id).execute(),
    );
    for (const change of [
      { name: 'Renamed again', filters, shared: true },
      { name: 'Renamed', filters, shared: false },
    ]) {
      const response = await send('PUT', `${url}/${id}`, change);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refused);
    }
    const kept = (await get('/search/site-search-templates/available')).json();
    expect(kept).toContainEqual(expect.objectContaining({ id, name: 'Renamed', shared: true }));
    // Nobody else changes it, shared or not: it is not theirs (404, as for one that does not exist).
    const byOfficer = await send('PUT', `${url}/${id}`, { name: 'Mine now', filters, shared: true }, officer);
    expect(byOfficer.statusCode).toBe(404);
  });

  it('lets an officer share templates and change shared ones; the API description says who may', async () => {
    const url = '/search/site-search-templates';
    const shared = await send('POST', url, { name: 'Shared at once', filters, shared: true }, officer);
    expect(shared.statusCode, shared.body).toBe(201);
    const id = shared.json().id as string;
    const renamed = await send(
      'PUT',
      `${url}/${id}`,
      { name: 'Shared, renamed', filters, shared: true },
      officer,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const unshared = await send(
      'PUT',
      `${url}/${id}`,
      { name: 'Shared, renamed', filters, shared: false },
      officer,
    );
    expect(unshared.json()).toMatchObject({ shared: false });
    // Another user's private template is not theirs to change either.
    const viewers = await send('POST', url, { name: 'Viewer only', filters });
    const taken = await send(
      'PUT',
      `${url}/${viewers.json().id}`,
      { name: 'Taken', filters, shared: false },
      officer,
    );
    expect(taken.statusCode).toBe(404);

    const paths = (await get('/openapi.json')).json().paths;
    expect(paths['/api/v1/search/site-search-templates'].post.summary).toMatch(/shared.*write on sites/);
    expect(paths['/api/v1/search/site-search-templates/{id}'].put.summary).toMatch(/shared.*write on sites/);
  });

  it('refuses a duplicate name, an empty name and invalid filters', async () => {
    await send('POST', '/search/site-search-templates', { name: 'Big sites', filters });
    const duplicate = await send('POST', '/search/site-search-templates', { name: 'big SITES', filters });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('You already have a search template with this name');
    const empty = await send('POST', '/search/site-search-templates', { name: '  ', filters });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues[0].message).toBe('Please enter a name');
    const bad = await send('POST', '/search/site-search-templates', {
      name: 'Bad',
      filters: [{ type: 'number', dbPropertyName: 'size_ha', equality: 'LIKE', value: 1 }],
    });
    expect(bad.statusCode).toBe(400);
    // A template is a search to run later: the council's dictionary checks it when it is saved.
    const unknown = await send('POST', '/search/site-search-templates', {
      name: 'Phones',
      filters: [{ type: 'text', dbPropertyName: 'owner_phone', value: '07' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'Field "owner_phone" cannot be searched' });
  });
});

describe('GET /data-dictionary', () => {
  it("lists the council's site fields in order, with their types, units and options", async () => {
    const response = await get('/data-dictionary');
    expect(response.statusCode, response.body).toBe(200);
    const { fields } = response.json();
    expect(fields[0]).toMatchObject({ name: 'site_name', label: 'Site name', fieldType: 'text.small' });
    expect(fields.find((f: { name: string }) => f.name === 'size_ha')).toMatchObject({
      fieldType: 'area.hectares',
      unit: 'ha',
      decimals: 2,
      min: 0,
    });
    expect(fields.find((f: { name: string }) => f.name === 'constraints').options).toContain('Green belt');
    // Where a field is stored is the server's business.
    expect(fields[0]).not.toHaveProperty('storage');
    expect((await get('/data-dictionary', resident)).statusCode).toBe(403);
  });
});

describe('GET /scenarios', () => {
  it("lists the council's scenarios, the default first", async () => {
    await withTenant(t.database.db, tenantId, (trx) =>
      trx
        .insertInto('scenarios')
        .values({ tenant_id: tenantId, name: 'Alternative growth', is_default: false })
        .execute(),
    );
    const response = await get('/scenarios');
    expect(response.json()).toEqual({
      scenarios: [
        { name: 'Base', isDefault: true },
        { name: 'Alternative growth', isDefault: false },
        { name: 'Higher density', isDefault: false },
      ],
    });
    expect((await get('/scenarios', resident)).statusCode).toBe(403);
  });
});

describe('GET /configs/{type}', () => {
  it('gives the council’s Site search config, and says when there is none', async () => {
    const missing = await get('/configs/site-search');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Site search config does not exist' });
    await seedConfig(t.database.db, tenantId, 'site-search', defaultSiteSearchConfig);
    const found = await get('/configs/site-search');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      type: 'site-search',
      label: 'Site search',
      config: defaultSiteSearchConfig,
    });
    expect((await get('/configs/nonsense')).statusCode).toBe(400);
  });

  it('reports a stored document that breaks its schema instead of serving it', async () => {
    await withTenant(t.database.db, tenantId, (trx) =>
      trx
        .insertInto('configs')
        .values({
          tenant_id: tenantId,
          config_type: 'site-card',
          label: 'Site card',
          config: JSON.stringify({ elements: [{ label: 'No field' }] }),
        })
        .execute(),
    );
    const response = await get('/configs/site-card');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Config is invalid' });
  });

  it('keeps residents out of staff search data', async () => {
    for (const url of ['/configs/site-search', '/search/boundaries', '/search/search-options?fields=ward']) {
      expect((await get(url, resident)).statusCode, url).toBe(403);
    }
  });
});
