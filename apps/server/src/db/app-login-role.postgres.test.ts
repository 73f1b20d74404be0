// Least privilege (issue 10, point 4; decision 0008): the request pool logs in as planning_app
// itself, so no statement it runs can step back to a privileged role. PGlite is one superuser
// session underneath, which is why this holds on PostgreSQL only (the embedded database is for
// development and one process).
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ConfigError } from '../config';
import { buildTenant } from '../../test/factories';
import { openTestDatabase } from '../../test/database';
import { demoDistrict } from '../modules/sites/sites.generator';
import { seedSites } from '../modules/sites/sites.seed';
import { openDatabase, type AppDatabase } from './database';
import { withTenant } from './tenant-transaction';

let database: AppDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** Runs `work` on one pooled connection, whose session state it may change. */
const onOneConnection = <T>(work: (db: AppDatabase['db']) => Promise<T>) =>
  database.db.connection().execute(work);

describe('the request pool', () => {
  it('is planning_app even after RESET ROLE', async () => {
    const rows = await onOneConnection(async (db) => {
      await sql`reset role`.execute(db);
      return (
        await sql<{ session_user: string; current_user: string }>`
        select session_user, current_user`.execute(db)
      ).rows;
    });
    expect(rows).toEqual([{ session_user: 'planning_app', current_user: 'planning_app' }]);
  });

  it('cannot SET ROLE to the owner', async () => {
    const owner = new URL(inject('postgresUrl')).username || 'postgres';
    await expect(onOneConnection((db) => sql`set role ${sql.id(owner)}`.execute(db))).rejects.toThrow(
      /permission denied/,
    );
  });

  it('sees no council rows outside a tenant transaction, even after RESET ROLE', async () => {
    const tenant = await buildTenant(database.db, { flags: { aiSearch: true } });
    await seedSites(database.db, tenant.id, demoDistrict, 3);
    const inside = await withTenant(database.db, tenant.id, async (trx) =>
      Number((await sql<{ n: number }>`select count(*)::int as n from sites`.execute(trx)).rows[0]!.n),
    );
    expect(inside).toBeGreaterThan(0);
    const outside = await onOneConnection(async (db) => {
      await sql`reset role`.execute(db);
      return (
        await sql<{ sites: number; flags: number; users: number }>`
        select (select count(*)::int from sites) as sites,
               (select count(*)::int from app_feature_flags) as flags,
               (select count(*)::int from users) as users`.execute(db)
      ).rows[0];
    });
    expect(outside).toEqual({ sites: 0, flags: 0, users: 0 });
  });
});

describe('the start-up check of the pool login', () => {
  it('refuses a superuser', async () => {
    const url = inject('postgresUrl');
    const opening = openDatabase({ kind: 'postgres', url, appUrl: url, poolSize: 1 });
    const failure = await opening.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConfigError);
    expect((failure as Error).message).toMatch(/logs in as "\w+", but it is a superuser/);
  });

  it('refuses a login that can SET ROLE to a privileged role', async () => {
    const url = inject('postgresUrl');
    const probe = `planning_probe_${process.pid}_${Date.now()}`;
    const owner = new pg.Client({ connectionString: url });
    await owner.connect();
    try {
      const ownerName = (await owner.query<{ name: string }>('select current_user as name')).rows[0]!.name;
      await owner.query(`create role ${probe} login nosuperuser noinherit`);
      await owner.query(`grant ${ownerName} to ${probe}`);
      const appUrl = new URL(url);
      appUrl.username = probe;
      const failure = await openDatabase({
        kind: 'postgres',
        url,
        appUrl: appUrl.toString(),
        poolSize: 1,
      }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ConfigError);
      expect((failure as Error).message).toContain(`can SET ROLE to ${ownerName}, which is a superuser`);
    } finally {
      await owner.query(`drop role if exists ${probe}`);
      await owner.end();
    }
  });
});
