// npm test: every suite (shared, web, server on PGlite and PostgreSQL, browser journeys).
// Extra arguments go to vitest, e.g. `npm test -- --project shared`.
import { spawnSync } from 'node:child_process';
import { ensureWebBuild, root } from './web-build.mjs';

ensureWebBuild();
if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the PostgreSQL suite is left out (CI always runs it).');
}
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=./scripts/suite-check-reporter.ts',
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit', env: process.env },
);
process.exit(result.status ?? 1);
