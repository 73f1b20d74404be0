import { defineConfig } from 'vitest/config';
import InterleavedSequencer from './scripts/test-sequencer';

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
    // A worker keeps its modules (the app, PGlite's database) from one file to the next: the
    // files share the database as they do on PostgreSQL, and the app is imported once per worker.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // An email or a job finishes after the answer: waited for, never slept on, and a loaded
    // machine's round trip is longer than Vitest's default 1 s poll (a reset email took longer).
    expect: { poll: { timeout: 10_000 } },
  },
});

export default defineConfig({
  test: {
    pool: 'forks',
    // Three on a 2-core machine: a browser journey spends much of its time waiting (on the page's
    // requests, its rendering, a job), and with two workers the cores stood idle a third of the run.
    maxWorkers: 3,
    sequence: { sequencer: InterleavedSequencer },
    projects: [
      // Pure functions and their data: a worker imports the package once, not once per file (the
      // web suite spent 32 s of its 34 importing). Tests that stub a global undo it themselves.
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], isolate: false } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], isolate: false } },
      serverSuite('embedded'),
      ...(withPostgres ? [serverSuite('postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          setupFiles: ['e2e/support/close-pages.ts'],
          // A worker keeps its modules from one journey file to the next: the server app is
          // imported and Chromium launched once per worker, not once per file (4 s of each file's
          // setup). Each file still has its own app over its own copy of the database; the app's
          // caches are per database (apps/server/src/lib/per-database.ts), so two files' copies of
          // one council never meet.
          isolate: false,
          // On PostgreSQL when there is one (CI): each journey file copies the run's seeded
          // database in a fraction of a second, where a PGlite copy took seconds to open.
          env: { TEST_DB: withPostgres ? 'postgres' : 'embedded' },
          // A whole journey (sign in, build, publish, answer) is one test: in a full run on two
          // cores the longest took 55-61 s (admin-users, site-search filters) with no step stuck.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A page's answer to a click (a request, then a render) is waited for, never slept on;
          // Vitest's default of 1 s for expect.poll is shorter than a busy machine's round trip
          // (the base-map admin journey failed at 1 s under load), Playwright's own is 5 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
