import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'kysely';
import { withTenant } from '../../db/tenant-transaction';
import { madeBeforeAll, type Tenant } from '../../../test/consultation-setup';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { DEMO_SCENARIO, demoDistrict } from './sites.generator';
import { seedSites } from './sites.seed';

/**
 * The scene the site record's test files start from: the real app, a council with 40 demo sites
 * and the demo sign-ins, and another council's officer. Call it once at the top of the file: it
 * registers the beforeAll that builds the scene and the afterAll that closes the app.
 */
export function siteRecordTestBed() {
  const t = madeBeforeAll<TestApp>('the test app');
  const tenant = madeBeforeAll<Tenant>('the council');
  const officer = madeBeforeAll<SignedIn>("the officer's session");
  const admin = madeBeforeAll<SignedIn>("the administrator's session");
  const viewer = madeBeforeAll<SignedIn>("the viewer's session");
  const otherOfficer = madeBeforeAll<SignedIn>("the other council's officer's session");
  /** Base sites with no row in another scenario. */
  const baseIds = madeBeforeAll<string[]>('the base sites');
  /** A site that also has a row in the demo scenario, and that row. */
  const twin = madeBeforeAll<{ base: string; scenario: string }>('the site with a scenario row');
  /** [west, south, east, north] of all the council's sites, in WGS84. */
  const extent = madeBeforeAll<[number, number, number, number]>("the sites' extent");

  beforeAll(async () => {
    const app = await buildTestApp(process.env.DEBUG_LOG ? { logStream: process.stderr } : {});
    t.make(app);
    const council = await buildTenantWithUsers(app.database.db);
    tenant.make(council);
    await seedSites(app.database.db, council.id, demoDistrict, 40);
    const other = await buildTenantWithUsers(app.database.db);
    const sessions = await Promise.all([
      signIn(app.app, council.name, council.email('officer')),
      signIn(app.app, council.name, council.email('admin')),
      signIn(app.app, council.name, council.email('viewer')),
      signIn(app.app, other.name, other.email('officer')),
    ]);
    officer.make(sessions[0]);
    admin.make(sessions[1]);
    viewer.make(sessions[2]);
    otherOfficer.make(sessions[3]);
    await withTenant(app.database.db, council.id, async (trx) => {
      const { rows } = await sql<{ id: string }>`select id::text as id from sites
        where scenario_name = 'Base' and id_unique not in (select id_unique from sites where scenario_name <> 'Base')
        order by id limit 12`.execute(trx);
      baseIds.make(rows.map((row) => row.id));
      const { rows: twins } = await sql<{ base: string; scenario: string }>`
        select b.id::text as base, s.id::text as scenario from sites b join sites s on s.id_unique = b.id_unique
        where b.scenario_name = 'Base' and s.scenario_name = ${DEMO_SCENARIO} order by b.id limit 1`.execute(
        trx,
      );
      twin.make(twins[0]!);
      const { rows: box } = await sql<{ box: [number, number, number, number] }>`
        select json_build_array(ST_XMin(b), ST_YMin(b), ST_XMax(b), ST_YMax(b)) as box
        from (select ST_Extent(ST_Transform(geom, 4326)) as b from sites) as e`.execute(trx);
      extent.make(box[0]!.box);
    });
  });
  afterAll(() => t.made()?.close());

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (
    who: SignedIn,
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.handle.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: who.headers(headers),
      ...(payload ? { payload } : {}),
    });

  const readSite = async (id: string) => {
    const answer = await call(officer.handle, 'GET', `/site/${id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };

  const historyCount = (siteId: string) =>
    withTenant(t.handle.database.db, tenant.handle.id, async (trx) =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from site_history where site_id = ${siteId}`.execute(trx)
        ).rows[0]!.n,
      ),
    );

  const dataVersion = () =>
    withTenant(t.handle.database.db, tenant.handle.id, async (trx) =>
      Number(
        (
          await sql<{
            v: string;
          }>`select coalesce((select version from site_data_versions), 1)::text as v`.execute(trx)
        ).rows[0]!.v,
      ),
    );

  return {
    t: t.handle,
    tenant: tenant.handle,
    officer: officer.handle,
    admin: admin.handle,
    viewer: viewer.handle,
    otherOfficer: otherOfficer.handle,
    baseIds: baseIds.handle,
    twin: twin.handle,
    extent: extent.handle,
    call,
    readSite,
    historyCount,
    dataVersion,
  };
}

/** A square of `size` degrees with its south-west corner here. */
export const square = (west: number, south: number, size = 0.001) => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, south],
      [west + size, south],
      [west + size, south + size],
      [west, south + size],
      [west, south],
    ],
  ],
});
