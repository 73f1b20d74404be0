import pg from 'pg';

/** Names of the journeys' databases: the run's template and each journey file's copy of it. */
export const E2E_DATABASE_PREFIX = 'planning_e2e_';

/** The server's address with another database name. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function asAdmin(baseUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new database holding what the template holds (PostgreSQL copies its files). */
export async function copyDatabase(templateUrl: string, name: string): Promise<string> {
  const template = new URL(templateUrl).pathname.slice(1);
  // From the maintenance database: a connection to the template itself would block the copy.
  await asAdmin(databaseUrl(templateUrl, 'postgres'), `create database ${name} template ${template}`);
  return databaseUrl(templateUrl, name);
}

export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  await asAdmin(baseUrl, `drop database if exists ${name} with (force)`);
}
