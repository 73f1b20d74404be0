// Site record benchmark (issue 11 point 7), run by hand (not a test; see bench/README.md):
//   npm run bench:site -- --sites 250000 --runs 50
// PostgreSQL only. Uses the database bench_<N> of `npm run bench` when it exists (seeding it when
// not), and leaves its sites as it found them: bulk-deleted sites are restored, bulk tags removed.
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import type { SearchFilter } from '@planning/shared';
import { openDatabase } from '../apps/server/src/db/database';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { demoDistrict } from '../apps/server/src/modules/sites/sites.generator';
import { BENCH_TENANT, count, ms, seedBenchCouncil, startBenchApp, stats, time } from './common';

const { values } = parseArgs({
  options: {
    sites: { type: 'string', default: '250000' },
    runs: { type: 'string', default: '50' },
    bulk: { type: 'string', default: '10000' },
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
});
const sites = Number(values.sites);
const runs = Number(values.runs);
const bulkSize = Number(values.bulk);
for (const [name, n] of [
  ['--sites', sites],
  ['--runs', runs],
  ['--bulk', bulkSize],
] as const) {
  if (!Number.isInteger(n) || n < 1) {
    console.error(`${name} takes a whole number of at least 1`);
    process.exit(2);
  }
}
const WARM_UP = 3;
/** Edits per sampled site: enough that every page read below has a full first page of history. */
const EDITS_PER_SITE = 25;
const BULK_RUNS = 5;
const serverUrl = values.url.replace(/\/+$/, '');
const databaseName = `bench_${sites}`;

// The benchmark's own database, made when missing (never dropped here: `npm run bench` owns that).
const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
await admin.connect();
const exists = (await admin.query('select 1 from pg_database where datname = $1', [databaseName])).rowCount;
if (!exists) await admin.query(`create database ${databaseName}`);
await admin.end();
console.log(`PostgreSQL database ${databaseName}${exists ? ' (kept)' : ' (new)'}`);
const database = await openDatabase({ kind: 'postgres', url: `${serverUrl}/${databaseName}` });
const owner = new pg.Client({ connectionString: `${serverUrl}/${databaseName}` });
await owner.connect();

type Row = { measure: string; median: string; p95: string; target: string };
const rows: Row[] = [];
function report(measure: string, samples: number[], target: string) {
  const { median, p95 } = stats(samples);
  rows.push({ measure, median: ms(median), p95: ms(p95), target });
  console.log(`  ${measure}: median ${ms(median)} ms, p95 ${ms(p95)} ms (${target})`);
}
const loadBefore = os.loadavg();

try {
  const { tenantId, present } = await seedBenchCouncil(database, sites, {
    ...demoDistrict,
    name: BENCH_TENANT,
  });
  await owner.query('vacuum analyze sites');
  await owner.query('vacuum analyze site_history');
  const [versionRow] = (await owner.query('select version() as v, postgis_lib_version() as g')).rows as {
    v: string;
    g: string;
  }[];

  // Spread over the whole id range, so the sites read are not all in cache together.
  const liveIds = (offset: number, limit: number, step: number) =>
    withTenant(database.db, tenantId, async (trx) => {
      const { rows: found } = await sql<{ id: string }>`
        select id::text as id from (
          select id, row_number() over (order by id) as n from sites
          where scenario_name = 'Base' and not is_deleted) numbered
        where (n - 1) % ${step} = 0 order by id offset ${offset} limit ${limit}`.execute(trx);
      return found.map((row) => row.id);
    });
  const sampled = await liveIds(0, WARM_UP + runs, Math.floor(present / (WARM_UP + runs + 1)));
  const { app, headers, close } = await startBenchApp(database);
  const call = async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
    const response = await app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object });
    if (response.statusCode >= 400)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response;
  };

  try {
    // ---------------------------------------------------------------------------------------
    // 1. Inline edit round trip: PUT /site/{id} with the version read before (the officer's
    // edit: checked against the dictionary, written with its EDIT history row, data version
    // bumped), one after another on each sampled site.
    console.log(`Inline edits (${EDITS_PER_SITE} per site on ${count(sampled.length)} sites)`);
    const edits: number[] = [];
    for (const [index, id] of sampled.entries()) {
      let site = (await call('GET', `/site/${id}`)).json<{
        version: number;
        properties: { site_name: string };
      }>();
      const name = site.properties.site_name.replace(/ \(edit \d+\)$/, '');
      for (let n = 1; n <= EDITS_PER_SITE; n += 1) {
        const [took, response] = await time(() =>
          call('PUT', `/site/${id}`, {
            column_name_raw: 'site_name',
            new_value: `${name} (edit ${n})`,
            version: site.version,
          }),
        );
        site = response.json<{ site: typeof site }>().site;
        if (index >= WARM_UP) edits.push(took);
      }
    }
    report('inline edit round trip, PUT /site/{id} (write, history row, data version)', edits, 'p95 < 30 ms');

    // ---------------------------------------------------------------------------------------
    // 2. Site page data: GET /site/v2/{id} (every field, tags, outline, first 20 history items)
    // and the council's Site features config, as the page asks for them together.
    console.log('Site page');
    const pages: number[] = [];
    const pageOnly: number[] = [];
    for (const [index, id] of sampled.entries()) {
      const [took, answers] = await time(() =>
        Promise.all([call('GET', `/site/v2/${id}`), call('GET', '/configs/site-features')]),
      );
      const page = answers[0].json<{ history: { items: unknown[] } }>();
      if (page.history.items.length !== 20) {
        throw new Error(`site ${id}: ${page.history.items.length} history items, not 20`);
      }
      const [alone] = await time(() => call('GET', `/site/v2/${id}`));
      if (index >= WARM_UP) {
        pages.push(took);
        pageOnly.push(alone);
      }
    }
    report('site page data, GET /site/v2/{id} + GET /configs/site-features together', pages, 'p95 < 50 ms');
    report('GET /site/v2/{id} alone (site, features, first 20 history items)', pageOnly, 'p95 < 50 ms');

    // ---------------------------------------------------------------------------------------
    // 3. After an edit, the next search and the next tile show it.
    const [probe] = sampled;
    const { lon, lat } = await withTenant(database.db, tenantId, async (trx) => {
      const { rows: at } = await sql<{ lon: number; lat: number }>`
        select ST_X(c) as lon, ST_Y(c) as lat
        from (select ST_Transform(ST_PointOnSurface(geom), 4326) as c from sites where id = ${probe}) p`.execute(
        trx,
      );
      return at[0]!;
    });
    const z = 14;
    const x = Math.floor(((lon + 180) / 360) * 2 ** z);
    const rad = (lat * Math.PI) / 180;
    const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z);
    const tileTag = async () => (await call('GET', `/vector-tiles/sites/${z}/${x}/${y}`)).headers.etag;
    const before = await tileTag();
    const current = (await call('GET', `/site/${probe}`)).json<{ version: number }>();
    const marker = `Bench marker ${Date.now()}`;
    await call('PUT', `/site/${probe}`, {
      column_name_raw: 'site_name',
      new_value: marker,
      version: current.version,
    });
    const after = await tileTag();
    const filters: SearchFilter[] = [{ type: 'text', dbPropertyName: 'site_name', value: marker }];
    const found = (
      await call('POST', '/search/site/flexible', { filters, attributes: ['site_name'], limit: 10 })
    ).json<{ total: number; sites: { id: string }[] }>();
    const freshTile = before !== after;
    const freshSearch = found.total === 1 && found.sites[0]?.id === probe;
    console.log(
      `  after an edit: z14 tile ETag ${freshTile ? 'changed' : 'UNCHANGED'}; search by the new name ${freshSearch ? 'finds it' : 'DOES NOT find it'}`,
    );

    // ---------------------------------------------------------------------------------------
    // 4. Bulk actions on `bulkSize` selected sites: tag (POST /tag/bulk) and delete (DELETE /site).
    // Each run takes another slice of sites; deleted sites are restored afterwards, as the owner.
    console.log(`Bulk (${count(bulkSize)} sites, ${BULK_RUNS} runs each)`);
    const tagged: number[] = [];
    const deleted: number[] = [];
    const tagNames: string[] = [];
    try {
      for (let run = 0; run < BULK_RUNS; run += 1) {
        const ids = (await liveIds(run * bulkSize, bulkSize, 1)).map(Number);
        const tag = `bench-bulk-${run}-${Date.now()}`;
        tagNames.push(tag);
        const [tagMs] = await time(() => call('POST', '/tag/bulk', { ids, tag }));
        tagged.push(tagMs);
        const [deleteMs, response] = await time(() => call('DELETE', '/site', { ids }));
        if (response.json<{ deleted: number }>().deleted !== ids.length)
          throw new Error('bulk delete fell short');
        deleted.push(deleteMs);
        await owner.query('update sites set is_deleted = false where id = any($1::bigint[])', [ids]);
      }
    } finally {
      // Their site_tags rows go with them (on delete cascade).
      await owner.query('delete from tags where tag_name = any($1::text[])', [tagNames]);
    }
    report(`bulk tag of ${count(bulkSize)} sites, POST /tag/bulk`, tagged, '< 2 s');
    report(`bulk delete of ${count(bulkSize)} sites, DELETE /site`, deleted, '< 2 s');

    const loadAfter = os.loadavg();
    const cpus = os.cpus();
    console.log(
      [
        '',
        `### Site record, PostgreSQL, ${count(present)} sites (database ${databaseName})`,
        '',
        `- ${versionRow?.v.split(' on ')[0] ?? '?'}, PostGIS ${versionRow?.g ?? '?'}`,
        `- ${runs} sites timed after ${WARM_UP} warm-up, ${EDITS_PER_SITE} edits each; bulk ${BULK_RUNS} runs`,
        `- machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB; Node ${process.version}`,
        `- load average (1 min) before/after: ${loadBefore[0]!.toFixed(2)} / ${loadAfter[0]!.toFixed(2)}`,
        `- after an edit: next z14 tile ${freshTile ? 'changed' : 'unchanged'}, next search ${freshSearch ? 'finds it' : 'misses it'}`,
        '',
        '| measure | median ms | p95 ms | target |',
        '| --- | --: | --: | --- |',
        ...rows.map((r) => `| ${r.measure} | ${r.median} | ${r.p95} | ${r.target} |`),
        '',
      ].join('\n'),
    );
  } finally {
    await close();
  }
} finally {
  await owner.end();
  await database.close();
}
