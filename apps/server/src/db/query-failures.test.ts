// A failed query never takes the server down (issue 10, point 1), on either driver. PGlite runs
// PostgreSQL inside our process as WebAssembly: a statement that exhausts its stack used to
// "succeed" with no rows (and leave the engine's memory half-updated), see pglite-dialect.ts.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { withTenant } from './tenant-transaction';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// Deeper than PostgreSQL's stack allows (54001 on a server) and than PGlite's engine survives.
const DEPTH = 100_000;
const deepJson = '['.repeat(DEPTH) + ']'.repeat(DEPTH);

const routes = async (tenantId: string) =>
  withTenant(t.database.db, tenantId, async (trx) =>
    (await trx.selectFrom('page_maintenance').select('route').orderBy('route').execute()).map(
      (row) => row.route,
    ),
  );

/** Health and a council's page answer 200 (at once on a server; PGlite may first reopen its data). */
async function expectServing(tenantName: string) {
  const deadline = Date.now() + 30_000;
  while ((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode !== 200) {
    if (Date.now() > deadline) throw new Error('health did not answer 200 within 30 s');
  }
  const current = await t.app.inject({
    method: 'GET',
    url: '/api/v1/tenants/current',
    headers: { 'x-tenant': tenantName },
  });
  expect(current.statusCode).toBe(200);
  expect(current.json()).toMatchObject({ tenant: { name: tenantName } });
}

describe('a statement the database cannot run', () => {
  // On PGlite this reopens the data folder, which takes seconds on a busy machine.
  it(
    'fails (never answers empty), rolls back its transaction, and the app keeps answering with every committed row',
    { timeout: 120_000 },
    async () => {
      const tenant = await buildTenant(t.database.db);
      const insert = (route: string) =>
        withTenant(t.database.db, tenant.id, (trx) =>
          trx
            .insertInto('page_maintenance')
            .values({ tenant_id: tenant.id, route, maintenance_active: true, maintenance_active_until: null })
            .execute(),
        );
      await insert('/map');
      const attempt = withTenant(t.database.db, tenant.id, async (trx) => {
        await trx
          .insertInto('page_maintenance')
          .values({
            tenant_id: tenant.id,
            route: '/table',
            maintenance_active: true,
            maintenance_active_until: null,
          })
          .execute();
        return (await sql<{ kind: string }>`select jsonb_typeof(${deepJson}::jsonb) as kind`.execute(trx))
          .rows;
      });
      await expect(attempt).rejects.toThrow();

      await expectServing(tenant.name);
      expect(await routes(tenant.id)).toEqual(['/map']);
      await insert('/sites');
      expect(await routes(tenant.id)).toEqual(['/map', '/sites']);
      const { rows } = await sql<{ kind: string }>`select jsonb_typeof(${'[[1]]'}::jsonb) as kind`.execute(
        t.database.db,
      );
      expect(rows).toEqual([{ kind: 'array' }]);
    },
  );
});

// PGlite is one session shared by every request; a pool's connections are separate sessions.
if (process.env.TEST_DB !== 'postgres') {
  describe('the embedded database', () => {
    it('ends a transaction its caller left open, so the next caller is not inside it', async () => {
      const tenant = await buildTenant(t.database.db);
      await t.database.db.connection().execute(async (db) => {
        await sql`begin`.execute(db);
        await sql`select 1 / 0`.execute(db).catch(() => undefined);
      });
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(t.database.db);
      expect(rows).toEqual([{ one: 1 }]);
      await expectServing(tenant.name);
    });
  });
}
