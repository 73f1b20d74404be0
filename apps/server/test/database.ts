import { cp, mkdtemp, rm } from 'node:fs/promises';
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

/** The suite's database: a private copy of the migrated PGlite folder, or the run's PostgreSQL. */
export async function openTestDatabase(): Promise<AppDatabase> {
  if (process.env.TEST_DB === 'postgres') {
    return openDatabase({ kind: 'postgres', url: inject('postgresUrl'), poolSize: 4 });
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'planning-test-'));
  await cp(inject('pgliteTemplateDir'), dir, { recursive: true });
  const database = await openDatabase({ kind: 'embedded', dataDir: dir });
  return {
    ...database,
    close: async () => {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
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
