import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentMapMessages,
  documentMessages,
  type DocumentConfig,
  type DocumentSite,
} from '@planning/shared';
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
let otherOfficer: SignedIn;
let sites: { id: string; site_name: string | null; size_ha: string | null; helaa_reference: string | null }[];

beforeAll(async () => {
  t = await buildTestApp();
  tenant = await buildTenantWithUsers(t.database.db);
  other = await buildTenantWithUsers(t.database.db);
  await seedSites(t.database.db, tenant.id, demoDistrict, 8);
  await seedSites(t.database.db, other.id, demoDistrict, 3);
  [officer, otherOfficer] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('officer')),
    signIn(t.app, other.name, other.email('officer')),
  ]);
  sites = await withTenant(t.database.db, tenant.id, async (trx) => {
    const rows = await trx
      .selectFrom('sites')
      .select(['id', 'site_name', 'size_ha', 'helaa_reference'])
      .where('scenario_name', '=', 'Base')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, id: String(row.id) }));
  });
  // A tag on the first site, and the fourth site deleted.
  await withTenant(t.database.db, tenant.id, async (trx) => {
    const tag = await trx
      .insertInto('tags')
      .values({ tenant_id: tenant.id, tag_name: 'Map block test tag' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('site_tags')
      .values({ tenant_id: tenant.id, site_id: sites[0]!.id, tag_id: tag.id })
      .execute();
    await trx.updateTable('sites').set({ is_deleted: true }).where('id', '=', sites[3]!.id).execute();
  });
});
afterAll(() => t.close());

const call = apiCaller(
  () => t.app,
  () => tenant.name,
);

/** The demo Local Plan, its map showing the given sites with an extra unknown info column. */
function configWith(siteIds: string[]): DocumentConfig {
  const config = demoLocalPlanConfig('Test Council', siteIds);
  const map = config.entities['sites-map'];
  if (map?.type !== 'map') throw new Error('the demo has a map block');
  map.siteInfo.push({ type: 'field', title: 'Not a column', columnName: 'no_such_column' });
  return config;
}

async function createDocument(config: DocumentConfig, publish: boolean) {
  const created = await call(officer, 'POST', '/documents', { title: 'Map plan', config });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json() as { id: string };
  if (publish) expect((await call(officer, 'POST', `/documents/${id}/publish`)).statusCode).toBe(200);
  return id;
}

describe('GET /public/documents/{id}/map/{blockId}/sites (spec 02 §2 Document map block)', () => {
  it('gives a signed-out reader the block’s live sites with outline, tags and the site info columns only', async () => {
    const ids = sites.slice(0, 4).map((site) => site.id);
    const id = await createDocument(configWith(ids), true);
    const answer = await call(null, 'GET', `/public/documents/${id}/map/sites-map/sites`);
    expect(answer.statusCode, answer.body).toBe(200);
    const got = answer.json().sites as DocumentSite[];
    // The deleted fourth site is left out.
    expect(got.map((site) => site.id).sort()).toEqual(ids.slice(0, 3).sort());
    const first = got.find((site) => site.id === sites[0]!.id)!;
    expect(first).toMatchObject({
      name: sites[0]!.site_name,
      helaa_reference: sites[0]!.helaa_reference,
    });
    expect(first.site_tags).toContainEqual({ tag_name: 'Map block test tag' });
    expect(first.geometry?.type).toMatch(/Polygon/);
    // WGS84 longitudes and latitudes of the demo district (Kent).
    const [lon, lat] = JSON.stringify(first.geometry!.coordinates)
      .match(/-?\d+\.\d+/g)!
      .map(Number) as [number, number];
    expect(lon).toBeGreaterThan(-1);
    expect(lon).toBeLessThan(1.5);
    expect(lat).toBeGreaterThan(50);
    expect(lat).toBeLessThan(52);
    // Exactly the columns the config names: numbers as numbers, an unknown column empty.
    expect(Object.keys(first.info).sort()).toEqual(
      ['helaa_reference', 'no_such_column', 'optimised_unit_capacity', 'site_name', 'size_ha'].sort(),
    );
    expect(first.info['size_ha']).toBe(sites[0]!.size_ha === null ? null : Number(sites[0]!.size_ha));
    expect(first.info['no_such_column']).toBeNull();
    expect(first.info).not.toHaveProperty('status');
  });

  it('shows the sites the block’s search filters find', async () => {
    const config = configWith([]);
    const map = config.entities['sites-map'];
    if (map?.type !== 'map') throw new Error('the demo has a map block');
    map.sites = {
      filters: [{ type: 'text', dbPropertyName: 'site_name', equality: 'EQ', value: sites[1]!.site_name! }],
    };
    const id = await createDocument(config, true);
    const answer = await call(null, 'GET', `/public/documents/${id}/map/sites-map/sites`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect((answer.json().sites as DocumentSite[]).map((site) => site.id)).toContain(sites[1]!.id);
  });

  it('is not found for a block that is not a map, or not there', async () => {
    const id = await createDocument(configWith([sites[0]!.id]), true);
    for (const block of ['intro', 'nothing-here']) {
      const answer = await call(null, 'GET', `/public/documents/${id}/map/${block}/sites`);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(documentMapMessages.notAMap);
    }
  });

  it('is not found while unpublished, unless the share link’s token comes with it', async () => {
    const id = await createDocument(configWith([sites[0]!.id]), false);
    const hidden = await call(null, 'GET', `/public/documents/${id}/map/sites-map/sites`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(documentMessages.documentNotFound);
    const { token } = (await call(officer, 'POST', `/documents/${id}/share`)).json() as { token: string };
    const shared = await call(null, 'GET', `/public/documents/${id}/map/sites-map/sites?share=${token}`);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().sites).toHaveLength(1);
  });

  it('never reads across councils: another council’s reader and officer get 404', async () => {
    const id = await createDocument(configWith([sites[0]!.id]), true);
    expect(
      (await call(null, 'GET', `/public/documents/${id}/map/sites-map/sites`, undefined, other.name))
        .statusCode,
    ).toBe(404);
    expect((await call(otherOfficer, 'GET', `/public/documents/${id}/map/sites-map/sites`)).statusCode).toBe(
      404,
    );
    // Another council's site ids in a block show nothing of that council.
    const theirs = await withTenant(t.database.db, other.id, (trx) =>
      trx.selectFrom('sites').select('id').limit(1).executeTakeFirstOrThrow(),
    );
    const mixed = await createDocument(configWith([String(theirs.id)]), true);
    const answer = await call(null, 'GET', `/public/documents/${mixed}/map/sites-map/sites`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().sites).toEqual([]);
  });
});
