import { rmSync } from 'node:fs';
import { cp, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { APP_ROLE, openDatabase, type AppDatabase } from '../src/db/database';

// Module augmentation only works with interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
// Set by global-setup.ts for the run.
declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateDir: string;
    postgresUrl: string;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/**
 * The suite's database: the run's PostgreSQL database, which every test file shares, or on PGlite
 * one private copy of the migrated folder per test worker, which the worker's files share in the
 * same way (the server suites run without isolation: a worker keeps its modules between files).
 * Starting PGlite with PostGIS costs about 2 s (the extension's 20 MB bundle is unpacked each
 * time): paid once per worker, not once per file. `close()` leaves the shared database open.
 */
export async function openTestDatabase(): Promise<AppDatabase> {
  if (process.env.TEST_DB === 'postgres') {
    return openDatabase({ kind: 'postgres', url: inject('postgresUrl'), poolSize: 4 });
  }
  const database = await (workerDatabase ??= openWorkerDatabase());
  return { ...database, close: async () => {} };
}

let workerDatabase: Promise<AppDatabase> | null = null;

async function openWorkerDatabase(): Promise<AppDatabase> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'planning-test-'));
  await cp(inject('pgliteTemplateDir'), dir, { recursive: true });
  // The worker process ends with the run: its copy goes with it.
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return openDatabase({ kind: 'embedded', dataDir: dir });
}

/**
 * Runs statements as the database owner, as a migration would: on PostgreSQL over a connection of
 * the run's owner login, on PGlite (one session) by stepping out of the application role and back.
 */
export async function runAsOwner(database: AppDatabase, statements: string[]): Promise<void> {
  if (database.kind === 'postgres') {
    const owner = new pg.Client({ connectionString: inject('postgresUrl') });
    await owner.connect();
    try {
      for (const statement of statements) await owner.query(statement);
    } finally {
      await owner.end();
    }
    return;
  }
  await database.db.connection().execute(async (db) => {
    await sql`reset role`.execute(db);
    try {
      for (const statement of statements) await sql.raw(statement).execute(db);
    } finally {
      await sql.raw(`set role ${APP_ROLE}`).execute(db);
    }
  });
}
