import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, type AppDatabase } from '../../apps/server/src/db/database';
import { seedDemoTenants } from '../../apps/server/src/seed/demo-tenants';
import { E2E_SITE_COUNTS } from './fixture';
import { createDatabase } from '../../apps/server/test/scratch-databases';
import { dropDatabase, E2E_DATABASE_PREFIX } from './postgres';

/**
 * Once per run: one database, migrated and seeded with the demo councils' small fixture, that
 * every journey file copies instead of migrating and seeding its own.
 *
 * With TEST_DATABASE_URL (CI) the journeys run on PostgreSQL: the copy is `create database …
 * template`, a fraction of a second, and the server's queries run in PostgreSQL's own processes.
 * Without it they run on PGlite: a copy of the data folder, which then costs seconds to open
 * (PostGIS is unpacked per instance) and shares the journey's one Node thread.
 */
export default async function setup(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  return baseUrl ? setupPostgres(project, baseUrl) : setupEmbedded(project);
}

async function seed(database: AppDatabase) {
  try {
    await seedDemoTenants(database.db, { siteCounts: E2E_SITE_COUNTS, layers: false });
  } finally {
    await database.close();
  }
}

async function setupEmbedded(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'planning-e2e-template-'));
  await seed(await openDatabase({ kind: 'embedded', dataDir: dir }));
  project.provide('pgliteTemplateDir', dir);
  project.provide('postgresUrl', '');
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

async function setupPostgres(project: TestProject, baseUrl: string) {
  // The run's own names: two runs on one server (two checkouts) never meet.
  const template = `${E2E_DATABASE_PREFIX}${process.pid}_${Date.now()}`;
  const url = await createDatabase(baseUrl, template);
  await seed(await openDatabase({ kind: 'postgres', url, poolSize: 2 }));
  project.provide('postgresUrl', url);
  project.provide('pgliteTemplateDir', '');
  return async () => {
    await dropDatabase(baseUrl, template);
  };
}
