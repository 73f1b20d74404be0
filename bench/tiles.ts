// Tile endpoint throughput, run by hand (not a test; see bench/README.md):
//   npm run bench:tiles                  # fresh database bench_tiles, 5 s per measure
//   npm run bench:tiles -- --keep --seconds 10
// Prints, from one run: the bare ST_AsMVT query (pgbench, or a Node client without it), our
// endpoint with a cold and a warm tile cache, /api/v1/health, and the two ratios of issue 10.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CompiledQuery } from 'kysely';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database';
import type { Database } from '../apps/server/src/db/schema';
import { renderSiteTile, tileBounds } from '../apps/server/src/modules/tiles/tiles.render';
import { seedDemoTenants } from '../apps/server/src/seed/demo-tenants';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-users';

const { values } = parseArgs({
  options: {
    // PostgreSQL server (no database name); its user must create databases and run VACUUM ANALYZE.
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    seconds: { type: 'string', default: '5' },
    // What the client accepts, as a browser's map does; '' for uncompressed answers.
    'accept-encoding': { type: 'string', default: 'gzip, deflate, br' },
    // The server's log level: info, as in production, logs every request (two JSON lines).
    'log-level': { type: 'string', default: 'info' },
    // Reuse bench_tiles when it is there; else it is dropped and seeded again.
    keep: { type: 'boolean', default: false },
    // Write a V8 CPU profile of the server process into this folder (open it in Chrome's DevTools).
    profile: { type: 'string' },
    // Also print CPU time per request of the server, its PostgreSQL backends and this client,
    // read from /proc around each slice of the cached and health measures.
    cpu: { type: 'boolean', default: false },
  },
});
const serverUrl = values.url.replace(/\/+$/, '');
const seconds = Number(values.seconds);
if (!(seconds >= 1 && seconds <= 600)) {
  console.error('--seconds takes a number from 1 to 600');
  process.exit(2);
}
const DATABASE = 'bench_tiles';
const databaseUrl = `${serverUrl}/${DATABASE}`;
const TENANT = 'demo';
const Z = 14;
const CLIENTS = 4;
const acceptEncoding = values['accept-encoding'];
const PGBENCH = '/usr/lib/postgresql/15/bin/pgbench';
const repoRoot = path.resolve(import.meta.dirname, '..');

// ---------------------------------------------------------------------------------------------
// Database: the demo councils as `npm start` seeds them (demo has 20,000 sites)

async function prepareDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  let fresh = true;
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [DATABASE])).rowCount;
    if (exists && values.keep) fresh = false;
    // Only ever the benchmark's own database.
    else if (exists) await admin.query(`drop database ${DATABASE} with (force)`);
    if (fresh) await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  try {
    const started = performance.now();
    await seedDemoTenants(database.db);
    console.log(
      `Database ${DATABASE} ${fresh ? 'created' : 'kept'}; demo councils seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
  await asOwner(async (owner) => {
    await owner.query('vacuum analyze');
  });
}

async function asOwner<T>(work: (owner: pg.Client) => Promise<T>): Promise<T> {
  const owner = new pg.Client({ connectionString: databaseUrl });
  await owner.connect();
  try {
    return await work(owner);
  } finally {
    await owner.end();
  }
}

type Tile = { x: number; y: number };

/** The z14 tiles that meet the council's district (its `boundaries` row), west to east. */
async function districtTiles(tenantId: string): Promise<Tile[]> {
  const { size } = tileBounds(Z, 0, 0);
  const half = tileBounds(0, 0, 0).maxX;
  const { rows } = await asOwner((owner) =>
    owner.query<Tile>(
      `with d as (select ST_Transform(geom, 3857) as g from boundaries where tenant_id = $1 and kind = 'district'),
         r as (select floor((ST_XMin(g) + $2) / $3)::int as x0, floor((ST_XMax(g) + $2) / $3)::int as x1,
                      floor(($2 - ST_YMax(g)) / $3)::int as y0, floor(($2 - ST_YMin(g)) / $3)::int as y1 from d)
       select x, y from r, d, generate_series(r.x0, r.x1) x, generate_series(r.y0, r.y1) y
       where ST_Intersects(d.g, ST_TileEnvelope($4, x, y)) order by x, y`,
      [tenantId, half, size, Z],
    ),
  );
  if (rows.length === 0) throw new Error('the demo council has no district boundary');
  return rows;
}

// Stand-ins for x and y while capturing the SQL; never a real tile's numbers at z14.
const X_MARK = 98_765_431;
const Y_MARK = 98_765_437;

/**
 * The endpoint's own SQL for an unfiltered z14 sites tile, as `renderSiteTile` compiles it
 * (captured without a database), with x and y left as parameters: the bare query is exactly
 * the one we run, minus everything around it.
 */
async function tileQuery(tenantId: string): Promise<{ text: string; params: unknown[] }> {
  let captured: CompiledQuery | undefined;
  const recorder = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      if (event.level === 'query' && /ST_AsMVT\(/.test(event.query.sql)) captured = event.query;
    },
  });
  await recorder
    .transaction()
    .execute((trx) =>
      renderSiteTile(trx, tenantId, { z: Z, x: X_MARK, y: Y_MARK, layer: 'sites', filters: [] }, 'postgis'),
    );
  if (!captured) throw new Error('could not capture the tile query');
  return { text: captured.sql, params: [...captured.parameters] };
}

const withTile = (params: unknown[], tile: Tile) =>
  params.map((value) => (value === X_MARK ? tile.x : value === Y_MARK ? tile.y : value));

/** A pgbench script: the same statement with the parameters written in, and one of the tiles drawn at random. */
function pgbenchScript(query: { text: string; params: unknown[] }, tiles: Tile[]): string {
  const literal = (value: unknown) => {
    if (value === X_MARK) return ':x';
    if (value === Y_MARK) return ':y';
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
    throw new Error(`no literal for ${String(value)}`);
  };
  const text = query.text.replace(/\$(\d+)/g, (_m, n: string) => literal(query.params[Number(n) - 1]));
  const pick = (axis: 'x' | 'y') =>
    `\\set ${axis} case ${tiles.map((tile, i) => `when :i = ${i} then ${tile[axis]}`).join(' ')} else -1 end`;
  return [
    `\\set i random(0, ${tiles.length - 1})`,
    pick('x'),
    pick('y'),
    // pgbench reads one line per statement: comments out, then onto one line.
    `${text
      .replace(/--[^\n]*/g, '')
      .replace(/\s+/g, ' ')
      .trim()};`,
    '',
  ].join('\n');
}

// The application role with the council's tenant set, as the endpoint's queries run.
const appSessionOptions = (tenantId: string) =>
  `-c role=planning_app -c app.tenant_id=${tenantId} -c jit=off -c max_parallel_workers_per_gather=0`;

type Rate = { perSecond: number; requests: number; note: string };

async function bareWithPgbench(tenantId: string, script: string): Promise<Rate> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-tiles-'));
  try {
    const file = path.join(dir, 'tile.sql');
    await writeFile(file, script);
    const url = new URL(databaseUrl);
    const args = (duration: number) => [
      ...['-n', '-M', 'extended', '-c', String(CLIENTS), '-j', String(CLIENTS), '-T', String(duration)],
      ...['-h', url.hostname, '-p', url.port || '5432', '-f', file],
      ...(url.username ? ['-U', decodeURIComponent(url.username)] : []),
      DATABASE,
    ];
    const env: NodeJS.ProcessEnv = { ...process.env, PGOPTIONS: appSessionOptions(tenantId) };
    if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
    // A short untimed run first, so every connection's caches are warm.
    spawnSync(PGBENCH, args(1), { env });
    const run = spawnSync(PGBENCH, args(seconds), { env, encoding: 'utf8' });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout);
    const done = /number of transactions actually processed: (\d+)/.exec(run.stdout);
    if (run.status !== 0 || !tps) throw new Error(`pgbench failed: ${run.stderr}${run.stdout}`);
    return {
      perSecond: Number(tps[1]),
      requests: Number(done?.[1] ?? 0),
      note: 'pgbench, extended protocol',
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function bareWithNode(
  tenantId: string,
  query: { text: string; params: unknown[] },
  tiles: Tile[],
): Promise<Rate> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: CLIENTS,
    options: appSessionOptions(tenantId),
  });
  try {
    let next = 0;
    const loop = async (until: number) => {
      let done = 0;
      while (performance.now() < until) {
        const tile = tiles[next++ % tiles.length]!;
        await pool.query(query.text, withTile(query.params, tile));
        done += 1;
      }
      return done;
    };
    const clients = (until: number) => Promise.all(Array.from({ length: CLIENTS }, () => loop(until)));
    await clients(performance.now() + 1000);
    const started = performance.now();
    const counts = await clients(started + seconds * 1000);
    const requests = counts.reduce((a, b) => a + b, 0);
    return {
      perSecond: requests / ((performance.now() - started) / 1000),
      requests,
      note: 'Node pg client, 4 connections (no pgbench)',
    };
  } finally {
    await pool.end();
  }
}

// ---------------------------------------------------------------------------------------------
// The server: a real process, as `npm start` runs it, driven over HTTP

async function startServer(): Promise<{ process: ChildProcess; base: string; close(): Promise<void> }> {
  // Its output goes to a file, as a deployment's would: a pipe the benchmark had to drain while
  // driving the load would stall every log line of the server.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-tiles-server-'));
  const logFile = path.join(dir, 'server.log');
  const log = await open(logFile, 'w');
  const profile = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile)}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      APP_URL_TEMPLATE: 'http://{tenant}.planning.test',
      ALLOW_UNSCANNED_UPLOADS: 'true',
      SEED_DEMO: 'false',
      LOG_LEVEL: values['log-level'],
    },
    stdio: ['ignore', log.fd, log.fd],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = performance.now() + 120_000;
  for (;;) {
    const output = await readFile(logFile, 'utf8');
    const found = /running at https?:\/\/[\w.-]+:(\d+)/.exec(output);
    if (found) {
      const close = async () => {
        if (child.exitCode === null) {
          const gone = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await gone;
        }
        await log.close();
        await rm(dir, { recursive: true, force: true });
      };
      return { process: child, base: `http://127.0.0.1:${found[1]}`, close };
    }
    if (exited || performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

function request(
  base: string,
  pathname: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const sent = acceptEncoding ? { 'accept-encoding': acceptEncoding, ...headers } : headers;
    const req = http.request(`${base}${pathname}`, { method, agent, headers: sent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function signIn(base: string): Promise<Record<string, string>> {
  const answer = await request(
    base,
    '/api/v1/auth/firebase-auth/login',
    { 'x-tenant': TENANT, 'content-type': 'application/json' },
    'POST',
    JSON.stringify({ email: `admin@${TENANT}.test`, password: DEMO_PASSWORD }),
  );
  const cookie = [answer.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('planning_session='));
  if (answer.status !== 200 || !cookie)
    throw new Error(`sign-in failed: ${answer.status} ${answer.body.toString()}`);
  return { 'x-tenant': TENANT, cookie: cookie.split(';')[0]! };
}

/**
 * Four keep-alive clients taking paths from one queue until it runs dry or time is up; every
 * answer must be 200 or 204 (an empty tile), or the run stops with the first other one.
 */
async function drive(
  base: string,
  headers: Record<string, string>,
  next: () => string | undefined,
  until = Infinity,
): Promise<number> {
  let done = 0;
  const client = async () => {
    for (let p = next(); p !== undefined && performance.now() < until; p = next()) {
      const answer = await request(base, p, headers);
      if (answer.status !== 200 && answer.status !== 204)
        throw new Error(`${p}: ${answer.status} ${answer.body.toString().slice(0, 200)}`);
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return done;
}

const tilePath = (tile: Tile) => `/api/v1/vector-tiles/sites/${Z}/${tile.x}/${tile.y}`;

type Load = { headers: Record<string, string>; paths: string[] };

/** CPU seconds used so far, per side: the server process, its PostgreSQL backends, this client. */
type Cpu = { server: number; postgres: number; client: number };

const TICK = 1 / 100; // USER_HZ on Linux
function processCpu(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK;
  } catch {
    return 0;
  }
}

/** Reads the CPU of the server, of the application role's backends on the benchmark's database, and of this process. */
function cpuMeter(serverPid: number, owner: pg.Client): () => Promise<Cpu> {
  return async () => {
    const { rows } = await owner.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 and usename = 'planning_app'`,
      [DATABASE],
    );
    const own = process.cpuUsage();
    return {
      server: processCpu(serverPid),
      postgres: rows.reduce((sum, row) => sum + processCpu(row.pid), 0),
      client: (own.user + own.system) / 1e6,
    };
  };
}

/**
 * Requests per second of two loads, each cycling through its paths, after a second's warm-up:
 * measured in alternating one-second slices until each has had `seconds`, so a change in what
 * else the machine is doing weighs on both alike.
 */
async function timedSideBySide(
  base: string,
  loads: [Load, Load],
  meter?: () => Promise<Cpu>,
): Promise<[Rate, Rate]> {
  const tallies = loads.map((load) => {
    let i = 0;
    const cpu: Cpu = { server: 0, postgres: 0, client: 0 };
    return { load, next: () => load.paths[i++ % load.paths.length], requests: 0, ms: 0, cpu };
  });
  for (const tally of tallies) await drive(base, tally.load.headers, tally.next, performance.now() + 1000);
  while (tallies.some((tally) => tally.ms < seconds * 1000)) {
    for (const tally of tallies) {
      const before = await meter?.();
      const started = performance.now();
      tally.requests += await drive(base, tally.load.headers, tally.next, started + 1000);
      tally.ms += performance.now() - started;
      const after = await meter?.();
      if (before && after)
        for (const side of ['server', 'postgres', 'client'] as const)
          tally.cpu[side] += after[side] - before[side];
    }
  }
  const micros = (tally: (typeof tallies)[number], side: keyof Cpu) =>
    `${side} ${((tally.cpu[side] / tally.requests) * 1e6).toFixed(0)} µs`;
  const rate = (tally: (typeof tallies)[number]): Rate => ({
    perSecond: tally.requests / (tally.ms / 1000),
    requests: tally.requests,
    note: meter
      ? `CPU per request: ${(['server', 'postgres', 'client'] as const).map((side) => micros(tally, side)).join(', ')}`
      : '',
  });
  return [rate(tallies[0]!), rate(tallies[1]!)];
}

/**
 * Cold: each round first bumps the council's data version in the database (as any edit of its
 * sites does, from any process), so every cached tile is stale; then the 285 tiles are asked for
 * once each, shared among the four clients, so every request renders its tile. Only the rounds
 * are timed, not the bumps; rounds repeat until `seconds` of them have run.
 */
async function cold(
  base: string,
  headers: Record<string, string>,
  tenantId: string,
  tiles: Tile[],
  budgetMs: number,
): Promise<Rate & { ms: number; rounds: number }> {
  const owner = new pg.Client({ connectionString: databaseUrl });
  await owner.connect();
  try {
    const bump = () =>
      owner.query(
        `insert into site_data_versions (tenant_id, version) values ($1, 2)
         on conflict (tenant_id) do update set version = site_data_versions.version + 1`,
        [tenantId],
      );
    const round = async () => {
      await bump();
      let i = 0;
      const started = performance.now();
      const n = await drive(base, headers, () => (i < tiles.length ? tilePath(tiles[i++]!) : undefined));
      return { n, ms: performance.now() - started };
    };
    await round();
    let requests = 0;
    let ms = 0;
    let rounds = 0;
    while (ms < budgetMs) {
      const r = await round();
      requests += r.n;
      ms += r.ms;
      rounds += 1;
    }
    return { perSecond: requests / (ms / 1000), requests, note: '', ms, rounds };
  } finally {
    await owner.end();
  }
}

// ---------------------------------------------------------------------------------------------

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const loadBefore = load();
await prepareDatabase();
const tenantId = (
  await asOwner((owner) => owner.query<{ id: string }>('select id from tenants where name = $1', [TENANT]))
).rows[0]!.id;
const tiles = await districtTiles(tenantId);
const query = await tileQuery(tenantId);
console.log(
  `${tiles.length} z${Z} tiles over the district, ${CLIENTS} keep-alive clients, ${seconds} s per measure, ` +
    `Accept-Encoding: ${acceptEncoding || '(none)'}`,
);

const server = await startServer();
// Should the benchmark itself fail, the server goes with it.
process.once('exit', () => server.process.exitCode === null && server.process.kill('SIGKILL'));
let results: { bare: Rate; cold: Rate; cached: Rate; health: Rate };
try {
  const headers = await signIn(server.base);
  // Cold halves either side of the bare query, so both see the machine alike.
  const before = await cold(server.base, headers, tenantId, tiles, (seconds * 1000) / 2);
  const bare = existsSync(PGBENCH)
    ? await bareWithPgbench(tenantId, pgbenchScript(query, tiles))
    : await bareWithNode(tenantId, query, tiles);
  const after = await cold(server.base, headers, tenantId, tiles, (seconds * 1000) / 2);
  const rounds = before.rounds + after.rounds;
  const coldRate: Rate = {
    perSecond: (before.requests + after.requests) / ((before.ms + after.ms) / 1000),
    requests: before.requests + after.requests,
    note: `${rounds} rounds of ${tiles.length} tiles`,
  };
  // Warm: one pass fills the cache, then the same tiles over and over.
  let i = 0;
  await drive(server.base, headers, () => (i < tiles.length ? tilePath(tiles[i++]!) : undefined));
  const owner = new pg.Client({ connectionString: databaseUrl });
  await owner.connect();
  const [cachedRate, healthRate] = await timedSideBySide(
    server.base,
    [
      { headers, paths: tiles.map(tilePath) },
      { headers: {}, paths: ['/api/v1/health'] },
    ],
    values.cpu && server.process.pid ? cpuMeter(server.process.pid, owner) : undefined,
  ).finally(() => owner.end());
  results = { bare, cold: coldRate, cached: cachedRate, health: healthRate };
} finally {
  agent.destroy();
  await server.close();
}

const f = (rate: Rate) =>
  `${rate.perSecond.toFixed(0).padStart(6)} /s  (${rate.requests} requests${rate.note ? `; ${rate.note}` : ''})`;
const coldRatio = results.cold.perSecond / results.bare.perSecond;
const cachedRatio = results.cached.perSecond / results.health.perSecond;
console.log(`
bare ST_AsMVT query     ${f(results.bare)}
endpoint, cold tiles    ${f(results.cold)}
endpoint, cached tiles  ${f(results.cached)}
/api/v1/health          ${f(results.health)}

cold ÷ bare      ${coldRatio.toFixed(2)}  (target ≥ 0.5: ${coldRatio >= 0.5 ? 'met' : 'missed'})
cached ÷ health  ${cachedRatio.toFixed(2)}  (target ≥ 0.8: ${cachedRatio >= 0.8 ? 'met' : 'missed'})

${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; load average before ${loadBefore}, after ${load()}`);
