import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type AppDatabase } from '../src/db/database';

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
