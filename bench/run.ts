// Site search and vector tile benchmark, run by hand (not a test; see bench/README.md):
//   npm run bench -- --driver postgres --sites 250000
//   npm run bench -- --driver postgres --sites 1000000 --runs 30
//   npm run bench -- --driver embedded --sites 20000
// Add --keep to reuse an already seeded database instead of starting from a fresh one.
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { SITE_TILE, type SearchFilter } from '@planning/shared';
import { openDatabase, type AppDatabase } from '../apps/server/src/db/database';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { clearTotalsCache, flexibleSearch } from '../apps/server/src/modules/search/search.service';
import { demoDistrict } from '../apps/server/src/modules/sites/sites.generator';
import { tileBounds } from '../apps/server/src/modules/tiles/tiles.render';
import {
  clearTileCache,
  serveSiteTile,
  siteCellsSettled,
} from '../apps/server/src/modules/tiles/tiles.service';
import { BENCH_TENANT, count, ms, seedBenchCouncil, startBenchApp, stats, time } from './common';

const { values } = parseArgs({
  options: {
    driver: { type: 'string', default: 'postgres' },
    sites: { type: 'string', default: '250000' },
    runs: { type: 'string', default: '50' },
    // Reuse bench_<N> (or bench/.data/pglite_<N>) when it exists; else it is dropped and made again.
    keep: { type: 'boolean', default: false },
    // PostgreSQL server (no database name); its user must create databases and run VACUUM ANALYZE.
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    // Keep the demo's density (and so its site sizes) by growing the district with the count,
    // instead of packing every site into Tonbridge and Malling. Database bench_<N>_spread.
    spread: { type: 'boolean', default: false },
  },
});

if (values.driver !== 'postgres' && values.driver !== 'embedded') {
  console.error('--driver is postgres or embedded');
  process.exit(2);
}
const driver: 'postgres' | 'embedded' = values.driver;
const sites = Number(values.sites);
const runs = Number(values.runs);
if (!Number.isInteger(sites) || sites < 1 || sites > 5_000_000) {
  console.error('--sites takes a whole number from 1 to 5,000,000');
  process.exit(2);
}
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs takes a whole number of at least 1');
  process.exit(2);
}
const WARM_UP = 3;
const TENANT = BENCH_TENANT;
const databaseName = `bench_${sites}${values.spread ? '_spread' : ''}`;
const dataDir = path.join(import.meta.dirname, '.data', `pglite_${sites}${values.spread ? '_spread' : ''}`);
const serverUrl = values.url.replace(/\/+$/, '');

// ---------------------------------------------------------------------------------------------
// Helpers

const kib = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KiB`;

type Row = { measure: string; median: string; p95: string; bytes: string; bare: string; ratio: string };
const rows: Row[] = [];
function report(row: Partial<Row> & { measure: string }) {
  const full = { median: '', p95: '', bytes: '', bare: '', ratio: '', ...row };
  rows.push(full);
  const extra = [full.bytes, full.bare && `bare ${full.bare}`, full.ratio && `ratio ${full.ratio}`]
    .filter(Boolean)
    .join(', ');
  console.log(`  ${full.measure}: median ${full.median} ms, p95 ${full.p95} ms${extra ? ` (${extra})` : ''}`);
}

/** Runs SQL as the database owner (VACUUM, version); the app's own handle is an unprivileged role. */
async function asOwner<T>(
  database: AppDatabase,
  work: (query: (text: string) => Promise<T[]>) => Promise<void>,
) {
  if (driver === 'postgres') {
    const owner = new pg.Client({ connectionString: `${serverUrl}/${databaseName}` });
    await owner.connect();
    try {
      await work(async (text) => (await owner.query(text)).rows as T[]);
    } finally {
      await owner.end();
    }
  } else {
    // PGlite is one session: step out of the application role and back.
    await sql`reset role`.execute(database.db);
    try {
      await work(async (text) => (await sql.raw<T>(text).execute(database.db)).rows);
    } finally {
      await sql`set role planning_app`.execute(database.db);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// 1. Database, council and sites

async function open(): Promise<AppDatabase> {
  if (driver === 'embedded') {
    if (!values.keep) await rm(dataDir, { recursive: true, force: true });
    console.log(`PGlite in ${path.relative(process.cwd(), dataDir)}${values.keep ? ' (kept)' : ''}`);
    return openDatabase({ kind: 'embedded', dataDir });
  }
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [databaseName]))
      .rowCount;
    if (exists && !values.keep) {
      // Only ever the benchmark's own database, named after the count.
      await admin.query(`drop database ${databaseName} with (force)`);
    }
    if (!exists || !values.keep) await admin.query(`create database ${databaseName}`);
    console.log(`PostgreSQL database ${databaseName}${exists && values.keep ? ' (kept)' : ' (new)'}`);
  } finally {
    await admin.end();
  }
  return openDatabase({ kind: 'postgres', url: `${serverUrl}/${databaseName}` });
}

/** The demo district, or (with --spread) the same shape grown so density matches the demo's 20,000. */
const scale = values.spread ? Math.sqrt(sites / 20_000) : 1;
const [ox, oy] = demoDistrict.outline[0]!;
const district = {
  ...demoDistrict,
  name: TENANT,
  outline: demoDistrict.outline.map(
    ([x, y]) => [ox + (x - ox) * scale, oy + (y - oy) * scale] as [number, number],
  ),
};

const loadBefore = os.loadavg();
const [openMs, database] = await time(open);
console.log(`Opened and migrated in ${(openMs / 1000).toFixed(1)} s`);
let seedSeconds: number | null = null;
let serverVersion = '';

try {
  // The same functions as the seed command (npm run seed): a council and the demo sign-ins.
  const seeded = await seedBenchCouncil(database, sites, district);
  const { tenantId, present } = seeded;
  seedSeconds = seeded.seedSeconds;

  // Planner statistics as autovacuum would leave them. Only the owner may gather them (the
  // application role's ANALYZE is skipped with a warning).
  const [vacuumMs] = await time(() =>
    asOwner<{ version: string }>(database, async (query) => {
      // Every table the measures read: a table never vacuumed has no visibility map, so each
      // read first sets hint bits (a write) and index-only scans cannot skip the heap.
      for (const table of ['sites', 'site_search_rows', 'site_tags', 'tags'])
        await query(`vacuum analyze ${table}`);
      const [pgRow] = await query('select version() as version');
      const [gisRow] = await query('select postgis_lib_version() as version');
      serverVersion = `${pgRow?.version.split(' on ')[0] ?? '?'}, PostGIS ${gisRow?.version ?? '?'}`;
    }),
  );
  console.log(`VACUUM ANALYZE in ${(vacuumMs / 1000).toFixed(1)} s; ${serverVersion}\n`);

  // -------------------------------------------------------------------------------------------
  // 2a. Flexible search with three filters, first page of 50 plus the total. Thresholds come from
  // the data (sites shrink as the count grows), so each filter keeps a fixed share of them:
  // area between the 40th and 60th percentile, 'Suitable', capacity at or above the median.
  console.log('Search');
  // When most sites share the median capacity (1,000,000 tiny sites: 0 or 1 homes), "at or above
  // the median" would keep them all: the next value up is taken instead.
  const q = await withTenant(database.db, tenantId, async (trx) => {
    const { rows: found } = await sql<{ low: number; high: number; capacity: number }>`
      with p as (
        select percentile_disc(0.4) within group (order by size_ha)::float8 as low,
               percentile_disc(0.6) within group (order by size_ha)::float8 as high,
               percentile_disc(0.5) within group (order by optimised_unit_capacity)::float8 as median,
               min(optimised_unit_capacity)::float8 as least
        from sites where scenario_name = 'Base')
      select low, high,
        case when median > least then median
             else coalesce((select min(optimised_unit_capacity)::float8 from sites
               where scenario_name = 'Base' and optimised_unit_capacity > least), least)
        end as capacity
      from p`.execute(trx);
    const picked = found[0]!;
    const { rows: shares } = await sql<{ area: number; suitable: number; capacity: number }>`
      select avg((size_ha between ${picked.low} and ${picked.high})::int)::float8 as area,
             avg((suitability_assessment_result = 'Suitable')::int)::float8 as suitable,
             avg((optimised_unit_capacity >= ${picked.capacity})::int)::float8 as capacity
      from sites where scenario_name = 'Base'`.execute(trx);
    return { ...picked, share: shares[0]! };
  });
  const filters: SearchFilter[] = [
    { type: 'range', dbPropertyName: 'size_ha', value: { min: q.low, max: q.high } },
    { type: 'checkboxesList', dbPropertyName: 'suitability_assessment_result', value: ['Suitable'] },
    { type: 'number', dbPropertyName: 'optimised_unit_capacity', equality: 'GE', value: q.capacity },
  ];
  const pct = (share: number) => `${Math.round(share * 100)} %`;
  console.log(
    `  filters: size_ha ${q.low}–${q.high} (${pct(q.share.area)} of sites), suitability 'Suitable' (${pct(q.share.suitable)}), optimised_unit_capacity >= ${q.capacity} (${pct(q.share.capacity)})`,
  );
  const searchTimes: number[] = [];
  const nextPageTimes: number[] = [];
  let total = 0;
  const page = (offset: number) =>
    flexibleSearch(database.db, tenantId, {
      filters,
      attributes: ['site_name', 'size_ha', 'status'],
      limit: 50,
      offset,
    });
  for (let i = 0; i < WARM_UP + runs; i += 1) {
    // The first page of a new search counts its total; the next pages take it from the cache.
    clearTotalsCache(database.db);
    const [took, answer] = await time(() => page(0));
    total = answer.total;
    const [tookNext] = await time(() => page(50));
    if (i >= WARM_UP) {
      searchTimes.push(took);
      nextPageTimes.push(tookNext);
    }
  }
  const search = stats(searchTimes);
  report({
    measure: `search, 3 filters (keeping ${pct(q.share.area)}, ${pct(q.share.suitable)}, ${pct(q.share.capacity)}), page of 50 + total (${count(total)} of ${count(present)} match)`,
    median: ms(search.median),
    p95: ms(search.p95),
  });
  const nextPage = stats(nextPageTimes);
  report({
    measure: 'the same search, second page of 50 (total from the cache)',
    median: ms(nextPage.median),
    p95: ms(nextPage.p95),
  });

  // -------------------------------------------------------------------------------------------
  // 2b/2c. Tiles around the middle of the sites: the 3×3 tiles around the centre in turn, the tile
  // cache cleared before each, and on PostgreSQL the bare ST_AsMVT of the same tile right after.
  const centre = await withTenant(database.db, tenantId, async (trx) => {
    const { rows: found } = await sql<{ x: number; y: number }>`
      select ST_X(ST_Centroid(ST_Extent(point_3857))) as x, ST_Y(ST_Centroid(ST_Extent(point_3857))) as y
      from sites`.execute(trx);
    return found[0]!;
  });
  const world = tileBounds(0, 0, 0);
  /**
   * The 3×3 tiles around the centre that hold sites (at z8 and z10 the whole district may fit in
   * one or two: empty tiles would make the median meaningless), with how many sites each meets.
   */
  const tilesAround = async (z: number) => {
    const size = world.size / 2 ** z;
    const cx = Math.floor((centre.x - world.minX) / size);
    const cy = Math.floor((world.maxY - centre.y) / size);
    const around = [-1, 0, 1].flatMap((dy) => [-1, 0, 1].map((dx) => ({ x: cx + dx, y: cy + dy })));
    const counted = await withTenant(database.db, tenantId, async (trx) => {
      const found: { x: number; y: number; sites: number }[] = [];
      for (const tile of around) {
        const { rows: n } = await sql<{ n: number }>`
          select count(*)::int as n from sites
          where scenario_name = 'Base' and geom_3857 && ST_TileEnvelope(${z}::int, ${tile.x}::int, ${tile.y}::int)`.execute(
          trx,
        );
        found.push({ ...tile, sites: n[0]!.n });
      }
      return found;
    });
    const occupied = counted.filter((tile) => tile.sites > 0);
    const tiles = occupied.length > 0 ? occupied : counted;
    const counts = tiles.map((tile) => tile.sites);
    const range =
      Math.min(...counts) === Math.max(...counts)
        ? count(counts[0]!)
        : `${count(Math.min(...counts))}–${count(Math.max(...counts))}`;
    const centreSites = counted.find((tile) => tile.x === cx && tile.y === cy)?.sites ?? 0;
    const what = `${tiles.length}/9 tiles around the centre hold sites, ${range} each; centre ${count(centreSites)}`;
    return {
      cx,
      cy,
      tiles,
      what,
      label: tiles.length === 1 ? `1 tile, ${range} sites` : `${tiles.length} tiles, ${range} sites each`,
    };
  };

  /** The plain query: every site meeting the tile, its polygon and the popup's properties. */
  const bareTile = (z: number, x: number, y: number) =>
    withTenant(database.db, tenantId, async (trx) => {
      await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
      const { rows: found } = await sql<{ tile: Uint8Array | null }>`
        select ST_AsMVT(q, 'sites', 4096, 'geom', 'id') as tile from (
          select id, id_unique, site_name, status, suitability_assessment_result, size_ha::float8 as size_ha,
            optimised_unit_capacity,
            ST_AsMVTGeom(geom_3857, ST_TileEnvelope(${z}::int, ${x}::int, ${y}::int), 4096, 64, true) as geom
          from sites where scenario_name = 'Base' and not is_deleted
            and geom_3857 && ST_TileEnvelope(${z}::int, ${x}::int, ${y}::int)) q
        where geom is not null`.execute(trx);
      return found[0]?.tile?.length ?? 0;
    });

  for (const z of [14, 12, 10, 8]) {
    const aggregated = z <= SITE_TILE.clusterMaxZoom;
    console.log(
      `Tiles z${z}${aggregated ? ' (the endpoint sends counted points per grid cell here; the bare query still encodes every polygon)' : ''}`,
    );
    const { cx, cy, tiles, what, label } = await tilesAround(z);
    console.log(`  ${what}`);
    const endpoint: number[] = [];
    const bare: number[] = [];
    let endpointBytes = 0;
    let bareBytes = 0;
    if (aggregated) {
      // Overview tiles are summed from base cells counted once per data version: count them
      // before timing, as any tile after the first would find them.
      await serveSiteTile(database, tenantId, { z, x: cx, y: cy, layer: 'sites', filters: [] });
      await siteCellsSettled(database);
    }
    for (let i = 0; i < WARM_UP + runs; i += 1) {
      const tile = tiles[i % tiles.length]!;
      clearTileCache(database);
      const [took, served] = await time(() =>
        serveSiteTile(database, tenantId, { z, ...tile, layer: 'sites', filters: [] }),
      );
      if (i >= WARM_UP) endpoint.push(took);
      const centreTile = tile.x === cx && tile.y === cy;
      if (centreTile) endpointBytes = served.body?.byteLength ?? 0;
      // Every polygon of an overview tile takes seconds at 1,000,000 sites: 10 runs are enough there.
      if (driver === 'postgres' && i < WARM_UP + (aggregated ? Math.min(runs, 10) : runs)) {
        const [bareMs, length] = await time(() => bareTile(z, tile.x, tile.y));
        if (i >= WARM_UP) bare.push(bareMs);
        if (centreTile) bareBytes = length;
      }
    }
    const e = stats(endpoint);
    const b = bare.length > 0 ? stats(bare) : null;
    report({
      measure: `z${z} tile, serveSiteTile, ${aggregated ? 'counted points per cell' : 'polygons'} (${label})`,
      median: ms(e.median),
      p95: ms(e.p95),
      bytes: kib(endpointBytes),
      bare: b
        ? `${ms(b.median)} / ${ms(b.p95)} (${kib(bareBytes)}${aggregated ? `, all polygons, ${bare.length} runs` : ''})`
        : 'n/a',
      ratio: b ? `${(e.median / b.median).toFixed(2)}${aggregated ? ' (not like for like)' : ''}` : 'n/a',
    });

    if (z === 10) {
      // The overview after any change to the sites (the base cells are counted again in the
      // background; this tile groups its own sites' kept cells), and an overview with a filter
      // (the matching sites are grouped directly, no pre-aggregation).
      const rebuilt: number[] = [];
      const filtered: number[] = [];
      const status: SearchFilter[] = [
        { type: 'checkboxesList', dbPropertyName: 'status', value: ['Submitted', 'Assessed'] },
      ];
      const some = Math.min(runs, 10);
      for (let i = 0; i < some; i += 1) {
        // A count still running would refill the cells just cleared.
        await siteCellsSettled(database);
        clearTileCache(database, { cells: true });
        const [r] = await time(() =>
          serveSiteTile(database, tenantId, { z, x: cx, y: cy, layer: 'sites', filters: [] }),
        );
        rebuilt.push(r);
        await siteCellsSettled(database);
        clearTileCache(database);
        const [f] = await time(() =>
          serveSiteTile(database, tenantId, { z, x: cx, y: cy, layer: 'sites', filters: status }),
        );
        filtered.push(f);
      }
      const r = stats(rebuilt);
      const f = stats(filtered);
      report({
        measure: `z10 centre tile, first after a change (base cells recounted behind it; ${some} runs)`,
        median: ms(r.median),
        p95: ms(r.p95),
      });
      report({
        measure: `z10 centre tile with a status filter (groups matching sites; ${some} runs)`,
        median: ms(f.median),
        p95: ms(f.p95),
      });
    }
  }

  // -------------------------------------------------------------------------------------------
  // 2d. The whole HTTP layer: the real app through fastify.inject, signed in as the council's
  // admin (tenant lookup, session, access check, validation, headers), z14 around the centre.
  console.log('HTTP');
  const { app, headers, close: closeApp } = await startBenchApp(database);
  try {
    const z = 14;
    const { cx, cy, tiles, what, label } = await tilesAround(z);
    console.log(`  ${what}`);
    const get = (x: number, y: number) =>
      app.inject({ method: 'GET', url: `/api/v1/vector-tiles/sites/${z}/${x}/${y}`, headers });
    // Interleaved per tile: through HTTP, serveSiteTile alone, and the bare query.
    const viaHttp: number[] = [];
    const direct: number[] = [];
    const bare: number[] = [];
    let bytes = 0;
    for (let i = 0; i < WARM_UP + runs; i += 1) {
      const tile = tiles[i % tiles.length]!;
      clearTileCache(database);
      const [took, response] = await time(() => get(tile.x, tile.y));
      if (response.statusCode !== 200 && response.statusCode !== 204) {
        throw new Error(`tile ${z}/${tile.x}/${tile.y}: ${response.statusCode} ${response.body}`);
      }
      if (tile.x === cx && tile.y === cy) bytes = response.rawPayload.byteLength;
      clearTileCache(database);
      const [directMs] = await time(() =>
        serveSiteTile(database, tenantId, { z, ...tile, layer: 'sites', filters: [] }),
      );
      if (i >= WARM_UP) {
        viaHttp.push(took);
        direct.push(directMs);
      }
      if (driver === 'postgres') {
        const [bareMs] = await time(() => bareTile(z, tile.x, tile.y));
        if (i >= WARM_UP) bare.push(bareMs);
      }
    }
    const h = stats(viaHttp);
    const d = stats(direct);
    const b = bare.length > 0 ? stats(bare) : null;
    report({
      measure: `z14 tile, GET /api/v1/vector-tiles/sites/14/x/y via app.inject, signed in (${label})`,
      median: ms(h.median),
      p95: ms(h.p95),
      bytes: kib(bytes),
      bare: b ? `${ms(b.median)} / ${ms(b.p95)}` : 'n/a',
      ratio: b ? (h.median / b.median).toFixed(2) : 'n/a',
    });
    report({
      measure: 'z14 tile, serveSiteTile, interleaved with the HTTP runs above',
      median: ms(d.median),
      p95: ms(d.p95),
      bare: b ? 'as above' : 'n/a',
      ratio: b ? (d.median / b.median).toFixed(2) : 'n/a',
    });

    // What the HTTP layer costs on its own: a tile far from every site (z14 0/0, 204 No Content),
    // still through tenant lookup, session, access check and the tile's own transaction.
    const empty: number[] = [];
    for (let i = 0; i < WARM_UP + runs; i += 1) {
      clearTileCache(database);
      const [took, response] = await time(() => get(0, 0));
      if (response.statusCode !== 204) throw new Error(`empty tile: ${response.statusCode}`);
      if (i >= WARM_UP) empty.push(took);
    }
    const none = stats(empty);
    report({
      measure: 'empty z14 tile (204) via app.inject: the HTTP, session and access overhead',
      median: ms(none.median),
      p95: ms(none.p95),
    });
  } finally {
    await closeApp();
  }
} finally {
  await database.close();
}

// ---------------------------------------------------------------------------------------------
// 3. Summary, to paste into a note.
const loadAfter = os.loadavg();
const cpus = os.cpus();
console.log(
  [
    '',
    `### ${driver === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}, ${count(sites)} sites${values.spread ? ' (spread)' : ''}`,
    '',
    `- driver: ${driver}${driver === 'postgres' ? ` (database ${databaseName})` : ''}; ${serverVersion}`,
    `- sites: ${count(sites)}${seedSeconds !== null ? `, seeded in ${seedSeconds.toFixed(1)} s` : ' (already seeded)'}`,
    `- runs: ${runs} timed after ${WARM_UP} warm-up; tiles rotate over the 3×3 around the centre, cache cleared each time`,
    `- machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}; Node ${process.version}`,
    `- load average (1 min) before/after: ${loadBefore[0]!.toFixed(2)} / ${loadAfter[0]!.toFixed(2)}`,
    ...(driver === 'postgres'
      ? [
          '- bare = plain ST_AsMVT over ST_AsMVTGeom of the sites meeting the tile (no filters, no parallel workers),',
          '  median / p95 ms and centre-tile size; ratio = endpoint median ÷ bare median. At z ≤ 11 the endpoint',
          '  sends counted points per grid cell (pre-aggregated), so those ratios are not like for like.',
        ]
      : ["- no bare query: PGlite's PostGIS has no ST_AsMVT (tiles are encoded in JavaScript)"]),
    '',
    '| measure | median ms | p95 ms | centre tile | bare median / p95 ms | ratio |',
    '| --- | --: | --: | --: | --: | --: |',
    ...rows.map((r) => `| ${r.measure} | ${r.median} | ${r.p95} | ${r.bytes} | ${r.bare} | ${r.ratio} |`),
    '',
  ].join('\n'),
);
