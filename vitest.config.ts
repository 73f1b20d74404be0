import { defineConfig } from 'vitest/config';

// One run, four suites. The server suite runs twice: on the embedded PGlite and, when
// TEST_DATABASE_URL is set, on a real PostgreSQL + PostGIS (CI always sets it).
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

// Files named *.postgres.test.ts need a real PostgreSQL server (their own throw-away cluster, or
// several server processes on one database) and run in the PostgreSQL suite only; files named
// *.embedded.test.ts are about PGlite itself and run in the embedded suite only.
const serverSuite = (driver: 'embedded' | 'postgres') => ({
  test: {
    name: `server-${driver}`,
    include: ['apps/server/src/**/*.test.ts'],
    exclude: [`apps/server/src/**/*.${driver === 'postgres' ? 'embedded' : 'postgres'}.test.ts`],
    globalSetup: ['apps/server/test/global-setup.ts'],
    env: { TEST_DB: driver },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
      serverSuite('embedded'),
      ...(withPostgres ? [serverSuite('postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          env: { TEST_DB: 'embedded' },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
