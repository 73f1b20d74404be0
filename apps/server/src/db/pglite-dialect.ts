import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import { EMBEDDED_RESTARTED } from './availability';

export type EmbeddedLog = { warn(details: object, message: string): void };

/**
 * The one PGlite instance the server queries, replaced by a fresh one on the same data folder when
 * it breaks.
 *
 * PGlite runs PostgreSQL compiled to WebAssembly in our process. When the WebAssembly itself fails
 * (a deeply nested JSON value or expression exhausts the engine's stack, an abort), PGlite catches
 * the exception and carries on: the query resolves with no rows and no error, and PostgreSQL's
 * state in memory is whatever it was mid-statement (seen: every later query answering nothing, or
 * failing with ERRORDATA_STACK_SIZE). So we watch for those failures, fail the query, and open the
 * data folder again: PostgreSQL's crash recovery replays the write-ahead log, so every committed
 * write is kept. The broken instance is dropped, not closed: closing would checkpoint its memory.
 */
export class EmbeddedDatabase {
  #pglite: PGlite;
  #broken = false;
  #failure: unknown;

  constructor(
    pglite: PGlite,
    /** Opens the data folder again, ready for queries (role set), after a failure. */
    private readonly reopen?: () => Promise<PGlite>,
    private readonly log?: EmbeddedLog,
  ) {
    this.#pglite = pglite;
    this.#watch(pglite);
  }

  get broken(): boolean {
    return this.#broken;
  }

  /** Runs one statement; a failure of the engine itself rejects and marks the instance broken. */
  async query<R>(text: string, parameters: readonly unknown[]) {
    if (this.#broken) throw restartedError();
    this.#failure = undefined;
    const pglite = this.#pglite;
    let result;
    try {
      result = await pglite.query<R>(text, [...parameters]);
    } catch (error) {
      if (this.#failure !== undefined) throw this.#breakDown();
      throw error;
    }
    if (this.#failure !== undefined) throw this.#breakDown();
    return result;
  }

  isInTransaction(): boolean {
    return !this.#broken && this.#pglite.isInTransaction();
  }

  markBroken(reason: string) {
    if (this.#broken) return;
    this.#broken = true;
    this.log?.warn({ reason }, 'embedded database: restarting it');
  }

  /** After a failure: a fresh instance on the same data, or an error when none could be opened. */
  async restart(): Promise<void> {
    if (!this.#broken) return;
    if (!this.reopen) throw restartedError();
    let pglite: PGlite;
    try {
      pglite = await this.reopen();
    } catch (error) {
      // Still broken: this request answers 503 and the next one tries again.
      throw Object.assign(restartedError(), { cause: error });
    }
    this.#watch(pglite);
    this.#pglite = pglite;
    this.#broken = false;
    this.log?.warn({}, 'embedded database: restarted');
  }

  async close(): Promise<void> {
    if (!this.#broken) await this.#pglite.close();
  }

  #breakDown() {
    const failure = this.#failure;
    this.markBroken(failure instanceof Error ? `${failure.name}: ${failure.message}` : String(failure));
    return restartedError();
  }

  // PGlite drives PostgreSQL's main loop through this export and swallows what it throws; a
  // PostgreSQL error arrives as the string 'unwind' (its longjmp) and is reported properly, so
  // anything else is the engine failing. If a PGlite version renames it, the test of this fails.
  #watch(pglite: PGlite) {
    const mod = (pglite as unknown as { mod?: Record<string, unknown> }).mod;
    const loop = mod?._PostgresMainLoopOnce;
    if (!mod || typeof loop !== 'function') return;
    mod._PostgresMainLoopOnce = (...args: unknown[]) => {
      try {
        return loop(...args);
      } catch (error) {
        if (error !== 'unwind') this.#failure = error;
        throw error;
      }
    };
  }
}

function restartedError() {
  return Object.assign(new Error('The embedded database failed and is being restarted'), {
    code: EMBEDDED_RESTARTED,
  });
}

/**
 * Kysely dialect for PGlite. PGlite is one connection that runs one query at a time, so the driver
 * hands that connection to one caller at a time: a transaction holds it from BEGIN to COMMIT and no
 * other request's statement can slip in between (which would also leak its tenant setting).
 * Written here because the published PGlite dialects pin PGlite versions older than PostGIS needs.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly database: EmbeddedDatabase) {}

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.database);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;

  constructor(private readonly database: EmbeddedDatabase) {
    this.connection = new PGliteConnection(database);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    if (this.database.broken) {
      // The first caller after a failure opens the data again while it holds the connection.
      try {
        await this.database.restart();
      } catch (error) {
        release();
        throw error;
      }
    }
    this.connection.release = release;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    const access = settings.accessMode ? ` ${settings.accessMode}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}${access}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(): Promise<void> {
    // Never throws: Kysely would report this error instead of the one that made it roll back.
    await this.endTransaction();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const pglite = connection as PGliteConnection;
    try {
      // One session for everyone: a transaction its caller left open (or failed to roll back)
      // would swallow every later request's statements, so it ends here.
      if (this.database.isInTransaction()) await this.endTransaction();
      if (pglite.failed) await this.checkHealth();
    } finally {
      pglite.failed = false;
      pglite.release();
    }
  }

  async destroy(): Promise<void> {
    // database.ts closes the PGlite instance (EmbeddedDatabase.close).
  }

  private async endTransaction() {
    if (this.database.broken) return; // its memory, open transaction included, is dropped
    try {
      await this.database.query('rollback', []);
    } catch (error) {
      this.database.markBroken(`rollback failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  // After a failed statement: PostgreSQL must still answer a trivial query correctly.
  private async checkHealth() {
    if (this.database.broken) return;
    const rows = await this.database
      .query<{ ok: number }>('select 1 as ok', [])
      .then((result) => result.rows)
      .catch(() => []);
    if (rows.length !== 1 || rows[0]?.ok !== 1) this.database.markBroken('a trivial query failed');
  }
}

class PGliteConnection implements DatabaseConnection {
  release: () => void = () => {};
  /** A statement failed while this caller held the connection. */
  failed = false;

  constructor(private readonly database: EmbeddedDatabase) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    let result;
    try {
      result = await this.database.query<R>(compiledQuery.sql, compiledQuery.parameters);
    } catch (error) {
      this.failed = true;
      throw error;
    }
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && { numAffectedRows: BigInt(affected) }),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported by the embedded database');
  }
}
