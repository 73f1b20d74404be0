import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrate, type SqlRunner } from './migrate';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';
import { syncFeatureCatalogue } from './catalogue';

export type DatabaseKind = 'embedded' | 'postgres';

/** The role every application query runs as (created by migration 0001). */
export const APP_ROLE = 'planning_app';

export type AppDatabase = {
  kind: DatabaseKind;
  /** Runs as the application role: row-level security applies to everything it does. */
  db: Kysely<Database>;
  close(): Promise<void>;
};

export type OpenOptions =
  | { kind: 'embedded'; dataDir: string; migrationsDir?: string }
  | { kind: 'postgres'; url: string; migrationsDir?: string; poolSize?: number; parallelWorkers?: number };

/**
 * Opens the database, applies migrations and the feature catalogue as the owner,
 * then hands back a handle that runs as the unprivileged application role.
 */
export async function openDatabase(options: OpenOptions): Promise<AppDatabase> {
  return options.kind === 'embedded' ? openEmbedded(options) : openPostgres(options);
}

async function openEmbedded(options: { dataDir: string; migrationsDir?: string }): Promise<AppDatabase> {
  await mkdir(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(options.dataDir, { extensions: { postgis } });
  try {
    const runner: SqlRunner = {
      exec: async (sql) => {
        await pglite.exec(sql);
      },
      query: async <T>(sql: string, params: unknown[] = []) => (await pglite.query<T>(sql, params)).rows,
    };
    await migrate(runner, options.migrationsDir);
    await syncFeatureCatalogue(runner);
    // PGlite is a single session: from here on everything runs as the application role.
    await pglite.exec(`set role ${APP_ROLE}`);
  } catch (error) {
    await pglite.close();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    kind: 'embedded',
    db,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

export const DEFAULT_PARALLEL_WORKERS = 1;

async function openPostgres(options: {
  url: string;
  migrationsDir?: string;
  poolSize?: number;
  /** Workers PostgreSQL may add to one query (the count of a search), see DATABASE_PARALLEL_WORKERS. */
  parallelWorkers?: number;
}): Promise<AppDatabase> {
  const owner = new pg.Client({ connectionString: options.url });
  await owner.connect();
  try {
    // Several servers may start at once: one migrates, the others wait for it.
    await owner.query("select pg_advisory_lock(hashtext('planning-platform-migrations'))");
    const runner: SqlRunner = {
      exec: async (sql) => {
        await owner.query(sql);
      },
      query: async <T>(sql: string, params: unknown[] = []) => (await owner.query(sql, params)).rows as T[],
    };
    await migrate(runner, options.migrationsDir);
    await syncFeatureCatalogue(runner);
  } finally {
    await owner.end();
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    // Every pooled connection starts as the application role, before any query can run.
    // JIT compiling pays off for long analytical queries; ours are short, and on a search over a
    // million sites compiling took 26 ms of the page query and 250 ms of a filtered overview tile.
    // One parallel worker by default: on a 2-core server the leader and one worker use both cores;
    // PostgreSQL's default of two made a million-site count slower and less steady (bench/).
    options: `-c role=${APP_ROLE} -c jit=off -c max_parallel_workers_per_gather=${options.parallelWorkers ?? DEFAULT_PARALLEL_WORKERS}`,
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { kind: 'postgres', db, close: () => db.destroy() };
}
