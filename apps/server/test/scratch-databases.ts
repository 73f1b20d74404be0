import pg from 'pg';

/**
 * Throw-away databases on the test PostgreSQL server: the server suite's run database, a
 * migration test's own, and the journeys' template and copies. Names are the caller's, made of
 * the run's pid and time, so two runs on one server never meet.
 */

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

/** A new empty database (or a copy of `template`: PostgreSQL copies its files); its address. */
export async function createDatabase(baseUrl: string, name: string, template?: string): Promise<string> {
  // From the maintenance database: a connection to the template itself would block the copy.
  await asAdmin(
    databaseUrl(baseUrl, 'postgres'),
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  );
  return databaseUrl(baseUrl, name);
}

export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  await asAdmin(databaseUrl(baseUrl, 'postgres'), `drop database if exists ${name} with (force)`);
}
