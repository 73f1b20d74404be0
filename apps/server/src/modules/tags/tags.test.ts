import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { serverMessages, tagMessages } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { demoDistrict } from '../sites/sites.generator';
import { seedSites } from '../sites/sites.seed';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof buildTenantWithUsers>>;
let officer: SignedIn;
let viewer: SignedIn;
let otherOfficer: SignedIn;
let siteIds: number[];

beforeAll(async () => {
  t = await buildTestApp();
  tenant = await buildTenantWithUsers(t.database.db);
  await seedSites(t.database.db, tenant.id, demoDistrict, 30);
  const other = await buildTenantWithUsers(t.database.db);
  officer = await signIn(t.app, tenant.name, tenant.email('officer'));
  viewer = await signIn(t.app, tenant.name, tenant.email('viewer'));
  otherOfficer = await signIn(t.app, other.name, other.email('officer'));
  siteIds = await withTenant(t.database.db, tenant.id, async (trx) =>
    (
      await trx
        .selectFrom('sites')
        .select('id')
        .where('scenario_name', '=', 'Base')
        .orderBy('id')
        .limit(5)
        .execute()
    ).map((row) => Number(row.id)),
  );
});
afterAll(() => t.close());

const call = (who: SignedIn, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: who.headers(), ...(payload ? { payload } : {}) });

/** The site's tag names, straight from the database. */
const tagsOf = (siteId: number) =>
  withTenant(t.database.db, tenant.id, async (trx) =>
    (
      await sql<{ tag_name: string }>`select tg.tag_name from site_tags st join tags tg on tg.id = st.tag_id
        where st.site_id = ${siteId} order by 1`.execute(trx)
    ).rows.map((row) => row.tag_name),
  );

describe('tags on sites (spec 01 §4, §5, §7)', () => {
  it('normalises a typed tag (trim, spaces to hyphens, lower case) and puts it on the site', async () => {
    const answer = await call(officer, 'POST', `/tag/${siteIds[0]}`, {
      created_tag_name: '  Needs  Site Visit ',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ name: 'needs-site-visit' });
    expect(await tagsOf(siteIds[0]!)).toContain('needs-site-visit');
  });

  it('reuses the council tag whatever the case, and asking twice changes nothing', async () => {
    const first = await call(officer, 'POST', `/tag/${siteIds[1]}`, { created_tag_name: 'NEEDS site visit' });
    const again = await call(officer, 'POST', `/tag/${siteIds[1]}`, { created_tag_name: 'needs-site-visit' });
    expect(first.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const all = (await call(viewer, 'GET', '/tag')).json().tags as Array<{ name: string }>;
    expect(all.filter((tag) => tag.name === 'needs-site-visit')).toHaveLength(1);
    expect((await tagsOf(siteIds[1]!)).filter((name) => name === 'needs-site-visit')).toHaveLength(1);
  });

  it('refuses a tag under 3 characters with its message', async () => {
    const answer = await call(officer, 'POST', `/tag/${siteIds[0]}`, { created_tag_name: '  ab ' });
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(answer.json().issues)).toContain(tagMessages.tooShort);
  });

  it('takes a tag off a site, and says so when the site has no such tag', async () => {
    await call(officer, 'POST', `/tag/${siteIds[2]}`, { created_tag_name: 'to-remove' });
    const removed = await call(officer, 'DELETE', `/tag/${siteIds[2]}`, { deleted_tag_name: 'To Remove' });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await tagsOf(siteIds[2]!)).not.toContain('to-remove');
    const again = await call(officer, 'DELETE', `/tag/${siteIds[2]}`, { deleted_tag_name: 'to-remove' });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(tagMessages.notOnSite);
  });

  it('tags many sites at once, creating only what is new', async () => {
    await call(officer, 'POST', `/tag/${siteIds[3]}`, { created_tag_name: 'bulk-review' });
    const answer = await call(officer, 'POST', '/tag/bulk', { ids: siteIds, tag: 'Bulk Review' });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json() as { tag: { name: string }; created: Array<{ site_id: number }> };
    expect(body.tag.name).toBe('bulk-review');
    expect(body.created.map((row) => row.site_id).sort()).toEqual(
      siteIds.filter((id) => id !== siteIds[3]).sort(),
    );
    for (const id of siteIds) expect(await tagsOf(id)).toContain('bulk-review');
  });

  it('finds the tagged sites by the tag filter at once (the data version moved)', async () => {
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/v1/search/site/flexible',
      headers: viewer.headers(),
      payload: {
        filters: [{ type: 'inArray', dbPropertyName: 'tags', value: ['bulk-review'] }],
        limit: 50,
      },
    });
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().total).toBe(siteIds.length);
  });

  it('needs write on sites to tag, read to list; other councils see 404', async () => {
    expect(
      (await call(viewer, 'POST', `/tag/${siteIds[0]}`, { created_tag_name: 'viewer-tag' })).statusCode,
    ).toBe(403);
    expect((await call(viewer, 'POST', '/tag/bulk', { ids: siteIds, tag: 'viewer-tag' })).statusCode).toBe(
      403,
    );
    expect((await call(viewer, 'GET', '/tag')).statusCode).toBe(200);
    const foreign = await call(otherOfficer, 'POST', `/tag/${siteIds[0]}`, { created_tag_name: 'foreign' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(serverMessages.nonExistingId);
    const foreignBulk = await call(otherOfficer, 'POST', '/tag/bulk', { ids: siteIds, tag: 'foreign' });
    expect(foreignBulk.statusCode).toBe(404);
    expect((await call(otherOfficer, 'GET', '/tag')).json().tags).toEqual([]);
  });
});
