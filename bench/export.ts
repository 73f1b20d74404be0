// Data export benchmark (issue 12 point 7), run by hand (not a test; see bench/README.md):
//   npm run bench:export -- --driver embedded --sites 20000
//   npm run bench:export -- --driver postgres --sites 250000 --formats gpkg,csv
// Times PUT /site/export through the real app (the background job it starts above the sync
// threshold, until the file is in the exports bucket) and samples the process's resident memory
// meanwhile, for growing shares of the council's sites, so flat memory shows as flat numbers.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { exportFileTypes, type ExportFileType, type SiteExportRequest } from '@planning/shared';
import { openDatabase, type AppDatabase } from '../apps/server/src/db/database';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { demoDistrict } from '../apps/server/src/modules/sites/sites.generator';
import { BENCH_TENANT, count, seedBenchCouncil, startBenchApp } from './common';

const { values } = parseArgs({
  options: {
    driver: { type: 'string', default: 'embedded' },
    sites: { type: 'string', default: '20000' },
    formats: { type: 'string', default: exportFileTypes.join(',') },
    /** Shares of the sites exported, smallest first (memory must not grow with them). */
    steps: { type: 'string', default: '0.25,0.5,1' },
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
});
const driver = values.driver;
if (driver !== 'postgres' && driver !== 'embedded') {
  console.error('--driver is postgres or embedded');
  process.exit(2);
}
const sites = Number(values.sites);
const formats = values.formats.split(',') as ExportFileType[];
const steps = values.steps.split(',').map(Number);
if (!Number.isInteger(sites) || sites < 1 || formats.some((f) => !exportFileTypes.includes(f))) {
  console.error(`--sites takes a whole number; --formats some of ${exportFileTypes.join(',')}`);
  process.exit(2);
}
const FIELDS = [
  'site_name',
  'helaa_reference',
  'size_ha',
  'suitable_area',
  'optimised_unit_capacity',
  'suitability_assessment_result',
  'accessibility_band',
  'availability_time_period',
  'ward',
  'parish',
  'status',
  'assessment_date',
  'constraints',
  'tags',
];

async function open(): Promise<AppDatabase> {
  if (driver === 'embedded') {
    const dataDir = path.join(import.meta.dirname, '.data', `pglite_${sites}`);
    console.log(`PGlite in ${path.relative(process.cwd(), dataDir)} (kept between runs)`);
    return openDatabase({ kind: 'embedded', dataDir });
  }
  const serverUrl = values.url.replace(/\/+$/, '');
  const name = `bench_${sites}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  console.log(`PostgreSQL database ${name}${exists ? ' (kept)' : ' (new)'}`);
  return openDatabase({ kind: 'postgres', url: `${serverUrl}/${name}` });
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

const database = await open();
const storageDir = await mkdtemp(path.join(os.tmpdir(), 'planning-bench-export-'));
type Row = {
  format: string;
  sites: number;
  seconds: number;
  peakMb: number;
  growthMb: number;
  heapMb: number;
  fileMb: number;
};
const rows: Row[] = [];
try {
  const { tenantId, present } = await seedBenchCouncil(database, sites, {
    ...demoDistrict,
    name: BENCH_TENANT,
  });
  const ids = await withTenant(database.db, tenantId, async (trx) => {
    const { rows: found } = await sql<{ id: string }>`select id::text as id from sites
      where scenario_name = 'Base' and not is_deleted order by sites.id`.execute(trx);
    return found.map((row) => row.id);
  });
  const bench = await startBenchApp(database, { STORAGE_DIR: storageDir });
  try {
    // GDAL starts once per process: a first small export pays for it outside the measures.
    await runExport(bench.app, bench.headers, { site_ids: ids.slice(0, 3), file_type: 'gpkg' });
    for (const format of formats) {
      for (const share of steps) {
        const n = Math.max(1, Math.round(present * share));
        // Keep the first n ids: each larger export is a superset of the smaller.
        const body: SiteExportRequest = {
          site_ids: ids.slice(0, n),
          file_type: format,
          selected_fields: FIELDS,
          geometry_column: 'wkb_geometry',
        };
        global.gc?.();
        const before = process.memoryUsage().rss;
        let peak = before;
        let heap = 0;
        const sampler = setInterval(() => {
          const usage = process.memoryUsage();
          peak = Math.max(peak, usage.rss);
          heap = Math.max(heap, usage.heapUsed);
        }, 25);
        const started = performance.now();
        const size = await runExport(bench.app, bench.headers, body);
        const seconds = (performance.now() - started) / 1000;
        clearInterval(sampler);
        peak = Math.max(peak, process.memoryUsage().rss);
        const row = {
          format,
          sites: n,
          seconds,
          peakMb: Number(mb(peak)),
          growthMb: Number(mb(peak - before)),
          heapMb: Number(mb(heap)),
          fileMb: size / 1024 / 1024,
        };
        rows.push(row);
        console.log(
          `  ${format} ${count(n)} sites: ${seconds.toFixed(1)} s, peak RSS ${row.peakMb} MB (+${row.growthMb} MB), peak JS heap ${row.heapMb} MB, file ${row.fileMb.toFixed(1)} MB`,
        );
      }
    }
  } finally {
    await bench.close();
  }
} finally {
  await database.close();
  await rm(storageDir, { recursive: true, force: true });
}

console.log(
  `\n### ${driver === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}, exports of up to ${count(sites)} sites\n`,
);
console.log(
  '| Format | Sites | Time (s) | Peak RSS (MB) | RSS growth (MB) | Peak JS heap (MB) | File (MB) |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows)
  console.log(
    `| ${row.format} | ${count(row.sites)} | ${row.seconds.toFixed(1)} | ${row.peakMb} | ${row.growthMb} | ${row.heapMb} | ${row.fileMb.toFixed(1)} |`,
  );
console.log(
  `\n${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}, ${mb(os.totalmem())} MB, Node ${process.version}, load ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);

/** One export through the API, followed to its file; resolves with the file's size in bytes. */
async function runExport(
  app: Awaited<ReturnType<typeof startBenchApp>>['app'],
  headers: Record<string, string>,
  body: SiteExportRequest,
): Promise<number> {
  const answer = await app.inject({ method: 'PUT', url: '/api/v1/site/export', headers, payload: body });
  if (answer.statusCode === 200) return answer.rawPayload.length;
  if (answer.statusCode !== 202) throw new Error(`export failed: ${answer.statusCode} ${answer.body}`);
  const { jobId } = answer.json<{ jobId: string }>();
  const job = await app.jobs.waitFor(jobId, { timeoutMs: 30 * 60_000 });
  if (job.status !== 'succeeded') throw new Error(`export job ${job.status}: ${job.error ?? ''}`);
  const result = job.result as { stored: { size: number } };
  return result.stored.size;
}
