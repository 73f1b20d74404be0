import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { ConfigError, type Config } from '../config';
import { migrate, type SqlRunner } from './migrate';
import { openPglite, pgliteExtensions } from './pglite-image';
import { EmbeddedDatabase, PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';
import { syncFeatureCatalogue } from './catalogue';

export type DatabaseKind = 'embedded' | 'postgres';

/** The role every application query runs as (created by migration 0001, a login since 0011). */
export const APP_ROLE = 'planning_app';

export type AppDatabase = {
  kind: DatabaseKind;
  /** Runs as the application role: row-level security applies to everything it does. */
  db: Kysely<Database>;
  /**
   * One statement of a hot path (the session check), as the application role: on PostgreSQL a
   * named prepared statement, parsed and planned once per connection instead of on every call.
   * `text` must be the same for every call under one `name`.
   */
  prepared<R>(name: string, text: string, values: readonly unknown[]): Promise<R[]>;
  close(): Promise<void>;
};

/** Where the database reports connection trouble it recovers from by itself (a pino logger). */
export type DatabaseLog = { warn(details: object, message: string): void };

export type OpenOptions =
  | { kind: 'embedded'; dataDir: string; migrationsDir?: string; log?: DatabaseLog }
  | {
      kind: 'postgres';
      /** The owner's login: migrations and the feature catalogue, at start only. */
      url: string;
      /** The request pool's address; by default `url` with the application role as the user. */
      appUrl?: string;
      /** The application role's password, set by the owner at start (DATABASE_APP_PASSWORD). */
      appPassword?: string;
      migrationsDir?: string;
      poolSize?: number;
      parallelWorkers?: number;
      /** How long a request waits for a new connection before it fails (the database is down). */
      connectionTimeoutMs?: number;
      log?: DatabaseLog;
    };

/** The options `npm start` and `npm run seed` open the configured database with. */
export function databaseOptions(
  config: Pick<
    Config,
    'databaseUrl' | 'databaseAppUrl' | 'databaseAppPassword' | 'databaseParallelWorkers' | 'dataDir'
  >,
  log?: DatabaseLog,
): OpenOptions {
  if (!config.databaseUrl) return { kind: 'embedded', dataDir: config.dataDir, ...(log && { log }) };
  return {
    kind: 'postgres',
    url: config.databaseUrl,
    ...(config.databaseAppUrl && { appUrl: config.databaseAppUrl }),
    ...(config.databaseAppPassword && { appPassword: config.databaseAppPassword }),
    parallelWorkers: config.databaseParallelWorkers,
    ...(log && { log }),
  };
}

/**
 * Opens the database, applies migrations and the feature catalogue as the owner,
 * then hands back a handle that runs as the unprivileged application role.
 */
export async function openDatabase(options: OpenOptions): Promise<AppDatabase> {
  return options.kind === 'embedded' ? openEmbedded(options) : openPostgres(options);
}

// Without a logger (tests, scripts) connection trouble still shows, once per event, on stderr.
const stderrLog: DatabaseLog = {
  warn: (details, message) => process.stderr.write(`${message} ${JSON.stringify(details)}\n`),
};

async function openEmbedded(options: {
  dataDir: string;
  migrationsDir?: string;
  log?: DatabaseLog;
}): Promise<AppDatabase> {
  await mkdir(options.dataDir, { recursive: true });
  // A new folder starts from the kept image of an empty database with PostGIS (pglite-image.ts).
  const pglite = await openPglite(options.dataDir);
  const create = () => PGlite.create(options.dataDir, { extensions: pgliteExtensions });
  try {
    const runner: SqlRunner = {
      exec: async (sql) => {
        await pglite.exec(sql);
      },
      query: async <T>(sql: string, params: unknown[] = []) => (await pglite.query<T>(sql, params)).rows,
    };
    await migrate(runner, options.migrationsDir);
    await syncFeatureCatalogue(runner);
    // PGlite is a single session: from here on everything runs as the application role.
    await pglite.exec(`set role ${APP_ROLE}`);
  } catch (error) {
    await pglite.close();
    throw error;
  }
  const reopen = async () => {
    const fresh = await create();
    await fresh.exec(`set role ${APP_ROLE}`);
    return fresh;
  };
  const embedded = new EmbeddedDatabase(pglite, reopen, options.log ?? stderrLog);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(embedded) });
  return {
    kind: 'embedded',
    db,
    prepared: async <R>(_name: string, text: string, values: readonly unknown[]) =>
      (await db.executeQuery<R>(CompiledQuery.raw(text, [...values]))).rows,
    close: async () => {
      await db.destroy();
      await embedded.close();
    },
  };
}

export const DEFAULT_PARALLEL_WORKERS = 1;
export const DEFAULT_CONNECTION_TIMEOUT_MS = 5_000;

async function openPostgres(options: Extract<OpenOptions, { kind: 'postgres' }>): Promise<AppDatabase> {
  const log = options.log ?? stderrLog;
  const owner = new pg.Client({ connectionString: options.url });
  // A long-lived client: a connection error while it waits between statements must not crash us.
  owner.on('error', (error) => log.warn(connectionError(error), 'database: migration connection failed'));
  await owner.connect();
  try {
    // Several servers may start at once: one migrates, the others wait for it.
    await owner.query("select pg_advisory_lock(hashtext('planning-platform-migrations'))");
    const runner: SqlRunner = {
      exec: async (sql) => {
        await owner.query(sql);
      },
      query: async <T>(sql: string, params: unknown[] = []) => (await owner.query(sql, params)).rows as T[],
    };
    await migrate(runner, options.migrationsDir);
    await syncFeatureCatalogue(runner);
    // Under the lock: servers starting together never alter the role at the same time.
    if (options.appPassword !== undefined) await setAppPassword(owner, options.appPassword);
  } finally {
    await owner.end().catch(() => undefined);
  }

  const pool = new pg.Pool({
    connectionString: options.appUrl ?? appConnectionString(options.url, options.appPassword),
    max: options.poolSize ?? 10,
    // While the database is down a request fails after this long instead of waiting forever.
    connectionTimeoutMillis: options.connectionTimeoutMs ?? DEFAULT_CONNECTION_TIMEOUT_MS,
    // Notices a silently dropped connection (a failover, a firewall) instead of waiting on it.
    keepAlive: true,
    // JIT compiling pays off for long analytical queries; ours are short, and on a search over a
    // million sites compiling took 26 ms of the page query and 250 ms of a filtered overview tile.
    // One parallel worker by default: on a 2-core server the leader and one worker use both cores;
    // PostgreSQL's default of two made a million-site count slower and less steady (bench/).
    options: `-c jit=off -c max_parallel_workers_per_gather=${options.parallelWorkers ?? DEFAULT_PARALLEL_WORKERS}`,
  });
  // node-postgres emits 'error' when a connection dies (a restart ends every session); with no
  // listener Node would exit. The pool drops an idle one itself and reports it here; a checked-out
  // one fails its query, and the pool drops it when it is released (it is no longer queryable).
  pool.on('error', (error) => log.warn(connectionError(error), 'database: idle connection lost'));
  pool.on('connect', (client) => {
    client.on('error', (error) => log.warn(connectionError(error), 'database: connection lost'));
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await checkAppRole(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    kind: 'postgres',
    db,
    prepared: async <R>(name: string, text: string, values: readonly unknown[]) =>
      (await pool.query<R & pg.QueryResultRow>({ name, text, values: [...values] })).rows,
    close: () => db.destroy(),
  };
}

function connectionError(error: unknown) {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return { code, message };
}

/** The owner's address with the application role as the user (and its password when there is one). */
export function appConnectionString(ownerUrl: string, password?: string): string {
  const url = new URL(ownerUrl);
  // node-postgres lets user and password query parameters win over the address's user part,
  // and they also work for a socket address, which has no host to put a user in front of.
  url.username = '';
  url.password = '';
  url.searchParams.set('user', APP_ROLE);
  if (password) url.searchParams.set('password', password);
  else url.searchParams.delete('password');
  return url.toString();
}

/**
 * Sets the application role's password as a SCRAM-SHA-256 verifier made here, so the password
 * itself never reaches the server (nor a server log of DDL statements).
 */
async function setAppPassword(owner: pg.Client, password: string) {
  const statement = (
    await owner.query<{ statement: string }>('select format($1, $2::text, $3::text) as statement', [
      'alter role %I password %L',
      APP_ROLE,
      scramVerifier(password),
    ])
  ).rows[0]!.statement;
  try {
    await owner.query(statement);
  } catch (error) {
    throw new ConfigError(
      `DATABASE_APP_PASSWORD is set, but the DATABASE_URL user may not set ${APP_ROLE}'s password ` +
        `(it needs CREATEROLE): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** PostgreSQL's stored form of a password for SCRAM-SHA-256 (RFC 5802, 7677), as psql's \password makes it. */
export function scramVerifier(password: string, salt = randomBytes(16), iterations = 4096): string {
  // As node-postgres hashes it when it logs in (no SASLprep): the two must agree.
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

/**
 * The request pool's login must be a role that row-level security binds and that cannot become
 * one it does not bind: a future SQL injection could otherwise `reset role` or `set role` past
 * every tenant policy. Refuses to start otherwise (decision 0008).
 */
export async function checkAppRole(db: Kysely<Database>): Promise<void> {
  // Every role the login is or can become (itself included), with what makes each one privileged.
  const { rows } = await sql<{ sessionUser: string; role: string; problem: string }>`
    with reachable as (
      select r.oid, r.rolname, r.rolsuper, r.rolbypassrls, r.rolcreaterole
      from pg_roles r
      where pg_has_role(session_user, r.oid, 'MEMBER')
    ), problems as (
      select rolname, 'is a superuser' as problem from reachable where rolsuper
      union all select rolname, 'has BYPASSRLS' from reachable where rolbypassrls
      union all select rolname, 'has CREATEROLE' from reachable where rolcreaterole
      union all select rolname, 'owns tables or other relations' from reachable r
        where exists (select from pg_class c where c.relowner = r.oid)
      union all select rolname, 'owns schemas' from reachable r
        where exists (select from pg_namespace n where n.nspowner = r.oid)
      union all select rolname, 'owns functions' from reachable r
        where exists (select from pg_proc p where p.proowner = r.oid)
      union all select rolname, 'owns the database' from reachable r
        where exists (select from pg_database d where d.datname = current_database() and d.datdba = r.oid)
    )
    select session_user::text as "sessionUser", rolname::text as role, problem from problems
    order by rolname <> session_user, rolname, problem`.execute(db);
  if (rows.length === 0) return;
  const sessionUser = rows[0]!.sessionUser;
  // A superuser is a member of every role: its other findings are noise.
  const superuser = rows.some((row) => row.role === sessionUser && row.problem === 'is a superuser');
  const problems = superuser
    ? ['is a superuser']
    : rows.map((row) =>
        row.role === sessionUser ? row.problem : `can SET ROLE to ${row.role}, which ${row.problem}`,
      );
  throw new ConfigError(
    `the database pool logs in as "${sessionUser}", but it ${problems.join('; ')}. ` +
      `Requests must run as ${APP_ROLE}, a login that is no superuser and owns nothing ` +
      '(see DATABASE_APP_URL and docs/decisions/0008-app-login-role.md).',
  );
}
