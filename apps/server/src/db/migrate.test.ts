import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate, MigrationError, type SqlRunner } from './migrate';

// The runner is driver-neutral; a bare PGlite (no PostGIS) keeps these tests quick. One per file:
// starting one costs seconds on a busy machine, emptying its schema a few milliseconds.
let pglite: PGlite;
let runner: SqlRunner;
let dir: string;

beforeAll(async () => {
  pglite = await PGlite.create();
  runner = {
    exec: async (text) => {
      await pglite.exec(text);
    },
    query: async <T>(text: string, params: unknown[] = []) => (await pglite.query<T>(text, params)).rows,
  };
});
afterAll(() => pglite.close());
beforeEach(async () => {
  await pglite.exec('drop schema public cascade; create schema public;');
  dir = await mkdtemp(path.join(os.tmpdir(), 'planning-migrations-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const tables = async () =>
  (
    await runner.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public' order by 1",
    )
  ).map((row) => row.tablename);

describe('migrate', () => {
  it('applies migrations in order once and records them', async () => {
    await writeFile(path.join(dir, '0002_second.sql'), 'alter table first add column extra int;');
    await writeFile(path.join(dir, '0001_first.sql'), 'create table first (id int);');
    expect(await migrate(runner, dir)).toEqual(['0001_first.sql', '0002_second.sql']);
    expect(await migrate(runner, dir)).toEqual([]);
    expect(await tables()).toEqual(['first', 'schema_migrations']);
  });

  it('stops at a failing migration with a message naming it, and keeps nothing of it', async () => {
    await writeFile(path.join(dir, '0001_good.sql'), 'create table good (id int);');
    await writeFile(path.join(dir, '0002_bad.sql'), 'create table half (id int);\ncreate tabel oops;');
    await writeFile(path.join(dir, '0003_later.sql'), 'create table later (id int);');
    const failure = await migrate(runner, dir).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as Error).message).toMatch(
      /^Migration 0002_bad\.sql failed: syntax error at or near "tabel"/,
    );
    expect(await tables()).toEqual(['good', 'schema_migrations']);
    const recorded = await runner.query<{ name: string }>('select name from schema_migrations');
    expect(recorded).toEqual([{ name: '0001_good.sql' }]);
  });

  it('refuses a migration that was edited after it was applied', async () => {
    await writeFile(path.join(dir, '0001_first.sql'), 'create table first (id int);');
    await migrate(runner, dir);
    await writeFile(path.join(dir, '0001_first.sql'), 'create table first (id bigint);');
    await expect(migrate(runner, dir)).rejects.toThrow(
      'Migration 0001_first.sql failed: it was changed after it was applied',
    );
  });

  it('refuses a file whose name does not say its order', async () => {
    await writeFile(path.join(dir, 'tenants.sql'), 'select 1;');
    await expect(migrate(runner, dir)).rejects.toThrow(
      'Migration tenants.sql failed: file name must look like',
    );
  });
});
