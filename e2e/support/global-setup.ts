import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../apps/server/src/db/database';
import { seedDemoTenants } from '../../apps/server/src/seed/demo-tenants';
import { E2E_SITE_COUNTS } from './fixture';

/**
 * Once per run: one embedded database, migrated and seeded with the demo councils' small fixture.
 * Every journey file copies the folder (milliseconds) instead of migrating and seeding its own.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'planning-e2e-template-'));
  const database = await openDatabase({ kind: 'embedded', dataDir: dir });
  try {
    await seedDemoTenants(database.db, { siteCounts: E2E_SITE_COUNTS, layers: false });
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplateDir', dir);
  project.provide('postgresUrl', '');
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
