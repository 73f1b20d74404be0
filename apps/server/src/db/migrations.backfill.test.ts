import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { demoDistrict } from '../modules/sites/sites.generator';
import { seedSites } from '../modules/sites/sites.seed';
import { createTenant } from '../modules/tenants/tenants.service';
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
