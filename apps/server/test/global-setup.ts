import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database';
import { createDatabase, dropDatabase } from './scratch-databases';

/**
 * Migrates once per run. PGlite: one migrated data folder that each test file copies (creating
 * the PostGIS extension costs seconds; a copy costs milliseconds). PostgreSQL: a fresh database
 * for the run, dropped afterwards, so runs never see each other's rows.
 */
export default async function setup(project: TestProject) {
  const driver = process.env.TEST_DB ?? project.config.env?.TEST_DB;
  if (driver === 'postgres') return setupPostgres(project);
  return setupEmbedded(project);
}

async function setupEmbedded(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'planning-template-'));
  const database = await openDatabase({ kind: 'embedded', dataDir: dir });
  await database.close();
  project.provide('pgliteTemplateDir', dir);
  project.provide('postgresUrl', '');
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

async function setupPostgres(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL must be set for the postgres suite');
  const name = `planning_test_${process.pid}_${Date.now()}`;
  const url = await createDatabase(baseUrl, name);
  const database = await openDatabase({ kind: 'postgres', url });
  await database.close();
  project.provide('postgresUrl', url);
  project.provide('pgliteTemplateDir', '');
  return () => dropDatabase(baseUrl, name);
}
