import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../test/factories';
import { openTestDatabase } from '../../test/database';
import type { AppDatabase } from './database';
import { withTenant } from './tenant-transaction';

let database: AppDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

// The proof that isolation lives in the database, not only in our code: each query below
// deliberately leaves out any tenant filter.
describe('row-level security', () => {
  it('shows a tenant transaction only its own rows, even without a tenant filter', async () => {
    const a = await buildTenant(database.db, { flags: { aiSearch: true, maps: false } });
    const b = await buildTenant(database.db, { flags: { aiSearch: false } });
    const rows = await withTenant(database.db, a.id, (trx) =>
      trx.selectFrom('app_feature_flags').select(['tenant_id']).execute(),
    );
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.tenant_id))).toEqual(new Set([a.id]));
    const rowsB = await withTenant(database.db, b.id, (trx) =>
      trx.selectFrom('app_feature_flags').select(['tenant_id']).execute(),
    );
    expect(rowsB.map((row) => row.tenant_id)).toEqual([b.id]);
  });

  it('shows nothing outside a tenant transaction', async () => {
    await buildTenant(database.db, { flags: { aiSearch: true } });
    const rows = await database.db.selectFrom('app_feature_flags').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it("refuses to write a row into another tenant from inside one tenant's transaction", async () => {
    const a = await buildTenant(database.db);
    const b = await buildTenant(database.db);
    const attempt = withTenant(database.db, a.id, (trx) =>
      trx
        .insertInto('page_maintenance')
        .values({ tenant_id: b.id, route: '/map', maintenance_active: true, maintenance_active_until: null })
        .execute(),
    );
    await expect(attempt).rejects.toThrow(/row-level security/);
  });

  it('lets a tenant update its own tenant row only', async () => {
    const a = await buildTenant(database.db);
    const b = await buildTenant(database.db, { rawName: 'Untouched Council' });
    const result = await withTenant(database.db, a.id, (trx) =>
      trx.updateTable('tenants').set({ raw_name: 'Hijacked' }).execute(),
    );
    expect(result.reduce((sum, row) => sum + Number(row.numUpdatedRows), 0)).toBe(1);
    const other = await database.db
      .selectFrom('tenants')
      .select('raw_name')
      .where('id', '=', b.id)
      .executeTakeFirst();
    expect(other?.raw_name).toBe('Untouched Council');
  });

  it('runs as a role that is no superuser, cannot bypass RLS, and owns no table', async () => {
    const { rows } = await sql<{ rolname: string; rolsuper: boolean; rolbypassrls: boolean; owned: number }>`
      select r.rolname, r.rolsuper, r.rolbypassrls,
             (select count(*)::int from pg_tables where schemaname = 'public' and tableowner = current_user) as owned
      from pg_roles r where r.rolname = current_user`.execute(database.db);
    expect(rows).toEqual([{ rolname: 'planning_app', rolsuper: false, rolbypassrls: false, owned: 0 }]);
  });

  it('forces row-level security with a tenant policy on every table that has a tenant_id', async () => {
    const { rows } = await sql<{ table_name: string; forced: boolean; policies: number }>`
      select c.relname as table_name,
             c.relrowsecurity and c.relforcerowsecurity as forced,
             (select count(*)::int from pg_policies p
               where p.tablename = c.relname and p.policyname = 'tenant_isolation') as policies
      from information_schema.columns col
      join pg_class c on c.relname = col.table_name and c.relkind = 'r'
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = col.table_schema
      where col.table_schema = 'public' and col.column_name = 'tenant_id'
      order by 1`.execute(database.db);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row, row.table_name).toMatchObject({ forced: true, policies: 1 });
  });

  it('works the tenant out once per query, not once per row (an init plan)', async () => {
    const { rows } = await sql<{ tablename: string; qual: string; with_check: string }>`
      select tablename, qual, with_check from pg_policies
      where policyname in ('tenant_isolation', 'tenants_update_self') order by 1`.execute(database.db);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const row of rows) {
      expect(row.qual, row.tablename).toMatch(/= \( SELECT app_current_tenant\(\)/);
      expect(row.with_check, row.tablename).toMatch(/= \( SELECT app_current_tenant\(\)/);
    }
    // And a plain query over a tenant table shows it: the policy's lookup is an init plan.
    const a = await buildTenant(database.db);
    const plan = await withTenant(database.db, a.id, async (trx) => {
      const { rows: lines } = await sql<{ 'QUERY PLAN': string }>`
        explain select count(*) from app_feature_flags`.execute(trx);
      return lines.map((line) => line['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/InitPlan/);
  });

  it('has PostGIS available to the application role', async () => {
    const { rows } = await sql<{ easting: number }>`
      select round(ST_X(ST_Transform(ST_SetSRID(ST_MakePoint(0.3634, 51.2743), 4326), 27700)))::int as easting`.execute(
      database.db,
    );
    expect(rows[0]?.easting).toBeGreaterThan(560_000);
    expect(rows[0]?.easting).toBeLessThan(570_000);
  });
});
