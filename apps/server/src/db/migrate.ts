import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The two things migrations need from a driver, run as the database owner. */
export type SqlRunner = {
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
};

export class MigrationError extends Error {
  constructor(
    readonly migration: string,
    reason: string,
  ) {
    super(`Migration ${migration} failed: ${reason}`);
    this.name = 'MigrationError';
  }
}

const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;

/**
 * Applies every migration not yet recorded, in file-name order, each in its own transaction.
 * A migration that was edited after it ran is refused: the database would no longer match the code.
 */
export async function migrate(runner: SqlRunner, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await runner.exec(`create table if not exists schema_migrations (
    name text primary key,
    checksum text not null,
    applied_at timestamptz not null default now()
  )`);
  const applied = new Map(
    (
      await runner.query<{ name: string; checksum: string }>('select name, checksum from schema_migrations')
    ).map((row) => [row.name, row.checksum]),
  );

  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  const ran: string[] = [];
  for (const file of files) {
    if (!MIGRATION_FILE.test(file)) {
      throw new MigrationError(file, 'file name must look like 0001_what_it_does.sql');
    }
    const sql = await readFile(path.join(dir, file), 'utf8');
    const checksum = createHash('sha256').update(sql).digest('hex');
    const previous = applied.get(file);
    if (previous !== undefined) {
      if (previous !== checksum) throw new MigrationError(file, 'it was changed after it was applied');
      continue;
    }
    try {
      await runner.exec('begin');
      await runner.exec(sql);
      await runner.query('insert into schema_migrations (name, checksum) values ($1, $2)', [file, checksum]);
      await runner.exec('commit');
    } catch (error) {
      await runner.exec('rollback').catch(() => undefined);
      throw new MigrationError(file, error instanceof Error ? error.message : String(error));
    }
    ran.push(file);
  }
  return ran;
}
