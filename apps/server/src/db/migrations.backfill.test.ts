import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { demoDistrict } from '../modules/sites/sites.generator';
import { seedSites } from '../modules/sites/sites.seed';
import { createTenant } from '../modules/tenants/tenants.service';
import { buildEvent } from '../../test/consultation-factories';
import { buildTenantWithUsers } from '../../test/factories';
import { createDatabase, dropDatabase } from '../../test/scratch-databases';
import { openDatabase, type OpenOptions } from './database';
import { MIGRATIONS_DIR } from './migrate';
import { withTenant } from './tenant-transaction';

// A council that already has sites when a migration adds a table derived from them: the
// migration must fill it, not only the triggers that keep it afterwards.
const temp: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  for (const dir of temp) await rm(dir, { recursive: true, force: true });
});

/** A database of its own on the suite's driver: PGlite in a folder, or a scratch PostgreSQL one. */
async function scratchDatabase(): Promise<(migrationsDir?: string) => OpenOptions> {
  if (process.env.TEST_DB === 'postgres') {
    const server = inject('postgresUrl');
    const name = `planning_backfill_${process.pid}_${Date.now()}`;
    const url = await createDatabase(server, name);
    cleanups.push(() => dropDatabase(server, name));
    return (migrationsDir) => ({
      kind: 'postgres',
      url,
      poolSize: 2,
      ...(migrationsDir && { migrationsDir }),
    });
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'planning-backfill-data-'));
  temp.push(dataDir);
  return (migrationsDir) => ({ kind: 'embedded', dataDir, ...(migrationsDir && { migrationsDir }) });
}

describe('migration 0010 on a database that already has sites', () => {
  // Creates PostGIS in a new database and migrates it twice: seconds when quiet, up to a minute or
  // more while other suites share both cores, so it is given room that the quick tests are not.
  it(
    'copies every existing site into site_search_rows, with its overview cell',
    { timeout: 180_000 },
    async () => {
      const scratch = await scratchDatabase();
      const migrationsDir = await mkdtemp(path.join(os.tmpdir(), 'planning-backfill-migrations-'));
      temp.push(migrationsDir);
      const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
      const before = files.filter((name) => name < '0010');
      for (const name of before) await cp(path.join(MIGRATIONS_DIR, name), path.join(migrationsDir, name));

      // Up to 0009: sites exist, the narrow copy does not.
      const old = await openDatabase(scratch(migrationsDir));
      const tenantId = await createTenant(old.db, {
        name: 'backfill',
        shortName: 'Backfill',
        rawName: 'Backfill council',
        mainColor: '#505a5f',
      });
      await seedSites(old.db, tenantId, demoDistrict, 40);
      await old.close();

      const database = await openDatabase(scratch());
      try {
        const counts = await withTenant(database.db, tenantId, async (trx) => {
          const { rows } = await sql<{ sites: number; copies: number; wrongCells: number }>`
          select (select count(*)::int from sites) as sites,
                 (select count(*)::int from site_search_rows) as copies,
                 (select count(*)::int from sites s join site_search_rows r on r.site_id = s.id
                   where r.cell_x <> site_overview_cell_x(s.point_3857)
                      or r.cell_y <> site_overview_cell_y(s.point_3857)
                      or r.status is distinct from s.status) as "wrongCells"`.execute(trx);
          return rows[0]!;
        });
        expect(counts.sites).toBeGreaterThan(0);
        expect(counts.copies).toBe(counts.sites);
        expect(counts.wrongCells).toBe(0);
      } finally {
        await database.close();
      }
    },
  );
});

describe('migration 0051 on a database that already has call for sites submissions', () => {
  it(
    'works out the constraint layers of every submitted site, council by council, and leaves drafts',
    { timeout: 180_000 },
    async () => {
      const scratch = await scratchDatabase();
      const migrationsDir = await mkdtemp(path.join(os.tmpdir(), 'planning-backfill-migrations-'));
      temp.push(migrationsDir);
      const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
      for (const name of files.filter((file) => file < '0051'))
        await cp(path.join(MIGRATIONS_DIR, name), path.join(migrationsDir, name));

      // Up to 0050: a submitted site over a flood zone feature, and a draft over it too.
      const old = await openDatabase(scratch(migrationsDir));
      const tenant = await buildTenantWithUsers(old.db);
      const event = await buildEvent(old.db, tenant.id);
      const ids = await withTenant(old.db, tenant.id, async (trx) => {
        const user = await trx
          .selectFrom('users')
          .select('id')
          .where('email', '=', tenant.email('resident'))
          .executeTakeFirstOrThrow();
        const layer = await trx
          .insertInto('layers')
          .values({ tenant_id: tenant.id, layer_name: 'flood_zone_3', title: 'Flood zone 3' })
          .returning('id')
          .executeTakeFirstOrThrow();
        const square = sql`ST_Multi(ST_MakeEnvelope(560000, 150000, 560100, 150100, 27700))`;
        await sql`insert into layer_features (tenant_id, layer_id, properties, geom)
          values (${tenant.id}, ${layer.id}, '{}'::jsonb, ${square})`.execute(trx);
        const made: Record<string, string> = {};
        for (const status of ['new', 'draft']) {
          const submission = await trx
            .insertInto('cfs_submissions')
            .values({ tenant_id: tenant.id, event_id: event.id, user_id: user.id, status })
            .returning('id')
            .executeTakeFirstOrThrow();
          await sql`insert into cfs_submission_sites (tenant_id, submission_id, position, name, boundary)
            values (${tenant.id}, ${submission.id}, 0, 'Water meadow', ${square})`.execute(trx);
          made[status] = submission.id;
        }
        return { submitted: made.new!, draft: made.draft!, layer: String(layer.id) };
      });
      await old.close();

      const database = await openDatabase(scratch());
      try {
        const rows = await withTenant(database.db, tenant.id, (trx) =>
          trx
            .selectFrom('cfs_submission_sites')
            .select(['submission_id', 'constraint_layers', 'constraints_checked_at'])
            .execute(),
        );
        const of = (id: string) => rows.find((row) => row.submission_id === id)!;
        expect(of(ids.submitted).constraint_layers).toEqual([
          { id: ids.layer, title: 'Flood zone 3', features: 1 },
        ]);
        expect(of(ids.submitted).constraints_checked_at).not.toBeNull();
        expect(of(ids.draft).constraint_layers).toBeNull();
      } finally {
        await database.close();
      }
    },
  );
});
