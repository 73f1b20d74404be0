import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { demoDistrict } from './sites.generator';
import { seedSites } from './sites.seed';

// Issue 25: a drawn site used to get no ward, parish or reference; officers had to look them up.
let t: TestApp;
let tenant: Awaited<ReturnType<typeof buildTenantWithUsers>>;
let officer: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  tenant = await buildTenantWithUsers(t.database.db);
  // Few sites over the whole district: most of it is open land to draw on.
  await seedSites(t.database.db, tenant.id, demoDistrict, 6);
  officer = await signIn(t.app, tenant.name, tenant.email('officer'));
});
afterAll(() => t.close());

const square = ([x, y]: [number, number], half = 0.0003) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x - half, y - half],
      [x + half, y - half],
      [x + half, y + half],
      [x - half, y + half],
      [x - half, y - half],
    ],
  ],
});

const draw = (who: SignedIn, name: string, poly: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/site/custom',
    headers: who.headers(),
    payload: { custom_site_name: name, custom_site_poly: poly },
  });

const placeOf = (tenantId: string, id: string) =>
  withTenant(t.database.db, tenantId, (trx) =>
    trx
      .selectFrom('sites')
      .select(['ward', 'parish', 'helaa_reference'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
  );

/** Spots inside one ward each, away from every site, with the ward and parish they lie in. */
async function openSpots(count: number) {
  return withTenant(t.database.db, tenant.id, async (trx) => {
    const { rows } = await sql<{ x: number; y: number; ward: string; parish: string }>`
      select ST_X(ST_Transform(p, 4326)) as x, ST_Y(ST_Transform(p, 4326)) as y, w.name as ward,
        (select name from boundaries where kind = 'parish' and ST_Contains(geom, p)) as parish
      from (select name, ST_PointOnSurface(geom) as p from boundaries where kind = 'ward') w
      where not exists (select 1 from sites where ST_DWithin(sites.geom, w.p, 200))
        and exists (select 1 from boundaries where kind = 'parish' and ST_Contains(geom, w.p))
      order by w.name limit ${count}`.execute(trx);
    return rows;
  });
}

describe('a drawn site', () => {
  it('takes its ward and parish from the boundaries it lies in, and the next reference in the council’s numbering', async () => {
    const [spot] = await openSpots(1);
    expect(spot, 'an open spot in a ward').toBeDefined();
    // The seeded references run DB-000001 … DB-000006.
    const created = await draw(officer, 'Land at the old depot', square([spot!.x, spot!.y]));
    expect(created.statusCode, created.body).toBe(201);
    expect(await placeOf(tenant.id, created.json().id)).toEqual({
      ward: spot!.ward,
      parish: spot!.parish,
      helaa_reference: 'DB-000007',
    });
  });

  it('gives two sites drawn at the same moment different references', async () => {
    const spots = await openSpots(3);
    const [first, second] = spots.slice(1);
    expect(second, 'two more open spots').toBeDefined();
    const answers = await Promise.all([
      draw(officer, 'North paddock', square([first!.x, first!.y])),
      draw(officer, 'South paddock', square([second!.x, second!.y])),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const references = await Promise.all(
      answers.map(async (answer) => (await placeOf(tenant.id, answer.json().id)).helaa_reference),
    );
    expect(references.sort()).toEqual(['DB-000008', 'DB-000009']);
  });

  it('is still created, with the fields empty, where the council has no boundaries or numbering', async () => {
    const bare = await buildTenantWithUsers(t.database.db);
    const bareOfficer = await signIn(t.app, bare.name, bare.email('officer'));
    const created = await draw(bareOfficer, 'First site', square([0.35, 51.3]));
    expect(created.statusCode, created.body).toBe(201);
    expect(await placeOf(bare.id, created.json().id)).toEqual({
      ward: null,
      parish: null,
      helaa_reference: null,
    });
  });
});
