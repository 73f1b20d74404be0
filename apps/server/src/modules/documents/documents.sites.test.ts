import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionMessages } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { demoDistrict } from '../sites/sites.generator';
import { seedSites } from '../sites/sites.seed';
import { apiCaller } from '../../../test/api-call';
import { demoLocalPlanConfig } from './documents.seed';

let t: TestApp;
type Tenant = Awaited<ReturnType<typeof buildTenantWithUsers>>;
let tenant: Tenant;
let other: Tenant;
let officer: SignedIn;
let resident: SignedIn;
/** Every site of the council, by id; the document's map shows the first three. */
let sites: { id: string; name: string }[];
let published: string;
let draft: string;
const layers = { flood: '', staffOnly: '' };

const call = apiCaller(
  () => t.app,
  () => tenant.name,
);

beforeAll(async () => {
  t = await buildTestApp();
  tenant = await buildTenantWithUsers(t.database.db);
  other = await buildTenantWithUsers(t.database.db);
  await seedSites(t.database.db, tenant.id, demoDistrict, 6);
  [officer, resident] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('officer')),
    signIn(t.app, tenant.name, tenant.email('resident')),
  ]);
  sites = await withTenant(t.database.db, tenant.id, async (trx) =>
    (await trx.selectFrom('sites').select(['id', 'site_name']).orderBy('id').execute()).map((row) => ({
      id: String(row.id),
      name: row.site_name ?? '',
    })),
  );
  const config = demoLocalPlanConfig(
    'Test Council',
    sites.slice(0, 3).map((site) => site.id),
  );
  const create = async (title: string) => {
    const answer = await call(officer, 'POST', '/documents', { title, config });
    expect(answer.statusCode, answer.body).toBe(201);
    return (answer.json() as { id: string }).id;
  };
  published = await create('Sites plan');
  expect((await call(officer, 'POST', `/documents/${published}/publish`)).statusCode).toBe(200);
  draft = await create('Draft plan');

  // Two layers over the first site: one on the public web map, one for staff only.
  await withTenant(t.database.db, tenant.id, async (trx) => {
    const layer = (name: string, isPublic: boolean) =>
      trx
        .insertInto('layers')
        .values({
          tenant_id: tenant.id,
          layer_name: name,
          title: name.replace('_', ' '),
          public_webmap_visibility: isPublic,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    layers.flood = (await layer('flood_zone', true)).id;
    layers.staffOnly = (await layer('staff_notes', false)).id;
    await trx
      .insertInto('site_layer_overlaps')
      .values([
        {
          tenant_id: tenant.id,
          site_id: sites[0]!.id,
          layer_id: layers.flood,
          overlap_area_m2: 1234.567,
          overlap_percent: 42.123,
        },
        {
          tenant_id: tenant.id,
          site_id: sites[0]!.id,
          layer_id: layers.staffOnly,
          overlap_area_m2: 10,
          overlap_percent: 90,
        },
      ])
      .execute();
  });
});
afterAll(() => t.close());

describe('site questions: the sites of a public document (spec 02 §2)', () => {
  it('lists the sites of the document’s map blocks, by name, to anyone', async () => {
    const answer = await call(null, 'GET', `/public/documents/${published}/sites`);
    expect(answer.statusCode, answer.body).toBe(200);
    const listed = (answer.json() as { sites: { id: string; name: string; geometry: unknown }[] }).sites;
    expect(listed.map((site) => site.id).sort()).toEqual(
      sites
        .slice(0, 3)
        .map((site) => site.id)
        .sort(),
    );
    const names = listed.map((site) => site.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(listed[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      reference: expect.anything(),
      geometry: expect.objectContaining({ type: expect.stringMatching(/Polygon/) }),
    });
    // WGS84 for the map: the demo district lies in England.
    const [longitude, latitude] = JSON.stringify(listed[0]!.geometry)
      .match(/-?\d+\.\d+/g)!
      .map(Number) as [number, number];
    expect(longitude).toBeGreaterThan(-6);
    expect(longitude).toBeLessThan(2);
    expect(latitude).toBeGreaterThan(49);
    expect(latitude).toBeLessThan(56);
    // The same to a signed-in resident.
    expect((await call(resident, 'GET', `/public/documents/${published}/sites`)).json()).toEqual(
      answer.json(),
    );
  });

  it('adds the sites a map block finds by its search filters', async () => {
    const base = demoLocalPlanConfig('Test Council', [sites[0]!.id]);
    const map = base.entities['sites-map'];
    if (map?.type !== 'map') throw new Error('The demo document has a map block');
    const config = {
      ...base,
      entities: {
        ...base.entities,
        'sites-map': {
          ...map,
          sites: {
            ids: [sites[0]!.id],
            filters: [{ type: 'text', dbPropertyName: 'site_name', value: sites[4]!.name }],
          },
        },
      },
    };
    const created = await call(officer, 'POST', '/documents', { title: 'Filtered plan', config });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: string }).id;
    expect((await call(officer, 'POST', `/documents/${id}/publish`)).statusCode).toBe(200);
    const listed = (await call(null, 'GET', `/public/documents/${id}/sites`)).json() as {
      sites: { id: string }[];
    };
    expect(listed.sites.map((site) => site.id).sort()).toEqual([sites[0]!.id, sites[4]!.id].sort());
    const layersOfFound = await call(null, 'GET', `/public/documents/${id}/sites/${sites[4]!.id}/layers`);
    expect(layersOfFound.statusCode).toBe(200);
  });

  it('answers 404 for a document not published, or of another council', async () => {
    expect((await call(null, 'GET', `/public/documents/${draft}/sites`)).statusCode).toBe(404);
    expect((await call(resident, 'GET', `/public/documents/${draft}/sites`)).statusCode).toBe(404);
    expect(
      (await call(null, 'GET', `/public/documents/${published}/sites`, undefined, other.name)).statusCode,
    ).toBe(404);
  });

  it('shows the public layers a site overlaps, most first, and never a staff-only layer', async () => {
    const answer = await call(null, 'GET', `/public/documents/${published}/sites/${sites[0]!.id}/layers`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      layers: [
        {
          layerId: layers.flood,
          layerName: 'flood_zone',
          layerTitle: 'flood zone',
          layerOverlapPercent: 42.12,
          overlapAreaM2: 1234.57,
        },
      ],
    });
    const none = await call(null, 'GET', `/public/documents/${published}/sites/${sites[1]!.id}/layers`);
    expect(none.json()).toEqual({ layers: [] });
  });

  it('answers 404 for a site the document does not show, or a document not published', async () => {
    const outside = await call(null, 'GET', `/public/documents/${published}/sites/${sites[4]!.id}/layers`);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe(questionMessages.siteNotFound);
    expect(
      (await call(null, 'GET', `/public/documents/${published}/sites/999999999/layers`)).statusCode,
    ).toBe(404);
    expect(
      (await call(null, 'GET', `/public/documents/${draft}/sites/${sites[0]!.id}/layers`)).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          null,
          'GET',
          `/public/documents/${published}/sites/${sites[0]!.id}/layers`,
          undefined,
          other.name,
        )
      ).statusCode,
    ).toBe(404);
    expect((await call(null, 'GET', `/public/documents/${published}/sites/abc/layers`)).statusCode).toBe(400);
  });

  it('takes an answer about a site the document shows, and refuses one about any other site of the council', async () => {
    const answer = (siteId: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/public/documents/${published}/answers`,
        headers: resident.headers(),
        payload: {
          questionId: 'q-site-support',
          value: 'Support',
          relatedSiteId: siteId,
          relatedSiteComment: 'Good access to the station',
        },
      });
    const shown = await answer(sites[1]!.id);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ relatedSiteId: sites[1]!.id, relatedSiteName: sites[1]!.name });
    // The council's fifth site exists but is on none of the document's maps.
    const outside = await answer(sites[4]!.id);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(questionMessages.siteNotFound);
    const stored = await withTenant(t.database.db, tenant.id, (trx) =>
      trx.selectFrom('document_answers').select('related_site_id').where('deleted_at', 'is', null).execute(),
    );
    expect(stored.map((row) => String(row.related_site_id))).toEqual([sites[1]!.id]);
  });
});
