import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { serverMessages, siteListMessages } from '@planning/shared';
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
  await seedSites(t.database.db, tenant.id, demoDistrict, 20);
  const other = await buildTenantWithUsers(t.database.db);
  [officer, viewer, otherOfficer] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('officer')),
    signIn(t.app, tenant.name, tenant.email('viewer')),
    signIn(t.app, other.name, other.email('officer')),
  ]);
  siteIds = await withTenant(t.database.db, tenant.id, async (trx) =>
    (
      await trx
        .selectFrom('sites')
        .select('id')
        .where('scenario_name', '=', 'Base')
        .orderBy('id')
        .limit(6)
        .execute()
    ).map((row) => Number(row.id)),
  );
});
afterAll(() => t.close());

const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: who.headers(), ...(payload ? { payload } : {}) });

const create = async (listName: string) => {
  const answer = await call(officer, 'POST', '/lists', { listName });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as { id: string; listName: string; siteCount: number };
};

describe('site lists (spec 01 §5, §7 "Lists")', () => {
  it('creates a list (trimmed name) and shows it among the lists with its count', async () => {
    const list = await create('  Green belt review ');
    expect(list).toMatchObject({ listName: 'Green belt review', siteCount: 0, scenarioName: null });
    const lists = (await call(viewer, 'GET', '/lists')).json().lists;
    expect(lists).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: list.id, listName: 'Green belt review' })]),
    );
  });

  it("needs a name ('List name is required') and refuses a taken one whatever its case", async () => {
    const blank = await call(officer, 'POST', '/lists', { listName: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json())).toContain(siteListMessages.nameRequired);
    await create('Brownfield');
    const taken = await call(officer, 'POST', '/lists', { listName: 'BROWNFIELD' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(siteListMessages.nameTaken);
  });

  it('renames a list, refusing a name another list has', async () => {
    const list = await create('Call for sites 2026');
    const renamed = await call(officer, 'PUT', `/lists/${list.id}`, { listName: 'Call for sites 2027' });
    expect(renamed.json().listName).toBe('Call for sites 2027');
    const clash = await call(officer, 'PUT', `/lists/${list.id}`, { listName: 'brownfield' });
    expect(clash.statusCode).toBe(409);
  });

  it('adds sites once each, all or none, removes them, and lists them in the order added', async () => {
    const list = await create('Site visits');
    const first = await call(officer, 'POST', `/lists/${list.id}/sites`, { siteIds: [siteIds[2]] });
    expect(first.json()).toEqual({ changed: 1, siteCount: 1 });
    const added = await call(officer, 'POST', `/lists/${list.id}/sites`, {
      siteIds: [siteIds[1], siteIds[0], siteIds[2]],
    });
    expect(added.json()).toEqual({ changed: 2, siteCount: 3 });
    const again = await call(officer, 'POST', `/lists/${list.id}/sites`, { siteIds: [siteIds[0]] });
    expect(again.json()).toEqual({ changed: 0, siteCount: 3 });
    const missing = await call(officer, 'POST', `/lists/${list.id}/sites`, {
      siteIds: [siteIds[3], 999_999_999],
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: serverMessages.nonExistingId });
    expect((await call(viewer, 'GET', `/lists/${list.id}/sites`)).json().siteIds).toEqual(
      [siteIds[2], siteIds[0], siteIds[1]].map(String),
    );
    const removed = await call(officer, 'DELETE', `/lists/${list.id}/sites`, { siteIds: [siteIds[0]] });
    expect(removed.json()).toEqual({ changed: 1, siteCount: 2 });
    expect((await call(viewer, 'GET', `/site/${siteIds[2]}/lists`)).json().lists).toEqual([
      { id: list.id, listName: 'Site visits' },
    ]);
  });

  it('drops a deleted site from every list', async () => {
    const list = await create('Short list');
    await call(officer, 'POST', `/lists/${list.id}/sites`, { siteIds: [siteIds[4], siteIds[5]] });
    await withTenant(t.database.db, tenant.id, (trx) =>
      sql`update sites set is_deleted = true where id = ${siteIds[5]}`.execute(trx),
    );
    expect((await call(viewer, 'GET', `/lists/${list.id}`)).json().siteCount).toBe(1);
    expect((await call(viewer, 'GET', `/lists/${list.id}/sites`)).json().siteIds).toEqual([
      String(siteIds[4]),
    ]);
  });

  it("pages the list's sites through the flexible search, with the table's columns", async () => {
    const list = await create('Grid');
    await call(officer, 'POST', `/lists/${list.id}/sites`, { siteIds: [siteIds[1], siteIds[3]] });
    const answer = await call(viewer, 'POST', '/search/site/flexible', {
      listId: list.id,
      attributes: ['site_name', 'size_ha'],
      sort: { field: 'site_name', direction: 'asc' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().total).toBe(2);
    expect(
      answer
        .json()
        .sites.map((site: { id: string }) => site.id)
        .sort(),
    ).toEqual([siteIds[1], siteIds[3]].map(String).sort());
    expect(answer.json().sites[0]).toHaveProperty('size_ha');
    const foreign = await call(otherOfficer, 'POST', '/search/site/flexible', { listId: list.id });
    expect(foreign.json()).toMatchObject({ sites: [], total: 0 });
  });

  it('deletes a list', async () => {
    const list = await create('Temporary');
    expect((await call(officer, 'DELETE', `/lists/${list.id}`)).statusCode).toBe(204);
    expect((await call(officer, 'GET', `/lists/${list.id}`)).statusCode).toBe(404);
    expect((await call(officer, 'DELETE', `/lists/${list.id}`)).statusCode).toBe(404);
  });

  it('lets a viewer read lists but not change them, and another council see none of them', async () => {
    const list = await create('Members only');
    expect((await call(viewer, 'POST', '/lists', { listName: 'Mine' })).statusCode).toBe(403);
    expect((await call(viewer, 'PUT', `/lists/${list.id}`, { listName: 'Mine' })).json()).toEqual({
      message: serverMessages.notAuthorized,
    });
    expect((await call(viewer, 'DELETE', `/lists/${list.id}`)).statusCode).toBe(403);
    expect((await call(otherOfficer, 'GET', `/lists/${list.id}`)).statusCode).toBe(404);
    expect((await call(otherOfficer, 'GET', '/lists')).json().lists).toEqual([]);
    expect(
      (await call(otherOfficer, 'POST', `/lists/${list.id}/sites`, { siteIds: [siteIds[0]] })).statusCode,
    ).toBe(404);
    expect((await call(officer, 'GET', '/lists/not-a-uuid')).statusCode).toBe(400);
  });
});
