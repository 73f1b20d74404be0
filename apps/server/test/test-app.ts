import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { AppDatabase } from '../src/db/database';
import { openTestDatabase } from './database';

export type TestApp = { app: FastifyInstance; database: AppDatabase; config: Config; close(): Promise<void> };

/** The real app over the suite's database, driven through fastify.inject. */
export async function buildTestApp(
  options: { env?: Record<string, string>; extraApiRoutes?: FastifyPluginAsync[] } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent', ...options.env });
  const app = await buildApp({
    config,
    database,
    logger: false,
    extraApiRoutes: options.extraApiRoutes ?? [],
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
