import { createDatabase } from '../../apps/server/test/scratch-databases';

export { databaseUrl, dropDatabase } from '../../apps/server/test/scratch-databases';

/** Names of the journeys' databases: the run's template and each journey file's copy of it. */
export const E2E_DATABASE_PREFIX = 'planning_e2e_';

/** A new database holding what the template holds (PostgreSQL copies its files). */
export function copyDatabase(templateUrl: string, name: string): Promise<string> {
  return createDatabase(templateUrl, name, new URL(templateUrl).pathname.slice(1));
}
